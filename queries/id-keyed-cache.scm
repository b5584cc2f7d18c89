((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value .)) @report
 (#resolves-to? @fn "builtins.id")
 (#not-eq? @value "self")
 (#is-tensor? @value)
 (#in-compiled-region? @report))
