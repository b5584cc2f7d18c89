; By name, unless __init__ built it as another class (`self.gru = nn.GRUCell(...)` traces).
((call
   function: [(identifier) (attribute)] @fn) @report
 (#match? @fn "(?i)(^|[._])(bi)?(lstm|gru|rnn)s?(_?[0-9]+)?$")
 (#not-is-other-module? @fn)
 (#in-compiled-region? @report))

((call
   function: (call function: (attribute) @cls)) @report
 (#resolves-to? @cls "torch.nn.LSTM" "torch.nn.GRU" "torch.nn.RNN")
 (#in-compiled-region? @report))

; By type: `self.encoder` built as nn.LSTM in __init__ (whatever its name), or a helper's
; parameter its callers pass such a module to (`out, _ = encoder(x)` in `run_encoder`).
((call
   function: [(identifier) (attribute)] @fn) @report
 (#is-rnn-module? @fn)
 (#in-compiled-region? @report))

; Handing an RNN submodule to a helper breaks where it is passed (torch 2.13: the helper cannot
; be inlined; it then runs as a frame of its own and breaks again at the call inside).
((call
   arguments: (argument_list (attribute) @module)) @report
 (#is-rnn-module? @module)
 (#in-compiled-region? @report))
