#ifndef GBREAK_RULES_TENSOR_CHECK_EDIT_H_
#define GBREAK_RULES_TENSOR_CHECK_EDIT_H_

#include <optional>
#include <string_view>

#include "analysis/file_facts.h"
#include "rules/finding.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// The call the tensor-check edit writes: Dynamo records it as a graph op (measured on torch
// 2.11, 2.13 and 2.14: no break, the message kept), where a Python `assert`/`if` on the tensor
// needs its value.
inline constexpr std::string_view kTensorCheck = "torch._assert_async";

// The `--fix` edit for a data-dependent check whose condition `report` is (CF001's `if` test,
// CF002's `assert` condition), or nothing when the edit is not mechanical here:
//   assert <cond>, <message>               ->  torch._assert_async(<cond>, <message>)
//   if <cond>: raise SomeError(<message>)  ->  torch._assert_async(torch.logical_not(<cond>), ...)
//   if not <cond>: raise SomeError(<msg>)  ->  torch._assert_async(<cond>, <msg>)
//   assert <a> and <b>, <message>          ->  a check of <a>, then one of <b>, a line each
//   if <a> or not <b>: raise SomeError(..) ->  a check of logical_not(<a>), then one of <b>
// (the first failing check raises before the next is evaluated, as `and`/`or` stop at the first
// operand that decides; several checks need the statement to start its line). It is made only
// when
//   - the value inference says each checked condition is a tensor (only a tensor:
//     `_assert_async` takes no Python bool, and a None would raise TypeError), built without
//     other Python truth tests (`and`, `or`, `not` inside, `x if c else y`, chained or `in`/`is`
//     comparisons, comprehensions): those still read the value, so the check would still break;
//   - the message is a str literal (f-strings too; parentheses around it are dropped) whose
//     interpolations are not tensor data (formatting a tensor needs its value); `_assert_async`
//     takes a str only;
//   - the `if` has no `elif`/`else`, its body is the `raise` alone, the exception is a call of a
//     name ending in Error or Exception with the message as its only argument, without `from`,
//     and no comment sits in the replaced text outside the condition and the message;
//   - the statement is in a function body, has no syntax error, and `torch` is the module's
//     top-level `import torch` (as for the guard edit, rules/edit_text.h).
// The condition's and the message's text are kept verbatim (multi-line conditions keep their
// lines: they are inside the call's parentheses); text after the statement on its last line
// (a comment) stays. The result is a plain call, which no rule reports: a second --fix changes
// nothing. Offsets are into `facts.text()`.
std::optional<TextEdit> TensorCheckEdit(TSNode report, FileFacts& facts);

}  // namespace gbreak

#endif  // GBREAK_RULES_TENSOR_CHECK_EDIT_H_
