#include "cli/rules_command.h"

#include <iostream>

#include <nlohmann/json.hpp>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "cli/catalog.h"
#include "cli/lint_command.h"
#include "rules/rule.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

// Dynamo's documentation page for a registry id.
std::string RegistryLink(const std::string& id) {
  return absl::StrCat("https://meta-pytorch.github.io/compile-graph-break-site/gb/",
                      absl::AsciiStrToLower(id), ".html");
}

// Indents each non-empty line by four spaces (a markdown code block in the terminal).
std::string Indent(const std::string& text) {
  std::string out;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    absl::StrAppend(&out, line.empty() ? "" : "    ", line, "\n");
  }
  while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') {
    out.pop_back();
  }
  return out;
}

}  // namespace

int RunRules(const std::vector<std::string>& rule_dirs, const std::string& output_format) {
  absl::StatusOr<std::vector<Rule>> catalog = LoadCatalog(rule_dirs);
  if (!catalog.ok()) {
    std::cerr << "gbreak: error: " << catalog.status().message() << "\n";
    return kExitError;
  }
  if (output_format == "json") {
    nlohmann::ordered_json rules = nlohmann::ordered_json::array();
    for (const Rule& rule : *catalog) {
      rules.push_back({{"code", rule.code},
                       {"name", rule.name},
                       {"category", rule.category},
                       {"summary", rule.summary},
                       {"enabled", rule.enabled_by_default},
                       {"severity", SeverityName(rule.severity)},
                       {"confidence", ConfidenceName(rule.confidence)},
                       {"registry_ids", rule.registry_ids}});
    }
    std::cout << rules.dump(2) << "\n";
    return kExitClean;
  }
  for (const Rule& rule : *catalog) {
    std::cout << absl::StrFormat("%-6s %-32s %-16s %-3s %s\n", rule.code, rule.name, rule.category,
                                 rule.enabled_by_default ? "on" : "off",
                                 rule.registry_ids.empty()
                                     ? std::string("-")
                                     : absl::StrJoin(rule.registry_ids, ","));
  }
  return kExitClean;
}

int RunExplain(const std::string& code_or_name, const std::vector<std::string>& rule_dirs) {
  absl::StatusOr<std::vector<Rule>> catalog = LoadCatalog(rule_dirs);
  if (!catalog.ok()) {
    std::cerr << "gbreak: error: " << catalog.status().message() << "\n";
    return kExitError;
  }
  std::string wanted = absl::AsciiStrToUpper(code_or_name);
  for (const Rule& rule : *catalog) {
    if (rule.code != wanted && rule.name != code_or_name) continue;
    std::string out = absl::StrCat(rule.code, " ", rule.name, "\n\n", rule.summary, "\n\n");
    absl::StrAppend(&out, "Category: ", rule.category, ". Severity: ",
                    ToAbsl(SeverityName(rule.severity)), ". Confidence: ",
                    ToAbsl(ConfidenceName(rule.confidence)), ". ",
                    rule.enabled_by_default ? "On" : "Off", " by default.\n\n");
    absl::StrAppend(&out, "## Why Dynamo breaks\n\n", rule.rationale, "\n\n");
    absl::StrAppend(&out, "## Fix\n\n", rule.fix, "\n\n");
    absl::StrAppend(&out, "## Example\n\nBefore:\n\n", Indent(rule.example_before),
                    "\nAfter:\n\n", Indent(rule.example_after), "\n");
    if (!rule.registry_ids.empty()) {
      absl::StrAppend(&out, "## Dynamo's registry\n\n");
      for (const std::string& id : rule.registry_ids) {
        absl::StrAppend(&out, "- ", id, ": ", RegistryLink(id), "\n");
      }
    }
    std::cout << out;
    return kExitClean;
  }
  std::cerr << "gbreak: error: no rule `" << code_or_name
            << "` (see `gbreak rules` for the codes)\n";
  return kExitError;
}

}  // namespace gbreak
