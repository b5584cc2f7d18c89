; A call of a function decorated with (or rebound to) torch.compiler.disable / torch._dynamo.disable.
((call) @report
 (#calls-disabled? @report)
 (#in-compiled-region? @report))

; `torch.compiler.disable(fn)` called inside the region.
((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "torch.compiler.disable" "torch._dynamo.disable")
 (#in-compiled-region? @report))
