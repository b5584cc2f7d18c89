#ifndef GBREAK_ANALYSIS_ISINSTANCE_NARROWING_H_
#define GBREAK_ANALYSIS_ISINSTANCE_NARROWING_H_

#include <tree_sitter/api.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

#include "analysis/value.h"

namespace gbreak {

// What an `isinstance(name, T)` test says a name holds where the test decided the way in, for
// types no tensor is (int, float, str, list, ...): a read there is no tensor, whatever the
// parameter's annotation allows (`logits_to_keep: int | torch.Tensor`). Python runs
//
//   - the branch of `if isinstance(x, int) and ...:` (and the arm of `a if isinstance(x, int) else
//     b`) only when the test holds;
//   - every later `elif` and the `else` of `if not isinstance(x, int): ...` only when it failed;
//   - the statements after `if not isinstance(x, int): return ...` (or raise, continue, break)
//     only when it failed.
//
// A read after the name is bound again (in the region the test decided) is not narrowed. Built
// for a file on its first question, in one walk.
class IsinstanceNarrowing {
 public:
  IsinstanceNarrowing(TSNode root, std::string_view text) : root_(root), text_(text) {}

  // What the test around `identifier` (a read of a name) says it is, if one does.
  std::optional<Value> At(TSNode identifier) const;

 private:
  // A region of the file where a test decided something, in start order, with the nearest
  // region enclosing it (SIZE_MAX: none).
  struct Region {
    uint32_t start, end;
    size_t enclosing;
    // For a region where a `not isinstance(name, T)` test failed: the name, what it holds, and
    // where the name is first bound again (reads from there on are not narrowed). Empty `name`:
    // a branch whose test mentions isinstance, re-read by HeldIn.
    std::string_view name;
    Value value;
    uint32_t until = UINT32_MAX;
    TSNode function;  // the function the test is in (a nested function reads the name later)
  };
  void Build() const;
  void AddFailedTests(TSNode if_statement) const;
  std::optional<Value> HeldIn(TSNode identifier) const;

  TSNode root_;
  std::string_view text_;
  mutable bool built_ = false;
  mutable std::vector<Region> regions_;
  // Where each name is bound in the file (assignments, augmented assignments, `:=`), in order.
  mutable std::map<std::string_view, std::vector<uint32_t>> bindings_;
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_ISINSTANCE_NARROWING_H_
