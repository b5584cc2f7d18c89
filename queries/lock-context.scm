; `with <lock>:` where the context expression names a lock (`_LOCK`, `self._lock`, `cache_lock`).
((with_item
   value: [(identifier) (attribute)] @lock) @report
 (#match? @lock "(?i)(^|[._])_?[a-z_]*(lock|mutex)$")
 (#in-compiled-region? @report))

((call
   function: (attribute
     object: (_) @lock
     attribute: (identifier) @method)) @report
 (#any-of? @method "acquire" "release")
 (#match? @lock "(?i)(^|[._])_?[a-z_]*(lock|mutex|semaphore)$")
 (#in-compiled-region? @report))

; `with threading.Lock():` created in place.
((with_item
   value: (call function: (attribute) @fn)) @report
 (#resolves-to? @fn "threading.*" "multiprocessing.*")
 (#in-compiled-region? @report))
