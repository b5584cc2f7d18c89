;; A name holding a value read out of tensor data (`n = x.item()`, `k = int(x.max())`) is a
;; Python number in the frame Dynamo resumes after that read broke the graph: using it here
;; is no second break. Under capture_scalar_outputs it stays symbolic (the `when:` copies).
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list (_) @value)) @report
 (#resolves-to? @fn "builtins.range" "torch.arange" "torch.zeros" "torch.ones" "torch.empty"
                    "torch.randn" "torch.rand" "torch.linspace" "numpy.arange" "numpy.zeros"
                    "numpy.ones" "numpy.empty")
 (#not-match? @value "^[a-z_]+\\s*=")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report))

; A size tuple with a data-dependent element: `np.zeros((n, np.sum(counts)))`,
; `torch.zeros((b, lengths.max()))`.
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list [(tuple (_) @value) (list (_) @value)])) @report
 (#resolves-to? @fn "torch.zeros" "torch.ones" "torch.empty" "torch.randn" "torch.rand"
                    "numpy.zeros" "numpy.ones" "numpy.empty")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report))

; `F.pad(x, (left, right))` with a data-dependent pad width (Mimi/EnCodec's extra padding
; computed from tensor buffers): the pad sizes are read as Python ints.
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list [(tuple (_) @value) (list (_) @value)])) @report
 (#resolves-to? @fn "torch.nn.functional.pad")
 (#is-known-data-test? @value)
 (#in-compiled-region? @report))

; The pad widths handed in by a caller: `_pad1d(x, (left, extra))`, then `F.pad(x, paddings)`.
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list . (_) . (identifier) @value)) @report
 (#resolves-to? @fn "torch.nn.functional.pad")
 (#holds-tensor-data? @value)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list (_) @value)) @report
 (#resolves-to? @fn "builtins.range" "torch.arange" "torch.zeros" "torch.ones" "torch.empty"
                    "torch.randn" "torch.rand" "torch.linspace" "numpy.arange" "numpy.zeros"
                    "numpy.ones" "numpy.empty")
 (#not-match? @value "^[a-z_]+\\s*=")
 (#is-data-dependent? @value)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list [(tuple (_) @value) (list (_) @value)])) @report
 (#resolves-to? @fn "torch.zeros" "torch.ones" "torch.empty" "torch.randn" "torch.rand"
                    "numpy.zeros" "numpy.ones" "numpy.empty")
 (#is-data-dependent? @value)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list [(tuple (_) @value) (list (_) @value)])) @report
 (#resolves-to? @fn "torch.nn.functional.pad")
 (#is-data-dependent? @value)
 (#in-compiled-region? @report))

;; when: capture_scalar_outputs
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list . (_) . (identifier) @value)) @report
 (#resolves-to? @fn "torch.nn.functional.pad")
 (#holds-tensor-data? @value)
 (#in-compiled-region? @report))
