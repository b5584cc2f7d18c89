#include "report/verdict.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace gbreak {
namespace {

// The condition that holds when `condition` does not, in the words branch_conditions.cc uses:
// "`x` is given" / "`x` is not given", "not `t`" / "`t`".
std::string Negation(const std::string& condition) {
  constexpr std::string_view kGiven = " is given";
  constexpr std::string_view kNotGiven = " is not given";
  if (condition.starts_with("not ")) return condition.substr(4);
  if (condition.ends_with(kNotGiven)) {
    return condition.substr(0, condition.size() - kNotGiven.size()) + std::string(kGiven);
  }
  if (condition.ends_with(kGiven)) {
    return condition.substr(0, condition.size() - kGiven.size()) + std::string(kNotGiven);
  }
  return "not " + condition;
}

}  // namespace

std::string EntryVerdict(const LintReport& report) {
  if (ErrorCount(report) > 0) return "unknown (the run had errors)";
  bool unconditional = false;
  std::set<std::string> conditions;
  std::set<std::string> sole;  // the conditions of findings under one condition alone
  for (const Finding& f : report.findings) {
    if (!f.rule->PredictsBreak()) continue;
    if (f.conditions.empty()) {
      unconditional = true;
      break;
    }
    conditions.insert(f.conditions.begin(), f.conditions.end());
    if (f.conditions.size() == 1) sole.insert(f.conditions.front());
  }
  // A break when a test holds and another when it does not: the model breaks either way
  // (`if mode != "reflect": ... else: ...` with a break in each arm).
  for (const std::string& condition : sole) {
    unconditional = unconditional || sole.contains(Negation(condition));
  }
  if (unconditional) return "breaks";
  if (conditions.empty()) return "compiles whole";
  return "breaks only when " + absl::StrJoin(conditions, " or ");
}

size_t ErrorCount(const LintReport& report) {
  size_t count = 0;
  for (const Diagnostic& d : report.diagnostics) count += d.level == Diagnostic::Level::kError;
  return count;
}

std::string FirstError(const LintReport& report) {
  for (const Diagnostic& d : report.diagnostics) {
    if (d.level != Diagnostic::Level::kError) continue;
    std::string line = d.line > 0 ? absl::StrCat(":", d.line) : "";
    return absl::StrCat(d.path, line, ": ", d.message);
  }
  return "";
}

size_t RuntimeOnlyCount(const LintReport& report) {
  return report.runtime ? report.runtime->runtime_only.size() : 0;
}

size_t FindingCount(const LintReport& report) {
  return report.findings.size() + RuntimeOnlyCount(report);
}

size_t UnconditionalCount(const LintReport& report) {
  size_t count = RuntimeOnlyCount(report);  // a break the log saw happened
  for (const Finding& f : report.findings) count += f.conditions.empty();
  return count;
}

}  // namespace gbreak
