;; A name holding a value read out of tensor data (`n = x.item()`, `k = int(x.max())`) is a
;; Python number in the frame Dynamo resumes after that read broke the graph: using it here
;; is no second break.
;; unless: capture_scalar_outputs
((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value .)) @report
 (#resolves-to? @fn "builtins.int" "builtins.float")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report))

((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value)) @report
 (#resolves-to? @fn "builtins.complex")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report))
