#ifndef GBREAK_RULES_TENSOR_CONDITION_H_
#define GBREAK_RULES_TENSOR_CONDITION_H_

#include "syntax/tree_sitter.h"

namespace gbreak {

// What the edits that keep a tensor test in the graph (rules/tensor_check_edit.h,
// rules/tensor_select_edit.h) ask of the test they move into a call.

// A comparison a tensor overloads (`<`, `>`, `<=`, `>=`, `==`, `!=` of two operands): with tensor
// operands it gives a tensor. `in`, `is` and chains (`0 < x < 1` is `0 < x and x < 1`) test truth
// in Python.
bool IsTensorComparison(TSNode comparison);

// True when evaluating `node` makes no Python truth test of its own (`and`, `or`, `not`,
// `x if c else y`, comprehensions, chained or `in`/`is` comparisons, ...): such a test on a tensor
// reads the value, a break of its own, so the edited call would still break.
bool HasNoTruthTest(TSNode node);

}  // namespace gbreak

#endif  // GBREAK_RULES_TENSOR_CONDITION_H_
