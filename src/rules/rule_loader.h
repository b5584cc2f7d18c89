#ifndef GBREAK_RULES_RULE_LOADER_H_
#define GBREAK_RULES_RULE_LOADER_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/rule.h"

namespace gbreak {

// Parses one rule file. Unknown keys, missing keys and malformed values are errors whose message
// starts with "origin:line:column:". The query text is not read here.
absl::StatusOr<Rule> ParseRuleToml(std::string_view toml_text, const std::string& origin);

// The catalog compiled into the binary (rules/*.toml paired with queries/<same name>.scm).
absl::StatusOr<std::vector<Rule>> LoadEmbeddedRules();

// A user's rule directory: DIR/*.toml with DIR/<stem>.scm beside each, or the catalog layout
// DIR/rules/*.toml with DIR/queries/<stem>.scm.
absl::StatusOr<std::vector<Rule>> LoadRulesFromDirectory(const std::string& dir);

}  // namespace gbreak

#endif  // GBREAK_RULES_RULE_LOADER_H_
