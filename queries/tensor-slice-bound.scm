;; A name holding a value read out of tensor data (`n = x.item()`, `k = int(x.max())`) is a
;; Python number in the frame Dynamo resumes after that read broke the graph: using it here
;; is no second break. Under capture_scalar_outputs it stays symbolic (the `when:` copies).
; A slice bound computed from tensor data: `x[:n]`, `x[:, :lengths.max()]`. Python builds the
; slice (BUILD_SLICE) before indexing, and Dynamo cannot resume after a break there: it skips the
; rest of the function (measured on torch 2.13 and 2.14.1).
((subscript
   subscript: (slice (_) @bound)) @report
 (#is-data-dependent-test? @bound)
 (#in-compiled-region? @report)
 (#set! resumes "no"))

; A 0-d tensor picked out of an index tensor: `x[idx[0]]` (one integer index: `idx[:, 0]` is a
; column, advanced indexing).
((subscript
   subscript: (subscript
     value: (_) @index
     .
     subscript: (integer)
     .)) @report
 (#is-tensor? @index)
 (#in-compiled-region? @report))

; A Python sequence (static value) indexed by a tensor: `self.scales[pred]`.
((subscript
   value: (_) @seq
   subscript: (_) @index) @report
 (#is-static? @seq)
 (#is-tensor? @index)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((subscript
   subscript: (slice (_) @bound)) @report
 (#is-data-dependent? @bound)
 (#in-compiled-region? @report))
