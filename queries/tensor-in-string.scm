((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value .)) @report
 (#resolves-to? @fn "builtins.str" "builtins.repr")
 (#is-tensor? @value)
 (#in-compiled-region? @report))
