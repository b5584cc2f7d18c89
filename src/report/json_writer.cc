#include "report/json_writer.h"

#include <nlohmann/json.hpp>

#include "crosscheck/runtime_writer.h"
#include "report/origin.h"
#include "report/verdict.h"

namespace gbreak {
namespace {

using nlohmann::ordered_json;

ordered_json Position(const SourcePosition& p) {
  return ordered_json{{"line", p.line}, {"column", p.column}, {"offset", p.offset}};
}

ordered_json FindingJson(const Finding& f) {
  const Rule& rule = *f.rule;
  ordered_json j{{"code", rule.code},
                 {"name", rule.name},
                 {"category", rule.category},
                 {"message", f.message},
                 {"severity", SeverityName(rule.severity)},
                 {"confidence", ConfidenceName(f.confidence)},
                 {"file", f.path},
                 {"start", Position(f.start)},
                 {"end", Position(f.end)},
                 {"placement", PlacementName(f.placement)},
                 {"registry_ids", rule.registry_ids},
                 {"fix", rule.fix}};
  // The library the finding lives in (entry runs, or a site-packages file linted on purpose) and
  // how the entry reaches it.
  if (std::string origin = OriginOf(f); origin != "user") j["origin"] = origin;
  if (!f.call_chain.empty()) {
    ordered_json chain = ordered_json::array();
    for (const CallStep& step : f.call_chain) {
      chain.push_back({{"file", step.path}, {"line", step.line}, {"function", step.function}});
    }
    j["call_chain"] = std::move(chain);
  }
  if (!f.conditions.empty()) j["conditions"] = f.conditions;
  // Only after a log cross-check, so output without --log is unchanged.
  if (f.runtime.kind != RuntimeStatus::Kind::kNotChecked) {
    j["runtime"] = RuntimeStatusJson(f.runtime);
  }
  return j;
}

}  // namespace

std::string FindingJsonLine(const Finding& finding) {
  return FindingJson(finding).dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

std::string WriteJson(const LintReport& report, std::string_view tool_version) {
  ordered_json findings = ordered_json::array();
  for (const Finding& f : report.findings) findings.push_back(FindingJson(f));
  ordered_json diagnostics = ordered_json::array();
  for (const Diagnostic& d : report.diagnostics) {
    diagnostics.push_back(
        {{"level", d.level == Diagnostic::Level::kError ? "error" : "warning"},
         {"file", d.path},
         {"line", d.line},
         {"message", d.message}});
  }
  ordered_json document = {
      {"schema_version", kJsonSchemaVersion},
      {"tool", {{"name", "gbreak"}, {"version", tool_version}}},
      {"findings", std::move(findings)},
      {"diagnostics", std::move(diagnostics)},
      {"summary",
       {{"files_checked", report.stats.files_checked},
        {"files_skipped", report.stats.files_skipped},
        {"findings", FindingCount(report)}}}};
  // With --log, `findings` counts the breaks only the log saw too (as the text summary and the
  // exit code do), so it can exceed the `findings` array; this says by how many.
  if (report.runtime) document["summary"]["runtime_only_sites"] = RuntimeOnlyCount(report);
  if (report.entry_run) document["summary"]["verdict"] = EntryVerdict(report);
  if (report.runtime) document["runtime"] = RuntimeJson(*report.runtime);
  // Invalid UTF-8 in a message (a syntax-error excerpt) is replaced, never a crash.
  return document.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace gbreak
