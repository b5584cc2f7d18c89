((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value .)) @report
 (#resolves-to? @fn "builtins.bool")
 (#is-data-dependent? @value)
 (#in-compiled-region? @report))
