; `torch._dynamo.graph_break()`, however it was imported (`from torch._dynamo import graph_break`,
; `import torch._dynamo as dynamo`).
((call
   function: [(identifier) (attribute)] @fn) @report
 (#resolves-to? @fn "torch._dynamo.graph_break" "torch._dynamo.skip_frame"
                    "torch._dynamo.step_unsupported")
 (#in-compiled-region? @report))
