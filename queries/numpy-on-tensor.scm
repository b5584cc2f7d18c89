; Not in torch._numpy.
((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @value)) @report
 (#resolves-to? @fn "numpy.interp" "numpy.vectorize" "numpy.frompyfunc" "numpy.apply_along_axis"
                    "numpy.piecewise" "numpy.histogram" "numpy.digitize" "numpy.polyfit")
 (#maybe-tensor? @value)
 (#in-compiled-region? @report))

;; unless: capture_dynamic_output_shape_ops
((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @value)) @report
 (#resolves-to? @fn "numpy.unique" "numpy.nonzero" "numpy.argwhere" "numpy.flatnonzero"
                    "numpy.extract" "numpy.compress")
 (#maybe-tensor? @value)
 (#in-compiled-region? @report))

;; when: trace_numpy=false
((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @value)) @report
 (#resolves-to? @fn "numpy.*")
 (#is-tensor? @value)
 (#in-compiled-region? @report))
