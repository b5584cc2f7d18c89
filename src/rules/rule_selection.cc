#include "rules/rule_selection.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace gbreak {
namespace {

bool Matches(const Rule& rule, const std::string& selector) {
  return selector == "ALL" || absl::StartsWith(rule.code, selector) || rule.name == selector;
}

absl::Status CheckSelectors(const std::vector<Rule>& catalog,
                            const std::vector<std::string>& selectors, const std::string& option) {
  for (const std::string& selector : selectors) {
    bool any = false;
    for (const Rule& rule : catalog) any = any || Matches(rule, selector);
    if (!any) {
      return absl::InvalidArgumentError(absl::StrCat(
          option, ": `", selector, "` matches no rule (see `gbreak rules` for the codes)"));
    }
  }
  return absl::OkStatus();
}

bool MatchesAny(const Rule& rule, const std::vector<std::string>& selectors) {
  for (const std::string& selector : selectors) {
    if (Matches(rule, selector)) return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<std::vector<Rule>> SelectRules(std::vector<Rule> catalog,
                                              const RuleSelection& selection) {
  for (auto [selectors, option] :
       {std::pair<const std::vector<std::string>*, std::string>{&selection.select, "--select"},
        {&selection.extend_select, "--extend-select"},
        {&selection.ignore, "--ignore"}}) {
    absl::Status status = CheckSelectors(catalog, *selectors, option);
    if (!status.ok()) return status;
  }
  std::vector<Rule> chosen;
  for (Rule& rule : catalog) {
    bool on = selection.select.empty() ? rule.enabled_by_default
                                       : MatchesAny(rule, selection.select);
    on = on || MatchesAny(rule, selection.extend_select);
    on = on && !MatchesAny(rule, selection.ignore);
    if (on) chosen.push_back(std::move(rule));
  }
  return chosen;
}

}  // namespace gbreak
