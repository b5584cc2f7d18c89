((call
   function: [(identifier) (attribute)] @fn) @report
 (#match? @fn "(?i)(^|[._])(bi)?(lstm|gru|rnn)s?(_?[0-9]+)?$")
 (#in-compiled-region? @report))

((call
   function: (call function: (attribute) @cls)) @report
 (#resolves-to? @cls "torch.nn.LSTM" "torch.nn.GRU" "torch.nn.RNN")
 (#in-compiled-region? @report))
