;; A name holding a value read out of tensor data (`n = x.item()`, `k = int(x.max())`) is a
;; Python number in the frame Dynamo resumes after that read broke the graph: using it here
;; is no second break. Under capture_scalar_outputs it stays symbolic (the `when:` copies).
((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value .)) @report
 (#resolves-to? @fn "builtins.bool")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value .)) @report
 (#resolves-to? @fn "builtins.bool")
 (#is-data-dependent? @value)
 (#in-compiled-region? @report))
