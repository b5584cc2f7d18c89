; `logger.<method>(...)` on a logger-like object (`logger`, `log`, `self.logger`, `_LOGGER`), one
; pattern per method so that `ignore_logging_functions` can silence single methods. In 2.13
; `reorderable_logging_functions` does not cover Logger methods (they still break).

;; unless: ignore_logging_functions:logging.Logger.debug
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#eq? @method "debug")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#not-under-logging-guard? @report)
 (#in-compiled-region? @report))

;; unless: ignore_logging_functions:logging.Logger.info
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#eq? @method "info")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#not-under-logging-guard? @report)
 (#in-compiled-region? @report))

;; unless: ignore_logging_functions:logging.Logger.warning
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#eq? @method "warning")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#not-under-logging-guard? @report)
 (#in-compiled-region? @report))

;; unless: ignore_logging_functions:logging.Logger.warn
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#eq? @method "warn")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#not-under-logging-guard? @report)
 (#in-compiled-region? @report))

;; unless: ignore_logging_functions:logging.Logger.error
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#eq? @method "error")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#not-under-logging-guard? @report)
 (#in-compiled-region? @report))

;; unless: ignore_logging_functions:logging.Logger.exception
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#eq? @method "exception")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#not-under-logging-guard? @report)
 (#in-compiled-region? @report))

;; unless: ignore_logging_functions:logging.Logger.critical
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#eq? @method "critical")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#not-under-logging-guard? @report)
 (#in-compiled-region? @report))

;; unless: ignore_logging_functions:logging.Logger.fatal
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#eq? @method "fatal")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#not-under-logging-guard? @report)
 (#in-compiled-region? @report))

;; unless: ignore_logging_functions:logging.Logger.log
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#eq? @method "log")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#not-under-logging-guard? @report)
 (#in-compiled-region? @report))


; transformers' `logger.warning_once` / `info_once`, and `logger.isEnabledFor(...)` (2.13 breaks on
; the guard itself).
((call
   function: (attribute
     object: (_) @logger
     attribute: (identifier) @method)) @report
 (#any-of? @method "warning_once" "info_once" "warning_advice" "isEnabledFor")
 (#match? @logger "(?i)(^|[._])_?(logger|log)$")
 (#in-compiled-region? @report))

; Module-level functions of `logging`: `logging.info(...)`, `logging.getLogger(__name__)`.
((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "logging.*")
 (#in-compiled-region? @report))
