((if_statement
   condition: (_) @report)
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))

((elif_clause
   condition: (_) @report)
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))

((while_statement
   condition: (_) @report)
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))

((conditional_expression
   (_) "if" . (_) @report . "else")
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))

((if_clause
   (_) @report)
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))
