;; A name holding a value read out of tensor data (`n = x.item()`, `k = int(x.max())`) is a
;; Python number in the frame Dynamo resumes after that read broke the graph: using it here
;; is no second break. Under capture_scalar_outputs it stays symbolic (the `when:` copies).
;; `frame-input-ok`: torch reads a size from a 0-d tensor the frame receives as a graph input
;; without a break (measured on torch 2.13 and 2.14.1: `torch.arange(0, h)`, `x.view(h, -1)`,
;; `F.pad(x, (0, h))`, `torch.zeros((2, h))` with `h` a parameter, or a local bound before an
;; earlier break of the function); `range(h)` and numpy still break (rules/frame_skip.h).
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list (_) @value)) @report
 (#resolves-to? @fn "torch.arange" "torch.zeros" "torch.ones" "torch.empty" "torch.randn"
                    "torch.rand")
 (#not-match? @value "^[a-z_]+\\s*=")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report)
 (#set! frame-input-ok @value))

((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list (_) @value)) @report
 (#resolves-to? @fn "builtins.range" "numpy.arange" "numpy.zeros" "numpy.ones" "numpy.empty")
 (#not-match? @value "^[a-z_]+\\s*=")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report))

;; `torch.linspace(start, end, steps)`: start and end may be 0-d tensors (the op has tensor
;; overloads: measured on torch 2.13, `torch.linspace(torch.log(lo), torch.log(hi), n)` does not
;; break); only a tensor number of steps is read as a Python int.
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list . (_) . (_) . (_) @value)) @report
 (#resolves-to? @fn "torch.linspace" "torch.logspace")
 (#not-match? @value "^[a-z_]+\\s*=")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report)
 (#set! frame-input-ok @value))

((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list
     (keyword_argument name: (identifier) @keyword value: (_) @value))) @report
 (#resolves-to? @fn "torch.linspace" "torch.logspace")
 (#eq? @keyword "steps")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report)
 (#set! frame-input-ok @value))

; A size tuple with a data-dependent element: `np.zeros((n, np.sum(counts)))`,
; `torch.zeros((b, lengths.max()))`.
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list [(tuple (_) @value) (list (_) @value)])) @report
 (#resolves-to? @fn "torch.zeros" "torch.ones" "torch.empty" "torch.randn" "torch.rand")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report)
 (#set! frame-input-ok @value))

((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list [(tuple (_) @value) (list (_) @value)])) @report
 (#resolves-to? @fn "numpy.zeros" "numpy.ones" "numpy.empty")
 (#is-data-dependent-test? @value)
 (#in-compiled-region? @report))

; `F.pad(x, (left, right))` with a data-dependent pad width (Mimi/EnCodec's extra padding
; computed from tensor buffers): the pad sizes are read as Python ints.
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list [(tuple (_) @value) (list (_) @value)])) @report
 (#resolves-to? @fn "torch.nn.functional.pad")
 (#is-known-data-test? @value)
 (#in-compiled-region? @report)
 (#set! frame-input-ok @value))

; The pad widths handed in by a caller: `_pad1d(x, (left, extra))`, then `F.pad(x, paddings)`.
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list . (_) . (identifier) @value)) @report
 (#resolves-to? @fn "torch.nn.functional.pad")
 (#holds-tensor-data? @value)
 (#in-compiled-region? @report)
 (#set! frame-input-ok @value))

; Sizes handed to a tensor method, with a size read out of tensor data in the call or held by a
; tensor-valued name: `target.repeat(b, mask.max() + 1, 1)`, `x.view(t, h // m, -1)` with
; `t, h, w` rows of a grid tensor. A name only assumed to hold a tensor (an unannotated
; parameter, a submodule's output) is not reported: such sizes are mostly Python ints.
((call
   function: (attribute object: (_) @tensor attribute: (identifier) @method)
   arguments: (argument_list (_) @value)) @report
 (#any-of? @method "view" "reshape" "repeat" "expand" "new_zeros" "new_ones" "new_empty")
 (#maybe-tensor? @tensor)
 (#not-match? @value "^[a-z_]+\\s*=")
 (#is-known-data-test? @value)
 (#in-compiled-region? @report)
 (#set! frame-input-ok @value))

; An output size with a tensor element: `F.interpolate(x, size=(h, w))` with `h, w` rows of a
; tensor.
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list
     (keyword_argument
       name: (identifier) @keyword
       value: [(tuple (_) @value) (list (_) @value)]))) @report
 (#resolves-to? @fn "torch.nn.functional.interpolate")
 (#eq? @keyword "size")
 (#is-known-data-test? @value)
 (#in-compiled-region? @report)
 (#set! frame-input-ok @value))

;; when: capture_scalar_outputs
((call
   function: [(identifier) (attribute)] @fn
   arguments: (argument_list (_) @value)) @report
 (#resolves-to? @fn "builtins.range" "torch.arange" "torch.zeros" "torch.ones" "torch.empty"
                    "torch.randn" "torch.rand" "numpy.arange" "numpy.zeros"
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
