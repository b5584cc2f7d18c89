; Functions torch._numpy does not model (it has seed, rand, randn, random_sample with its aliases
; random and sample, uniform, normal, randint, shuffle and choice): generators, state, every other
; distribution (`np.random.beta`, `exponential`, `permutation`, ...: GB0294, measured on 2.13).
; `choice` breaks with or without a size (measured), so it is not excluded here.
((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "numpy.random.*")
 (#not-resolves-to? @fn "numpy.random.seed" "numpy.random.rand" "numpy.random.randn"
                        "numpy.random.random_sample" "numpy.random.random"
                        "numpy.random.sample" "numpy.random.uniform" "numpy.random.normal"
                        "numpy.random.randint" "numpy.random.shuffle")
 (#in-compiled-region? @report))

; Scalar draws: no size, no positional shape.
((call
   function: (attribute) @fn
   arguments: (argument_list) @args) @report
 (#resolves-to? @fn "numpy.random.rand" "numpy.random.randn" "numpy.random.random"
                    "numpy.random.random_sample" "numpy.random.sample")
 (#match? @args "^\\(\\s*\\)$")
 (#in-compiled-region? @report))

; Scalar draws of a distribution with parameters: no size, neither the `size` keyword nor a third
; positional argument (`np.random.uniform(0, 1)`, `np.random.randint(1, 4)`: one Python number
; read out of a tensor, GB0033; `uniform(-1, 1, size=3)` and `randint(0, 4, size=3)` are traced).
((call
   function: (attribute) @fn
   arguments: (argument_list) @args) @report
 (#resolves-to? @fn "numpy.random.uniform" "numpy.random.normal" "numpy.random.randint")
 (#not-match? @args "size|\\*|^\\((?:[^(),]|\\([^()]*\\))*,(?:[^(),]|\\([^()]*\\))*,")
 (#in-compiled-region? @report))
