((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @arg)) @report
 (#resolves-to? @fn "copy.deepcopy")
 (#is-tensor? @arg)
 (#in-compiled-region? @report))

; A submodule or tensor attribute: `copy.deepcopy(self.head)`.
((call
   function: (attribute) @fn
   arguments: (argument_list . (attribute object: (identifier) @self))) @report
 (#resolves-to? @fn "copy.deepcopy")
 (#eq? @self "self")
 (#in-compiled-region? @report))

((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "copy.copy")
 (#in-compiled-region? @report))
