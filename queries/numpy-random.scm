; Generators and functions torch._numpy does not model.
((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "numpy.random.default_rng" "numpy.random.choice" "numpy.random.RandomState"
                    "numpy.random.Generator" "numpy.random.permutation" "numpy.random.shuffle"
                    "numpy.random.randint" "numpy.random.random_integers" "numpy.random.get_state"
                    "numpy.random.set_state")
 (#in-compiled-region? @report))

; Scalar draws: no size, no positional shape.
((call
   function: (attribute) @fn
   arguments: (argument_list) @args) @report
 (#resolves-to? @fn "numpy.random.rand" "numpy.random.randn" "numpy.random.random"
                    "numpy.random.random_sample" "numpy.random.ranf" "numpy.random.sample")
 (#match? @args "^\\(\\s*\\)$")
 (#in-compiled-region? @report))
