; The message is not a plain string literal (f-strings and other expressions are reported).
((assert_statement
   . (_) @report
   . (_) @message)
 (#not-match? @message "^[rRbBuU]{0,2}[\"']")
 (#is-data-dependent? @report)
 (#in-compiled-region? @report))
