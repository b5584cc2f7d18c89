;; A name holding a value read out of tensor data (`n = x.item()`, `k = int(x.max())`) is a
;; Python number in the frame Dynamo resumes after that read broke the graph: using it here
;; is no second break.
((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @value)) @report
 (#resolves-to? @fn "math.*")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report))
