((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @arg)) @report
 (#resolves-to? @fn "copy.deepcopy")
 (#not-match? @arg "^([A-Z][A-Z0-9_]*|[\\[{(].*)$")
 (#in-compiled-region? @report))

((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "copy.copy")
 (#in-compiled-region? @report))
