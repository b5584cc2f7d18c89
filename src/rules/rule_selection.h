#ifndef GBREAK_RULES_RULE_SELECTION_H_
#define GBREAK_RULES_RULE_SELECTION_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/rule.h"

namespace gbreak {

// Which rules run, in ruff's terms: codes or code prefixes ("SE", "SE001", "ALL").
struct RuleSelection {
  std::vector<std::string> select;         // replaces the default set when not empty
  std::vector<std::string> extend_select;  // added to it
  std::vector<std::string> ignore;         // removed last
};

// Keeps the selected rules, in catalog order. A selector that matches no rule is an error (a typo
// must not silently disable a check).
absl::StatusOr<std::vector<Rule>> SelectRules(std::vector<Rule> catalog,
                                              const RuleSelection& selection);

}  // namespace gbreak

#endif  // GBREAK_RULES_RULE_SELECTION_H_
