; `torch._dynamo.graph_break()`, or `graph_break()` imported from torch._dynamo.
((call
   function: [(identifier) (attribute)] @fn) @report
 (#match? @fn "^((torch\\.)?_dynamo\\.)?graph_break$")
 (#in-compiled-region? @report))
