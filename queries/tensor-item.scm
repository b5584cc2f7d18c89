; `<expr>.item()` with no arguments. Without type inference this is any `.item()` call, hence
; confidence "likely" (a dict's `.items()` does not match: the name must be exactly `item`).
((call
   function: (attribute attribute: (identifier) @method)
   arguments: (argument_list) @args) @report
 (#eq? @method "item")
 (#match? @args "^\\(\\s*\\)$")
 (#in-compiled-region? @report))
