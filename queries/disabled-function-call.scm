; `torch.compiler.disable(fn)` called inside the region.
((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "torch.compiler.disable" "torch._dynamo.disable")
 (#in-compiled-region? @report))
