((call function: (attribute attribute: (identifier) @method)) @report
 (#eq? @method "item"))
