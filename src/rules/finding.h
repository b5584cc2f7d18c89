#ifndef GBREAK_RULES_FINDING_H_
#define GBREAK_RULES_FINDING_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "rules/rule.h"

namespace gbreak {

// A point in a file: a byte offset into the file on disk, and the 1-based line and character
// column derived from it once.
struct SourcePosition {
  uint32_t offset = 0;
  int line = 1;
  int column = 1;
};

// Where a break sits changes what it costs (Dynamo's documented behaviour).
enum class Placement {
  kPlain,
  kInLoop,            // Dynamo gives up on the whole function and runs it eagerly
  kInWith,            // likewise, inside a `with` block
  kLastStatement,     // costs no extra graph
  kInHigherOrderOp,   // inside a torch.cond / while_loop body: a hard error
};

std::string_view PlacementName(Placement placement);

// One finding. It carries everything every output needs, so no writer re-derives anything.
struct Finding {
  const Rule* rule = nullptr;  // owned by the rule set, which outlives every finding
  std::string path;            // as discovered (relative to where gbreak runs)
  SourcePosition start;
  SourcePosition end;
  std::string message;
  Confidence confidence = Confidence::kCertain;
  Placement placement = Placement::kPlain;

  // Deterministic output order: file, line, column, rule code, then message.
  friend bool operator<(const Finding& a, const Finding& b) {
    return std::tie(a.path, a.start.line, a.start.column, a.rule->code, a.message) <
           std::tie(b.path, b.start.line, b.start.column, b.rule->code, b.message);
  }
};

}  // namespace gbreak

#endif  // GBREAK_RULES_FINDING_H_
