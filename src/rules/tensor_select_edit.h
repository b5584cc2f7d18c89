#ifndef GBREAK_RULES_TENSOR_SELECT_EDIT_H_
#define GBREAK_RULES_TENSOR_SELECT_EDIT_H_

#include <optional>

#include "analysis/file_facts.h"
#include "rules/finding.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// The `--fix --unsafe-fixes` edit for a data-dependent `if` whose branch only replaces a tensor
// by an elementwise function of itself (`report` is CF001's `if` test): both sides are computed
// and `torch.where` picks one, so Dynamo keeps the test in the graph instead of reading it.
//
//   if not torch.isfinite(h).all():
//       clamp = torch.finfo(h.dtype).max - 1000
//       h = torch.clamp(h, min=-clamp, max=clamp)
// becomes
//   clamp = torch.finfo(h.dtype).max - 1000
//   h = torch.where(torch.logical_not(torch.isfinite(h).all()),
//                   torch.clamp(h, min=-clamp, max=clamp), h)
//
// (the where call is written on one line). It is made only when the result is the same tensor
// whichever way the test goes, as far as gbreak can tell from the code:
//   - the condition is a tensor with no Python truth test inside (`and`, `or`, `not` below the
//     top, ...), and 0-d by construction: a reduction over all elements (`.all()`, `.any()`,
//     `torch.any(x)`, `.sum()`, ...) or a comparison of such with a Python value. A condition
//     with more dimensions would broadcast the selected tensor to them;
//   - the `if` has no `elif`/`else`, and its body is simple assignments to names: any number of
//     Python values (no tensor data; calls only of `torch.` functions, which have no effects),
//     then one tensor name `h` that was bound before the `if`, given an elementwise function of
//     itself that keeps its shape and dtype (`torch.clamp(h, ...)`, `h.clamp(...)`, `clip`,
//     `clamp_min`, `clamp_max`, `nan_to_num`) whose other arguments are Python values;
//   - the Python values are read nowhere in the function but in that body (they are now
//     assigned on every call), and no comment sits in the replaced text outside the kept
//     expressions; the statement parses, is in a function body, and `torch` is the module's
//     top-level `import torch`.
// It is unsafe because the branch's expressions now run on every call (one that raises where
// the branch would not have run still raises), the function computes both sides, and gbreak does
// not know dtypes: `clamp` of an integer tensor with float bounds promotes to float, and so then
// does the `where` when the test fails. The result
// has no truth test left, so a second `--fix` changes nothing. Offsets are into `facts.text()`.
std::optional<TextEdit> TensorSelectEdit(TSNode report, FileFacts& facts);

}  // namespace gbreak

#endif  // GBREAK_RULES_TENSOR_SELECT_EDIT_H_
