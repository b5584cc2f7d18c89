; `Fn.apply(mask, mask, ...)`: one tensor for two inputs of a custom autograd.Function.
((call
   function: (attribute object: (identifier) @cls attribute: (identifier) @method)
   arguments: (argument_list (identifier) @first (identifier) @second)) @report
 (#eq? @method "apply")
 (#eq? @first @second)
 (#is-autograd-function? @cls)
 (#is-tensor? @first)
 (#in-compiled-region? @report))

; The same attribute twice: `Fn.apply(self.mask, self.mask, ...)`.
((call
   function: (attribute object: (identifier) @cls attribute: (identifier) @method)
   arguments: (argument_list (attribute) @first (attribute) @second)) @report
 (#eq? @method "apply")
 (#eq? @first @second)
 (#is-autograd-function? @cls)
 (#is-tensor? @first)
 (#in-compiled-region? @report))
