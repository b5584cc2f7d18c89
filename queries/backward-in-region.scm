((call
   function: (attribute attribute: (identifier) @method)) @report
 (#eq? @method "backward")
 (#in-compiled-region? @report))

((call
   function: (attribute) @fn) @report
 (#match? @fn "^(torch\\.)?autograd\\.backward$")
 (#in-compiled-region? @report))
