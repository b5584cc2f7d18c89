((call
   function: [(identifier) (attribute)] @fn) @report
 (#resolves-to? @fn "builtins.breakpoint" "pdb.set_trace" "pdb.post_mortem" "ipdb.set_trace"
                    "pudb.set_trace" "code.interact")
 (#in-compiled-region? @report))
