; A call of the builtin `print` (not a local function or import of that name).
((call
   function: (identifier) @fn) @report
 (#resolves-to? @fn "builtins.print")
 (#in-compiled-region? @report))
