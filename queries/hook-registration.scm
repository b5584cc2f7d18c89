((call
   function: (attribute attribute: (identifier) @method)) @report
 (#any-of? @method "register_forward_hook" "register_forward_pre_hook"
                   "register_full_backward_hook" "register_full_backward_pre_hook"
                   "register_backward_hook" "register_module_forward_hook"
                   "register_module_forward_pre_hook" "register_state_dict_pre_hook"
                   "register_load_state_dict_post_hook")
 (#in-compiled-region? @report))

; Calling a submodule that has a module-level backward hook (registered in another method such as
; __init__, or earlier in this one): GB0083 without compiled autograd.
((call
   function: (attribute object: (identifier) @self) @callee) @report
 (#eq? @self "self")
 (#has-backward-hook? @callee)
 (#in-compiled-region? @report))
