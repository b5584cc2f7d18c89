; `tuple(x.shape)` / `tuple(x.size())` assigned to a name (a key in the making).
((assignment
   left: (identifier) @name
   right: (call
     function: (identifier) @fn
     arguments: (argument_list . [(attribute attribute: (identifier) @shape)
                                  (call function: (attribute attribute: (identifier) @shape))] .))) @report
 (#eq? @fn "tuple")
 (#any-of? @shape "shape" "size")
 (#match? @name "(?i)key")
 (#in-compiled-region? @report))

; A tuple of names tested for membership in a module-level (upper-case) table.
((comparison_operator
   (tuple) @key
   (identifier) @table) @report
 (#match? @table "^_?[A-Z][A-Z0-9_]*$")
 (#in-compiled-region? @report))
