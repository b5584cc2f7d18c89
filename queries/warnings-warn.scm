((call
   function: [(identifier) (attribute)] @fn) @report
 (#resolves-to? @fn "warnings.warn" "warnings.warn_explicit")
 (#in-compiled-region? @report))
