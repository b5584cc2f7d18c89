; `self.<name>` where <name> is a functools.cached_property its class's __init__ has not read.
((attribute
   object: (identifier) @self
   attribute: (identifier)) @report
 (#eq? @self "self")
 (#is-cached-property-read? @report)
 (#in-compiled-region? @report))
