; A call of the builtin `print`.
((call
   function: (identifier) @fn) @report
 (#eq? @fn "print")
 (#in-compiled-region? @report))
