; `x[mask]` read (not the target of an assignment) with a boolean tensor index.
(
  [
    (attribute object: (subscript subscript: (_) @mask) @report)
    (argument_list (subscript subscript: (_) @mask) @report)
    (return_statement (subscript subscript: (_) @mask) @report)
    (assignment right: (subscript subscript: (_) @mask) @report)
    (augmented_assignment right: (subscript subscript: (_) @mask) @report)
    (binary_operator (subscript subscript: (_) @mask) @report)
    (expression_list (subscript subscript: (_) @mask) @report)
    (parenthesized_expression (subscript subscript: (_) @mask) @report)
    (keyword_argument value: (subscript subscript: (_) @mask) @report)
  ]
  (#is-bool-tensor? @mask)
  (#in-compiled-region? @report))
