; `.numpy().tolist()` and `.numpy().astype(object / "O")` always break.
((call
   function: (attribute
     object: (call function: (attribute attribute: (identifier) @numpy))
     attribute: (identifier) @method)
   arguments: (argument_list) @args) @report
 (#eq? @numpy "numpy")
 (#any-of? @method "tolist" "item")
 (#in-compiled-region? @report))

((call
   function: (attribute
     object: (call function: (attribute attribute: (identifier) @numpy))
     attribute: (identifier) @method)
   arguments: (argument_list . (_) @dtype)) @report
 (#eq? @numpy "numpy")
 (#eq? @method "astype")
 (#match? @dtype "^(object|\"O\"|'O'|np\\.object_|numpy\\.object_)$")
 (#in-compiled-region? @report))

;; when: trace_numpy=false
((call
   function: (attribute attribute: (identifier) @method)
   arguments: (argument_list) @args) @report
 (#eq? @method "numpy")
 (#match? @args "^\\(\\s*(force\\s*=\\s*\\w+\\s*)?\\)$")
 (#in-compiled-region? @report))
