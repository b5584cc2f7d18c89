((call
   function: (identifier) @fn
   arguments: (argument_list . (_) @value .)) @report
 (#resolves-to? @fn "builtins.str" "builtins.repr")
 (#is-tensor? @value)
 (#in-compiled-region? @report))

; A string formatted from a tensor (`s = f"mean={m}"`) is fine while only stored; using it in the
; region breaks there: a comparison or containment test (`if "nan" in s:`), or a string method.
((comparison_operator (identifier) @text) @report
 (#is-tensor-string? @text)
 (#in-compiled-region? @report))

((call
   function: (attribute object: (identifier) @text)) @report
 (#is-tensor-string? @text)
 (#in-compiled-region? @report))
