((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "torch.manual_seed" "torch.cuda.manual_seed" "torch.cuda.manual_seed_all"
                    "torch.get_rng_state" "torch.set_rng_state" "torch.cuda.get_rng_state"
                    "torch.cuda.set_rng_state" "torch.cuda.get_rng_state_all"
                    "torch.cuda.set_rng_state_all" "torch.random.manual_seed"
                    "torch.random.get_rng_state" "torch.random.set_rng_state" "random.seed")
 (#in-compiled-region? @report))

; `<generator>.manual_seed(...)` / `<generator>.seed()` on a generator-like object.
((call
   function: (attribute
     object: (_) @gen
     attribute: (identifier) @method)) @report
 (#any-of? @method "manual_seed" "seed" "get_state" "set_state")
 (#match? @gen "(?i)(^|[._])_?[a-z_]*(gen|generator|rng)$")
 (#in-compiled-region? @report))
