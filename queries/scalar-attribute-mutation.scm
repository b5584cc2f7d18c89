; `self.attr += <number or name>` (augmented assignment on an attribute of self).
((augmented_assignment
   left: (attribute object: (identifier) @obj)
   right: [(integer) (float) (identifier) (attribute) (unary_operator)]) @report
 (#eq? @obj "self")
 (#in-compiled-region? @report))

; `NAME += ...` on a name declared `global` earlier in the same block.
((expression_statement
   (augmented_assignment left: (identifier) @name) @report)
 (#declared-global-earlier-in-block? @report @name)
 (#in-compiled-region? @report))
