((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "torch.nonzero" "torch.argwhere" "torch.unique" "torch.unique_consecutive"
                    "torch.masked_select" "torch.bincount" "torch.Tensor.nonzero"
                    "torch.Tensor.unique" "torch.Tensor.masked_select")
 (#in-compiled-region? @report))

; Method forms on tensors: `mask.nonzero(as_tuple=True)`, `labels.unique()`.
((call
   function: (attribute
     object: (_) @obj
     attribute: (identifier) @method)) @report
 (#any-of? @method "nonzero" "argwhere" "unique" "unique_consecutive" "masked_select" "bincount")
 (#not-match? @obj "^(torch|np|numpy)$")
 (#maybe-tensor? @obj)
 (#in-compiled-region? @report))
