; A comparison involving the data_ptr() of something that is not a `self.` attribute chain.
((comparison_operator
   (call
     function: (attribute
       object: (_) @obj
       attribute: (identifier) @method))) @report
 (#eq? @method "data_ptr")
 (#not-match? @obj "^self\\.")
 (#in-compiled-region? @report))

((call
   function: (attribute
     object: (call function: (attribute attribute: (identifier) @storage))
     attribute: (identifier) @method)) @report
 (#any-of? @storage "untyped_storage" "storage" "_storage")
 (#eq? @method "data_ptr")
 (#in-compiled-region? @report))
