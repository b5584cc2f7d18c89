((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @value)) @report
 (#resolves-to? @fn "math.*")
 (#is-data-dependent? @value)
 (#in-compiled-region? @report))
