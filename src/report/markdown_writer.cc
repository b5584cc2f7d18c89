#include "report/markdown_writer.h"

#include "crosscheck/runtime_writer.h"

#include <algorithm>
#include <set>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"
#include "report/origin.h"
#include "report/ranking.h"
#include "report/repro.h"
#include "report/rule_docs.h"
#include "report/verdict.h"
#include "source/absl_compat.h"
#include "source/line_reader.h"

namespace gbreak {
namespace {

std::string Plural(size_t n, const char* one, const char* many) {
  return absl::StrCat(n, " ", n == 1 ? one : many);
}

// A table cell: no newlines, no unescaped pipes.
std::string Cell(const std::string& text) {
  return absl::StrReplaceAll(text, {{"|", "\\|"}, {"\n", " "}, {"\r", ""}});
}

// A fenced code block whose fence is longer than any backtick run inside.
std::string CodeBlock(const std::string& code, const char* language) {
  size_t longest = 0, run = 0;
  for (char c : code) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(std::max<size_t>(3, longest + 1), '`');
  std::string body = code;
  if (!body.empty() && body.back() != '\n') body += "\n";
  return absl::StrCat(fence, language, "\n", body, fence, "\n");
}

std::string Location(const Finding& f) {
  return absl::StrCat(f.path, ":", f.start.line, ":", f.start.column);
}

std::string RuntimeText(const RuntimeStatus& runtime) {
  switch (runtime.kind) {
    case RuntimeStatus::Kind::kConfirmed: {
      std::string text = absl::StrCat("confirmed: Dynamo broke the graph here ",
                                      Plural(static_cast<size_t>(runtime.break_count), "time",
                                             "times"));
      if (runtime.graphs_added > 0) {
        absl::StrAppend(&text, ", adding ", Plural(static_cast<size_t>(runtime.graphs_added),
                                                   "graph", "graphs"));
      }
      if (!runtime.reason.empty()) absl::StrAppend(&text, " (\"", runtime.reason, "\")");
      if (!runtime.registry_id.empty()) absl::StrAppend(&text, ", registry ", runtime.registry_id);
      return text;
    }
    case RuntimeStatus::Kind::kNotSeen: return "not seen in the log (not reached in that run?)";
    case RuntimeStatus::Kind::kNotChecked: break;
  }
  return "";
}

std::string RuntimeCell(const RuntimeStatus& runtime) {
  switch (runtime.kind) {
    case RuntimeStatus::Kind::kConfirmed: return absl::StrCat("confirmed ×", runtime.break_count);
    case RuntimeStatus::Kind::kNotSeen: return "not seen";
    case RuntimeStatus::Kind::kNotChecked: break;
  }
  return "—";
}

// What the logged run compiled: Dynamo's graphs when the log counts them, tt-xla's when it has
// any. A tt-xla log without Dynamo's compiler-call records counts 0 Dynamo graphs although
// Dynamo handed graphs to tt-xla: that zero is left out rather than contradicting the tt-xla count.
std::string GraphsLine(const LintReport& report, size_t confirmed) {
  size_t tt_graphs = report.runtime ? report.runtime->logs.tt_graphs.size() : 0;
  std::vector<std::string> parts;
  if (report.graph_count > 0 || (report.graph_count == 0 && tt_graphs == 0)) {
    size_t graphs = static_cast<size_t>(report.graph_count);
    parts.push_back(absl::StrCat("Dynamo compiled ", Plural(graphs, "graph", "graphs")));
  }
  if (tt_graphs > 0) {
    parts.push_back(absl::StrCat("tt-xla compiled ", Plural(tt_graphs, "graph", "graphs")));
  }
  if (parts.empty()) return "";
  return absl::StrCat("**Graphs:** ", absl::StrJoin(parts, "; "), " in the logged run; ",
                      confirmed, " of the breaks below were confirmed there.\n\n");
}

// Runtime-only breaks are findings and errors are no pass: the summary never says "No graph
// breaks found" for a run that failed or a log that saw breaks.
std::string Summary(const LintReport& report) {
  std::set<std::string> files;
  size_t confirmed = 0;
  for (const Finding& f : report.findings) {
    files.insert(f.path);
    if (f.runtime.kind == RuntimeStatus::Kind::kConfirmed) ++confirmed;
  }
  std::string out = GraphsLine(report, confirmed);
  if (size_t errors = ErrorCount(report); errors > 0) {
    absl::StrAppend(&out, "**Failed:** ", Plural(errors, "error", "errors"), " (",
                    Cell(FirstError(report)), errors > 1 ? ", ..." : "",
                    "; see *Problems reading the input*). ");
  }
  if (report.findings.empty()) {
    absl::StrAppend(&out, ErrorCount(report) > 0 || RuntimeOnlyCount(report) > 0
                              ? "No graph breaks predicted ("
                              : "No graph breaks found (",
                    Plural(report.stats.files_checked, "file", "files"), " checked).\n");
  } else {
    absl::StrAppend(&out, Plural(report.findings.size(), "graph break", "graph breaks"),
                    " predicted in ", Plural(files.size(), "file", "files"), " (",
                    report.stats.files_checked, " checked), most important first.\n");
  }
  if (size_t runtime_only = RuntimeOnlyCount(report); runtime_only > 0) {
    absl::StrAppend(&out, "\nThe log shows ",
                    Plural(runtime_only, "graph-break site", "graph-break sites"),
                    " no finding predicted (runtime-only; see *The logged run*).\n");
  }
  return out;
}

// Explicit anchors: headings' own slugs depend on the renderer (paths, backticks, colons).
std::string FindingAnchor(size_t number) { return absl::StrCat("finding-", number); }
std::string RuleAnchor(const Rule& rule) {
  return absl::StrCat("rule-", absl::AsciiStrToLower(rule.code));
}

std::string Table(const LintReport& report, const std::vector<size_t>& order) {
  std::string out = "\n| # | where | rule | runtime | confidence | placement |\n"
                    "|---|---|---|---|---|---|\n";
  for (size_t i = 0; i < order.size(); ++i) {
    const Finding& f = report.findings[order[i]];
    absl::StrAppend(&out, "| [", i + 1, "](#", FindingAnchor(i + 1), ") | `", Cell(Location(f)),
                    "` | [", f.rule->code, " ", f.rule->name, "](#", RuleAnchor(*f.rule), ") | ",
                    RuntimeCell(f.runtime), " | ",
                    ToAbsl(ConfidenceName(f.confidence)), " | ",
                    ToAbsl(PlacementName(f.placement)), " |\n");
  }
  return out;
}

std::string CallChain(const Finding& f) {
  if (f.call_chain.empty()) return "";
  std::string out = "**Call chain** (from the compiled entry):\n\n";
  for (size_t i = 0; i < f.call_chain.size(); ++i) {
    const CallStep& s = f.call_chain[i];
    absl::StrAppend(&out, i + 1, ". `", s.path, ":", s.line, "`",
                    s.function.empty() ? "" : absl::StrCat(" in `", s.function, "`"), "\n");
  }
  absl::StrAppend(&out, f.call_chain.size() + 1, ". `", Location(f), "`: the break\n\n");
  return out;
}

// The part of a finding's fix text that is its own (the edit `--fix` makes here), without the
// rule's fix that follows it.
std::string_view FindingOwnFix(const Finding& f) {
  absl::string_view own = absl::StripAsciiWhitespace(f.fix);
  absl::string_view rule_fix = absl::StripAsciiWhitespace(f.rule->fix);
  if (own == rule_fix) return "";
  if (!rule_fix.empty()) absl::ConsumeSuffix(&own, rule_fix);
  own = absl::StripAsciiWhitespace(own);
  return FromAbsl(own);
}

// A rule's explanation, once per report however many findings it has.
std::string RuleSection(const Rule& rule) {
  std::string out = absl::StrCat("<a id=\"", RuleAnchor(rule), "\"></a>\n\n### ", rule.code, " ",
                                 rule.name, "\n\n");
  if (!rule.rationale.empty()) {
    absl::StrAppend(&out, "**Why Dynamo breaks:** ", absl::StripAsciiWhitespace(rule.rationale),
                    "\n\n");
  }
  if (!rule.fix.empty()) {
    absl::StrAppend(&out, "**Fix:** ", absl::StripAsciiWhitespace(rule.fix), "\n\n");
  }
  if (!rule.example_after.empty()) {
    absl::StrAppend(&out, "For example:\n\n",
                    CodeBlock(std::string(absl::StripAsciiWhitespace(rule.example_after)),
                              "python"),
                    "\n");
  }
  if (!rule.registry_ids.empty()) {
    std::vector<std::string> links;
    for (const std::string& id : rule.registry_ids) {
      links.push_back(absl::StrCat("[", id, "](", RegistryLink(id), ")"));
    }
    absl::StrAppend(&out, "Dynamo's registry: ", absl::StrJoin(links, ", "), "\n\n");
  }
  return out;
}

// The rules of the findings, in the order the findings are listed.
std::string RulesSection(const LintReport& report, const std::vector<size_t>& order) {
  std::set<std::string> seen;
  std::string out;
  for (size_t index : order) {
    const Rule& rule = *report.findings[index].rule;
    if (seen.insert(rule.code).second) absl::StrAppend(&out, RuleSection(rule));
  }
  return out.empty() ? out : absl::StrCat("## Rules\n\n", out);
}

std::string Section(size_t number, const Finding& f, LineReader& sources) {
  const Rule& rule = *f.rule;
  std::string out = absl::StrCat("<a id=\"", FindingAnchor(number), "\"></a>\n\n## ", number,
                                 ". `", Location(f), "`: ", rule.code, " ", rule.name, "\n\n");
  absl::StrAppend(&out, "**Cause:** ", f.message, "\n\n");
  if (std::string runtime = RuntimeText(f.runtime); !runtime.empty()) {
    absl::StrAppend(&out, "**Runtime:** ", runtime, "\n\n");
  }
  if (std::string origin = OriginOf(f); origin != "user") {
    absl::StrAppend(&out, "**In library:** ", origin, "\n\n");
  }
  const SourceFile* file = sources.File(f.path);
  if (file != nullptr && !file->Line(f.start.line).empty()) {
    absl::StrAppend(&out, CodeBlock(absl::StrCat(f.start.line, " | ", ToAbsl(file->Line(f.start.line))),
                                    "python"),
                    "\n");
  }
  absl::StrAppend(&out, CallChain(f));
  // The rule's why and fix are written once, under "Rules"; here only what is this finding's.
  if (std::string_view own = FindingOwnFix(f); !own.empty()) {
    absl::StrAppend(&out, "**Fix here:** ", std::string(own), "\n\n");
  }
  absl::StrAppend(&out, "**Why it breaks and the fix:** [", rule.code, " ", rule.name, "](#",
                  RuleAnchor(rule), ")\n\n");
  if (file != nullptr) {
    if (std::optional<Repro> repro = MakeRepro(f, file->bytes())) {
      absl::StrAppend(&out, "**Repro** (compiles `", repro->target, "` ",
                      repro->fullgraph ? "with `fullgraph=True`" : "and checks Dynamo's graph-break counters",
                      repro->complete ? "" : "; fill in the line marked `# EDIT:`",
                      "):\n\n", CodeBlock(repro->script, "python"), "\n");
    }
  }
  return out;
}

}  // namespace

std::string WriteMarkdown(const LintReport& report, const MarkdownOptions& options) {
  LineReader sources(options.read_file);  // each file read once, whatever its findings
  std::string out = "# gbreak report\n\n";
  absl::StrAppend(&out, Summary(report));
  std::vector<size_t> order = ImportanceOrder(report.findings);
  absl::StrAppend(&out, order.empty() ? "\n" : absl::StrCat(Table(report, order), "\n"));
  for (size_t i = 0; i < order.size(); ++i) {
    absl::StrAppend(&out, Section(i + 1, report.findings[order[i]], sources));
  }
  absl::StrAppend(&out, RulesSection(report, order));
  if (report.runtime) {
    // What the logs said beyond the findings: graphs and where each starts and ends, the breaks
    // gbreak did not predict, recompiles and other compile failures (the `lint --log` text).
    absl::StrAppend(&out, "## The logged run\n\n```text\n", RuntimeSectionText(*report.runtime),
                    "```\n\n");
  }
  if (!report.diagnostics.empty()) {
    absl::StrAppend(&out, "## Problems reading the input\n\n");
    for (const Diagnostic& d : report.diagnostics) {
      absl::StrAppend(&out, "- ", d.level == Diagnostic::Level::kError ? "error" : "warning",
                      ": `", d.path, d.line > 0 ? absl::StrCat(":", d.line) : "", "`: ",
                      d.message, "\n");
    }
  }
  if (out.size() < 2 || out.substr(out.size() - 2) != "\n\n") out += "\n";
  absl::StrAppend(&out, "---\n\nGenerated by gbreak ", options.tool_version,
                  ". Repro scripts need torch; run them from the directory gbreak ran in.\n");
  // Trailing blank lines collapse to one newline.
  while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') {
    out.pop_back();
  }
  return out;
}

}  // namespace gbreak
