#include "report/verdict.h"

#include <set>

#include "absl/strings/str_join.h"

namespace gbreak {

std::string EntryVerdict(const LintReport& report) {
  bool unconditional = false;
  std::set<std::string> conditions;
  for (const Finding& f : report.findings) {
    if (f.rule->category == "gbreak" || f.rule->category == "recompiles") continue;
    if (f.conditions.empty()) {
      unconditional = true;
      break;
    }
    conditions.insert(f.conditions.begin(), f.conditions.end());
  }
  if (unconditional) return "breaks";
  if (conditions.empty()) return "compiles whole";
  return "breaks only when " + absl::StrJoin(conditions, " or ");
}

}  // namespace gbreak
