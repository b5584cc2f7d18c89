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

 ; A torch function creating a tensor with `requires_grad=True` (GB0225; measured on 2.13:
 ; zeros, zeros_like, tensor, randn, full, arange, empty, linspace), also through a value that
 ; is true in the traced mode (`requires_grad=self.training` in a train run: MaskFormer).
((call
    function: (_) @fn
    arguments: (argument_list
      (keyword_argument name: (identifier) @kw value: (_) @value))) @report
  (#eq? @kw "requires_grad")
  (#resolves-to? @fn "torch.*")
  (#not-resolves-to? @fn "torch.nn.*")
  (#folds-true? @value)
  (#in-compiled-region? @report))
