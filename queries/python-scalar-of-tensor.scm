;; unless: capture_scalar_outputs
((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value .)) @report
 (#resolves-to? @fn "builtins.int" "builtins.float")
 (#is-data-dependent? @value)
 (#in-compiled-region? @report))

((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value)) @report
 (#resolves-to? @fn "builtins.complex")
 (#is-data-dependent? @value)
 (#in-compiled-region? @report))
