#include "cli/catalog.h"

#include <algorithm>
#include <utility>

#include "rules/rule_loader.h"

namespace gbreak {

absl::StatusOr<std::vector<Rule>> LoadCatalog(const std::vector<std::string>& rule_dirs) {
  absl::StatusOr<std::vector<Rule>> rules = LoadEmbeddedRules();
  if (!rules.ok()) return rules.status();
  for (const std::string& dir : rule_dirs) {
    absl::StatusOr<std::vector<Rule>> more = LoadRulesFromDirectory(dir);
    if (!more.ok()) return more.status();
    for (Rule& rule : *more) rules->push_back(std::move(rule));
  }
  std::stable_sort(rules->begin(), rules->end(),
                   [](const Rule& a, const Rule& b) { return a.code < b.code; });
  return rules;
}

}  // namespace gbreak
