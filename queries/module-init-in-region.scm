; `super().__init__()` of a module class whose `__init__` runs in the region and breaks later on
; (it builds a layer with weights, UO006's break). After that break Dynamo runs the `__init__` as
; a frame of its own, whose first step hands `super().__init__()` a module not yet initialized
; (GB0119). The constructors are those of parameter-constructor.scm; both `super().__init__()` and
; the construction are statements of the `__init__`'s own body (`self.query = nn.Linear(...)`).
((function_definition
   name: (identifier) @name
   body: (block
     (expression_statement
       (call
         function: (attribute
           object: (call function: (identifier) @super)
           attribute: (identifier) @init)) @report)
     (expression_statement
       (assignment
         right: (call
           function: [(identifier) (attribute)] @ctor
           arguments: (argument_list) @args)))))
 (#eq? @name "__init__")
 (#eq? @super "super")
 (#eq? @init "__init__")
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
 (#in-compiled-region? @report))
