; An import statement in a traced function; whether its module is a lazy package, the program
; graph decides (#imports-replaced-module?). The break is on IMPORT_NAME, not on a call: Dynamo
; cannot resume there and runs the rest of the function eagerly (symbolic_convert.py's
; step_graph_break jumps back into the original bytecode), so nothing later in it breaks
; (diffusers' deprecate(): its warnings.warn after the import runs eagerly in the 2.11 records).
((import_statement) @report
 (#imports-replaced-module? @report)
 (#in-compiled-region? @report)
 (#set! resumes "no"))

((import_from_statement) @report
 (#imports-replaced-module? @report)
 (#in-compiled-region? @report)
 (#set! resumes "no"))
