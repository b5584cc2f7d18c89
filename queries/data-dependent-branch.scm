;; A branch on a name that holds x.item() is not a second break by default: Dynamo broke at the
;; .item() and the resumed frame sees a constant. Under capture_scalar_outputs the value stays
;; symbolic, and branching on it breaks (the `when:` patterns below).
((if_statement
   condition: (_) @report)
 (#is-data-dependent-test? @report)
 (#in-compiled-region? @report))

((elif_clause
   condition: (_) @report)
 (#is-data-dependent-test? @report)
 (#in-compiled-region? @report))

((while_statement
   condition: (_) @report)
 (#is-data-dependent-test? @report)
 (#in-compiled-region? @report))

((conditional_expression
   (_) "if" . (_) @report . "else")
 (#is-data-dependent-test? @report)
 (#in-compiled-region? @report))

((if_clause
   (_) @report)
 (#is-data-dependent-test? @report)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((if_statement
   condition: (_) @report)
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((elif_clause
   condition: (_) @report)
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((while_statement
   condition: (_) @report)
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((conditional_expression
   (_) "if" . (_) @report . "else")
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((if_clause
   (_) @report)
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))
