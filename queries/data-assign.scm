((assignment
   left: (attribute
     object: (identifier) @obj
     attribute: (identifier) @attr)) @report
 (#eq? @attr "data")
 (#not-eq? @obj "self")
 (#is-tensor? @obj)
 (#in-compiled-region? @report))
