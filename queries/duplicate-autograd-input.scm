; `Fn.apply(mask, mask, ...)` or `Fn.apply(self.mask, self.mask, ...)`: one tensor for two inputs
; of a custom autograd.Function.
((call
   function: (attribute object: (identifier) @cls attribute: (identifier) @method)
   arguments: (argument_list [(identifier) (attribute)] @first [(identifier) (attribute)] @second)) @report
 (#eq? @method "apply")
 (#eq? @first @second)
 (#is-autograd-function? @cls)
 (#is-tensor? @first)
 (#in-compiled-region? @report))
