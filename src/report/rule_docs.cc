#include "report/rule_docs.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

std::string Trimmed(const std::string& text) {
  return std::string(absl::StripAsciiWhitespace(text));
}

// Indents each non-empty line by four spaces.
std::string Indent(const std::string& text) {
  std::string out;
  for (absl::string_view line : absl::StrSplit(Trimmed(text), '\n')) {
    absl::StrAppend(&out, line.empty() ? "" : "    ", line, "\n");
  }
  return out;
}

}  // namespace

std::string RegistryLink(const std::string& registry_id) {
  return absl::StrCat("https://meta-pytorch.github.io/compile-graph-break-site/gb/",
                      absl::AsciiStrToLower(registry_id), ".html");
}

std::string RuleHelpText(const Rule& rule) {
  std::string out = absl::StrCat(rule.code, " ", rule.name, ": ", rule.summary, "\n");
  if (!rule.rationale.empty()) {
    absl::StrAppend(&out, "\nWhy Dynamo breaks:\n", Trimmed(rule.rationale), "\n");
  }
  if (!rule.fix.empty()) absl::StrAppend(&out, "\nFix:\n", Trimmed(rule.fix), "\n");
  if (!rule.example_before.empty()) {
    absl::StrAppend(&out, "\nBefore:\n", Indent(rule.example_before));
  }
  if (!rule.example_after.empty()) {
    absl::StrAppend(&out, "\nAfter:\n", Indent(rule.example_after));
  }
  for (const std::string& id : rule.registry_ids) {
    absl::StrAppend(&out, "\nDynamo registry ", id, ": ", RegistryLink(id), "\n");
  }
  return out;
}

std::string RuleHelpMarkdown(const Rule& rule) {
  std::string out = absl::StrCat("**", rule.code, " ", rule.name, "**: ", rule.summary, "\n");
  if (!rule.rationale.empty()) {
    absl::StrAppend(&out, "\n## Why Dynamo breaks\n\n", Trimmed(rule.rationale), "\n");
  }
  if (!rule.fix.empty()) absl::StrAppend(&out, "\n## Fix\n\n", Trimmed(rule.fix), "\n");
  if (!rule.example_before.empty() || !rule.example_after.empty()) {
    absl::StrAppend(&out, "\n## Example\n");
    if (!rule.example_before.empty()) {
      absl::StrAppend(&out, "\nBefore:\n\n```python\n", Trimmed(rule.example_before), "\n```\n");
    }
    if (!rule.example_after.empty()) {
      absl::StrAppend(&out, "\nAfter:\n\n```python\n", Trimmed(rule.example_after), "\n```\n");
    }
  }
  if (!rule.registry_ids.empty()) {
    absl::StrAppend(&out, "\n## Dynamo's registry\n\n");
    for (const std::string& id : rule.registry_ids) {
      absl::StrAppend(&out, "- [", id, "](", RegistryLink(id), ")\n");
    }
  }
  return out;
}

std::string FirstParagraph(const std::string& text, size_t limit) {
  std::string trimmed = Trimmed(text);
  size_t blank = trimmed.find("\n\n");
  std::string para = trimmed.substr(0, blank);
  para = absl::StrReplaceAll(para, {{"\n", " "}});
  if (para.size() <= limit) return para;
  size_t cut = limit >= 3 ? limit - 3 : 0;
  // Never split a UTF-8 sequence: back up over continuation bytes.
  while (cut > 0 && (static_cast<unsigned char>(para[cut]) & 0xC0) == 0x80) --cut;
  return para.substr(0, cut) + "...";
}

}  // namespace gbreak
