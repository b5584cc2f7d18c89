; A slice bound computed from tensor data: `x[:n]`, `x[:, :lengths.max()]`.
((subscript
   subscript: (slice (_) @bound)) @report
 (#is-data-dependent? @bound)
 (#in-compiled-region? @report))

; A 0-d tensor picked out of an index tensor: `x[idx[0]]`.
((subscript
   subscript: (subscript
     value: (_) @index
     subscript: (integer))) @report
 (#is-tensor? @index)
 (#in-compiled-region? @report))

; A Python sequence (static value) indexed by a tensor: `self.scales[pred]`.
((subscript
   value: (_) @seq
   subscript: (_) @index) @report
 (#is-static? @seq)
 (#is-tensor? @index)
 (#in-compiled-region? @report))
