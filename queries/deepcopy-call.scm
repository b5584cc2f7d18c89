((call
   function: (attribute) @fn
   arguments: (argument_list . (_) @arg)) @report
 (#resolves-to? @fn "copy.deepcopy")
 (#is-tensor? @arg)
 (#in-compiled-region? @report))

; A submodule or tensor attribute: `copy.deepcopy(self.head)`; not `self.config`, a
; configuration object Dynamo copies without a break (measured: whisper's
; `copy.deepcopy(self.config)` in the region traces on 2.13).
((call
   function: (attribute) @fn
   arguments: (argument_list . (attribute object: (identifier) @self) @arg)) @report
 (#resolves-to? @fn "copy.deepcopy")
 (#eq? @self "self")
 (#not-is-constant? @arg)
 (#in-compiled-region? @report))

((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "copy.copy")
 (#in-compiled-region? @report))

;; Before torch 2.12 Dynamo traces no `copy.deepcopy` at all (a builtin it refuses, GB0179):
;; copying a configuration object in the region breaks too (measured: 2.11 breaks on
;; transformers' `copy.deepcopy(config_to_return)`, 2.13 traces it; the change is PRs #177484
;; and #179611 of 2026-03/04, in 2.12).
;; when: torch<2.12
((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "copy.deepcopy")
 (#in-compiled-region? @report))
