((augmented_assignment
   left: (subscript subscript: (_) @mask)) @report
 (#is-bool-tensor? @mask)
 (#in-compiled-region? @report))
