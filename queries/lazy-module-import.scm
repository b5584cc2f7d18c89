; An import statement in a traced function; whether its module is a lazy package, the program
; graph decides (#imports-replaced-module? defers the finding to it).
((import_statement) @report
 (#imports-replaced-module? @report)
 (#in-compiled-region? @report))

((import_from_statement) @report
 (#imports-replaced-module? @report)
 (#in-compiled-region? @report))
