; `self.<attr> = self.<buffer>.to(...)` (or another method that may hand the same tensor back)
; where `self.<buffer>` holds an nn.Buffer object. (`self.<attr> = nn.Buffer(...)` breaks the same
; way but is not reported yet: see the rule's rationale.)
((assignment
   left: (attribute object: (identifier) @self)
   right: (call
     function: (attribute
       object: (attribute) @buffer
       attribute: (identifier) @method))) @report
 (#eq? @self "self")
 (#any-of? @method "to" "float" "type_as" "contiguous")
 (#is-buffer-object? @buffer)
 (#in-compiled-region? @report))
