((call
   function: (attribute attribute: (identifier) @method)) @report
 (#any-of? @method "register_forward_hook" "register_forward_pre_hook"
                   "register_full_backward_hook" "register_full_backward_pre_hook"
                   "register_backward_hook" "register_module_forward_hook"
                   "register_module_forward_pre_hook" "register_state_dict_pre_hook"
                   "register_load_state_dict_post_hook")
 (#in-compiled-region? @report))
