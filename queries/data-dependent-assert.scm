; The message is not a plain string literal (f-strings and other expressions are reported).
((assert_statement
   . (_) @report
   . (_) @message)
 (#not-match? @message "^[rRbBuU]{0,2}[\"']")
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))

; A message built from a string literal: `"... %s" % (...)`, `"...".format(...)`, `"a" + str(n)`
; (measured on torch 2.13: these break like an f-string; a plain literal does not).
((assert_statement
   . (_) @report
   . [(binary_operator left: [(string) (concatenated_string)])
      (call function: (attribute object: [(string) (concatenated_string)]))] @message)
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))
