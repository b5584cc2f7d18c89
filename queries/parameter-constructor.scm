; nn.Parameter(...), and the torch.nn layers whose __init__ makes parameters, built in the region.
; Those built without weights (`affine=False`, `elementwise_affine=False`) are traced.
; In a compiled function, Dynamo resumes after each break.
((call
   function: [(identifier) (attribute)] @ctor
   arguments: (argument_list) @args) @report
 (#resolves-to? @ctor "torch.nn.Parameter" "torch.nn.parameter.Parameter"
   "torch.nn.Linear" "torch.nn.Bilinear" "torch.nn.LazyLinear"
   "torch.nn.Conv1d" "torch.nn.Conv2d" "torch.nn.Conv3d"
   "torch.nn.ConvTranspose1d" "torch.nn.ConvTranspose2d" "torch.nn.ConvTranspose3d"
   "torch.nn.Embedding" "torch.nn.EmbeddingBag"
   "torch.nn.LayerNorm" "torch.nn.RMSNorm" "torch.nn.GroupNorm"
   "torch.nn.BatchNorm1d" "torch.nn.BatchNorm2d" "torch.nn.BatchNorm3d" "torch.nn.SyncBatchNorm"
   "torch.nn.PReLU" "torch.nn.MultiheadAttention"
   "torch.nn.LSTMCell" "torch.nn.GRUCell" "torch.nn.RNNCell")
 (#not-match? @args "affine\\s*=\\s*False")
 (#not-in-init? @report)
 (#in-compiled-region? @report))

; In the `__init__` of a module built in the region, the first break is the last: Dynamo then runs
; that `__init__` as a frame of its own, breaks at its `super().__init__()` on a module not yet
; initialized (GB0119) and runs the rest of it eagerly, so no later line of it breaks.
((call
   function: [(identifier) (attribute)] @ctor
   arguments: (argument_list) @args) @report
 (#resolves-to? @ctor "torch.nn.Parameter" "torch.nn.parameter.Parameter"
   "torch.nn.Linear" "torch.nn.Bilinear" "torch.nn.LazyLinear"
   "torch.nn.Conv1d" "torch.nn.Conv2d" "torch.nn.Conv3d"
   "torch.nn.ConvTranspose1d" "torch.nn.ConvTranspose2d" "torch.nn.ConvTranspose3d"
   "torch.nn.Embedding" "torch.nn.EmbeddingBag"
   "torch.nn.LayerNorm" "torch.nn.RMSNorm" "torch.nn.GroupNorm"
   "torch.nn.BatchNorm1d" "torch.nn.BatchNorm2d" "torch.nn.BatchNorm3d" "torch.nn.SyncBatchNorm"
   "torch.nn.PReLU" "torch.nn.MultiheadAttention"
   "torch.nn.LSTMCell" "torch.nn.GRUCell" "torch.nn.RNNCell")
 (#not-match? @args "affine\\s*=\\s*False")
 (#in-init? @report)
 (#in-compiled-region? @report)
 (#set! resumes "no"))
