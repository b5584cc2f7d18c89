((call function: (attribute) @fn) @report
 (#eq? @fn "time.sleep")
 (no_such_node))
