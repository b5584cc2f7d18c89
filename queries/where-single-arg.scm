((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @cond .)) @report
 (#resolves-to? @fn "torch.where")
 (#not-match? @cond "^\\*")
 (#in-compiled-region? @report))
