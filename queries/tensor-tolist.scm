((call
   function: (attribute
     object: (_) @obj
     attribute: (identifier) @method)
   arguments: (argument_list) @args) @report
 (#eq? @method "tolist")
 (#match? @args "^\\(\\s*\\)$")
 (#not-match? @obj "\\.numpy\\(\\s*\\)$")
 (#maybe-tensor? @obj)
 (#in-compiled-region? @report))
