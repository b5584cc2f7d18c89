((call function: (attribute) @fn) @report
 (#eq? @fn "time.sleep")
 (#in-compiled-region? @report))
