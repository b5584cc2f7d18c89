((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @labels .)) @report
 (#resolves-to? @fn "torch.nn.functional.one_hot" "torch._C._nn.one_hot")
 (#not-match? @labels "^(num_classes\\s*=|\\*)")
 (#in-compiled-region? @report))
