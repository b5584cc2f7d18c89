 ((assignment
    left: (attribute attribute: (identifier) @attr)) @report
  (#eq? @attr "requires_grad")
  (#in-compiled-region? @report))

 ; `requires_grad_(False)` on a detached tensor is traced; `requires_grad_()`/`(True)` breaks.
((call
    function: (attribute attribute: (identifier) @method)
    arguments: (argument_list) @args) @report
  (#eq? @method "requires_grad_")
  (#not-match? @args "^\\(\\s*(requires_grad\\s*=\\s*)?False\\s*\\)$")
  (#in-compiled-region? @report))

 ((call
    function: (identifier) @fn
    arguments: (argument_list . (_) . (string) @attr)) @report
  (#eq? @fn "setattr")
  (#match? @attr "^[\"']requires_grad[\"']$")
  (#in-compiled-region? @report))
