((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "torch.autograd.grad")
 (#in-compiled-region? @report))
