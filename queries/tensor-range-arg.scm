((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list (_) @value)) @report
 (#resolves-to? @fn "builtins.range" "torch.arange" "torch.zeros" "torch.ones" "torch.empty"
                    "torch.randn" "torch.rand" "torch.linspace")
 (#not-match? @value "^[a-z_]+\\s*=")
 (#is-data-dependent? @value)
 (#in-compiled-region? @report))
