((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "inspect.*")
 (#not-match? @fn "\\.(signature|is[a-z]+|getfullargspec|unwrap|Parameter|Signature|cleandoc)$")
 (#in-compiled-region? @report))
