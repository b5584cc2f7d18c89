((call
   function: (attribute) @fn
   arguments: (argument_list . (_) . (_) @repeats) @args) @report
 (#resolves-to? @fn "torch.repeat_interleave")
 (#is-tensor? @repeats)
 (#not-match? @args "output_size\\s*=")
 (#in-compiled-region? @report))

((call
   function: (attribute object: (_) @obj attribute: (identifier) @method)
   arguments: (argument_list . (_) @repeats) @args) @report
 (#eq? @method "repeat_interleave")
 (#not-match? @obj "^(torch|np|numpy)$")
 (#is-tensor? @repeats)
 (#not-match? @args "output_size\\s*=")
 (#in-compiled-region? @report))
