; `torch._check_tensor_all(t)` / `torch._check_tensor_all_with(E, t, msg)`: both read the
; tensor's value (the argument must be a tensor; anything else raises TypeError eagerly).
((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "torch._check_tensor_all" "torch._check_tensor_all_with")
 (#in-compiled-region? @report))
