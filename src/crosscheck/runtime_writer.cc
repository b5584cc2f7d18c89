#include "crosscheck/runtime_writer.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "crosscheck/path_match.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

using nlohmann::ordered_json;

std::string Count(int64_t n, std::string_view one, std::string_view many) {
  return absl::StrCat(n, " ", ToAbsl(n == 1 ? one : many));
}

// A runtime path in text: the analyzed file it matched, else the path as the log printed it, which
// a terminal can open when the run was on this machine (a shortened `site-packages/…` cannot be).
std::string Shown(const RuntimeReport& report, const std::string& path) {
  return DisplayPath(report, path);
}

// A runtime path in JSON `file` fields: the analyzed file it matched, else shortened to its
// package-relative part for site-packages files, the same on every machine (`runtime_file` keeps
// the path as printed).
std::string JsonPath(const RuntimeReport& report, const std::string& path) {
  const std::string& local = DisplayPath(report, path);
  if (&local != &path) return local;
  std::string relative = PathMatcher::PackageRelative(path);
  return relative == path ? path : "site-packages/" + relative;
}

std::string Where(const RuntimeReport& report, const std::string& file, int line) {
  if (file.empty()) return "(unknown place)";
  return line > 0 ? absl::StrCat(Shown(report, file), ":", line) : Shown(report, file);
}

// The first line, with runs of spaces squeezed (guard texts pad their comments).
std::string FirstLine(std::string_view text) {
  text = text.substr(0, text.find('\n'));
  std::string out;
  for (char c : text) {
    if (c == ' ' && !out.empty() && out.back() == ' ') continue;
    out.push_back(c);
  }
  return out;
}

std::string GraphText(const RuntimeReport& report, const DynamoGraph& g, int index) {
  std::string out = absl::StrCat("  #", index, " ");
  if (g.function.empty()) {
    absl::StrAppend(&out, "[", g.compile_id, "] (frame not in the log)");
    return out + "\n";
  }
  // A break in the same function closes the range; one in an inlined helper is named instead.
  bool same_function = g.ends_in_break && g.end_file == g.file && g.end_line >= g.first_line &&
                       (g.end_function.empty() || g.end_function == g.function);
  // A graph that ran to a return in its own frame: the log names the returning line.
  bool returned = !g.ends_in_break && g.end_line >= g.first_line && g.end_file == g.file &&
                  !g.file.empty();
  absl::StrAppend(&out, g.function);
  if (!g.file.empty()) {
    absl::StrAppend(&out, "  ", Shown(report, g.file), ":", g.first_line, "-");
    if (same_function || returned) absl::StrAppend(&out, g.end_line);
  }
  std::vector<std::string> notes;
  if (g.resumed) {
    notes.push_back(g.first_line > 0 ? absl::StrCat("resumed after the break on line ", g.first_line)
                                     : std::string("resumed after a break"));
  }
  if (same_function) {
    notes.push_back(absl::StrCat("ends at the graph break on line ", g.end_line));
  } else if (g.ends_in_break) {
    std::string where = absl::StrCat("ends at the graph break at ",
                                     Where(report, g.end_file, g.end_line));
    if (!g.end_function.empty()) absl::StrAppend(&where, " in ", g.end_function);
    notes.push_back(std::move(where));
  }
  if (!notes.empty()) absl::StrAppend(&out, "  ", absl::StrJoin(notes, "; "));
  return out + "\n";
}

std::string TtGraphText(const RuntimeReport& report, const TtGraph& g) {
  std::string out = absl::StrCat("  tt#", g.index, " ");
  if (!g.module_name.empty()) absl::StrAppend(&out, g.module_name, " ");
  absl::StrAppend(&out, "(", Count(static_cast<int64_t>(g.stages.size()), "module", "modules"),
                  ": ", absl::StrJoin(g.stages, ","), ")");
  absl::StrAppend(&out, " ", g.origin);
  if (!g.failed_stage.empty()) absl::StrAppend(&out, "; FAILED after ", g.failed_stage);
  if (g.truncated) absl::StrAppend(&out, "; truncated");
  if (!g.complete && g.failed_stage.empty() && !g.truncated) {
    absl::StrAppend(&out, "; incomplete (no ttnn stage)");
  }
  if (g.attribution.line > 0) {
    absl::StrAppend(&out, "; mostly ", Where(report, g.attribution.file, g.attribution.line));
    if (!g.attribution.function.empty()) absl::StrAppend(&out, " in ", g.attribution.function);
  }
  out += "\n";
  for (const CodeRange& r : g.ranges) {
    absl::StrAppend(&out, "      ", Shown(report, r.file), ":", r.first_line);
    if (r.last_line != r.first_line) absl::StrAppend(&out, "-", r.last_line);
    if (!r.function.empty()) absl::StrAppend(&out, " ", r.function);
    absl::StrAppend(&out, " (", Count(r.ops, "op", "ops"), ")\n");
  }
  return out;
}

std::string SiteText(const RuntimeReport& report, const RuntimeOnlyBreak& b) {
  const BreakSite& s = b.site;
  std::string out = absl::StrCat("  ", Where(report, s.at.file, s.at.line), ": ", s.reason);
  if (!s.registry_id.empty()) absl::StrAppend(&out, " [", s.registry_id, "]");
  absl::StrAppend(&out, " - ", Count(s.count, "break", "breaks"));
  if (s.duplicates > 0) absl::StrAppend(&out, " (", s.duplicates, " repeated)");
  if (s.frames_skipped > 0) {
    absl::StrAppend(&out, ", frame skipped to eager ", Count(s.frames_skipped, "time", "times"));
  }
  absl::StrAppend(&out, ", +", Count(s.graphs_added, "graph", "graphs"));
  if (!s.graphs_known) absl::StrAppend(&out, " (estimated)");
  if (!s.at.function.empty()) absl::StrAppend(&out, ", in ", s.at.function);
  if (report.lint && b.local_path.empty()) {
    absl::StrAppend(&out, s.at.kind == SourceFrame::Kind::kLibrary
                              ? " (library file not analyzed: add it or --include-site-packages)"
                              : " (file not analyzed: add it to PATHS)");
  }
  out += "\n";
  for (const std::string& chained : s.chained) {
    absl::StrAppend(&out, "      then: ", chained, "\n");
  }
  return out;
}

}  // namespace

std::string RuntimeSuffix(const RuntimeStatus& status) {
  switch (status.kind) {
    case RuntimeStatus::Kind::kNotChecked:
      return "";
    case RuntimeStatus::Kind::kNotSeen:
      return " [not seen at runtime]";
    case RuntimeStatus::Kind::kConfirmed:
      break;
  }
  return absl::StrCat(" [confirmed: ", Count(status.break_count, "break", "breaks"), ", +",
                      Count(status.graphs_added, "graph", "graphs"), "]");
}

std::string RuntimeSectionText(const RuntimeReport& report) {
  const LogSummary& logs = report.logs;
  std::string out;
  for (const LogSummary::Input& in : logs.inputs) {
    absl::StrAppend(&out, "Log ", in.path, " (", ToAbsl(LogFormatName(in.format)), ", ",
                    Count(in.lines, "line", "lines"), ")\n");
  }
  if (!logs.torch_version.empty()) absl::StrAppend(&out, "Ran torch ", logs.torch_version, "\n");
  int64_t reports = 0;
  for (const auto& [key, site] : logs.breaks) reports += site.count;
  // Frames compiled for tt-xla without compiler-call records would read "0 graphs" next to the
  // tt-xla graphs Dynamo handed over: the count is unknown then, not zero.
  bool counted = logs.dynamo_graphs_known &&
                 (!logs.dynamo_graphs.empty() || logs.tt_graphs.empty());
  std::string graphs = counted ? Count(static_cast<int64_t>(logs.dynamo_graphs.size()), "graph",
                                       "graphs")
                               : std::string("graph count not in the log (add TORCH_LOGS=+dynamo "
                                             "or TORCH_TRACE)");
  absl::StrAppend(&out, "Dynamo: ", graphs, ", ",
                  Count(logs.dynamo_frames, "frame compile", "frame compiles"), ", ",
                  Count(static_cast<int64_t>(logs.breaks.size()), "graph-break site",
                        "graph-break sites"),
                  " (", Count(reports, "break", "breaks"), "), ",
                  Count(static_cast<int64_t>(logs.recompiles.size()), "recompile", "recompiles"),
                  "\n");
  if (logs.mlir_modules > 0) {
    int complete = 0;
    std::map<size_t, int> per_graph;
    for (const TtGraph& g : logs.tt_graphs) {
      complete += g.complete;
      ++per_graph[g.stages.size()];
    }
    std::string sizes;
    for (const auto& [n, graphs_with_n] : per_graph) {
      absl::StrAppend(&sizes, sizes.empty() ? "" : ", ", n, " modules x", graphs_with_n);
    }
    absl::StrAppend(&out, "tt-xla: ",
                    Count(static_cast<int64_t>(logs.tt_graphs.size()), "compiled graph",
                          "compiled graphs"),
                    " (", complete, " complete; ", Count(logs.mlir_modules, "MLIR module",
                                                         "MLIR modules"),
                    ": ", sizes, ")\n");
  }
  if (!logs.dynamo_graphs.empty()) {
    out += "Dynamo graphs (the code each covers):\n";
    for (size_t i = 0; i < logs.dynamo_graphs.size(); ++i) {
      out += GraphText(report, logs.dynamo_graphs[i], static_cast<int>(i) + 1);
    }
  }
  if (!logs.tt_graphs.empty()) {
    out += "tt-xla graphs (the code each covers, from loc markers of its first module):\n";
    for (const TtGraph& g : logs.tt_graphs) out += TtGraphText(report, g);
  }
  if (!report.source_mismatches.empty()) {
    out += "Breaks on other source than the local files (they confirm nothing):\n";
    for (const SourceMismatch& m : report.source_mismatches) {
      absl::StrAppend(&out, "  ", m.local_path, ":", m.line, ": the log has `", m.logged,
                      "`, the local file has `", m.local, "`\n");
    }
  }
  if (!report.runtime_only.empty()) {
    out += report.lint ? "Runtime-only graph breaks (no finding predicted them):\n"
                       : "Graph breaks by site (most frequent first):\n";
    for (const RuntimeOnlyBreak& b : report.runtime_only) out += SiteText(report, b);
  }
  if (!logs.recompiles.empty()) {
    out += "Recompiles:\n";
    for (const Recompile& r : logs.recompiles) {
      absl::StrAppend(&out, "  ", r.function.empty() ? "(function not in the log)" : r.function,
                      " (", Where(report, r.file, r.line), ")");
      if (!r.guards.empty()) {
        // The guard itself; its `# source line` comment and hint stay in the JSON output.
        std::string guard = FirstLine(r.guards[0]);
        absl::StrAppend(&out, ": guard failed: ", guard.substr(0, guard.find(" #")));
      }
      if (r.guards.size() > 1) absl::StrAppend(&out, " (+", r.guards.size() - 1, " more)");
      if (r.guard_at.line > 0) {
        absl::StrAppend(&out, "; guard from ", Where(report, r.guard_at.file, r.guard_at.line));
      }
      out += "\n";
    }
  }
  if (!logs.failures.empty()) {
    out += "Other compile failures:\n";
    for (const CompileFailure& f : logs.failures) {
      absl::StrAppend(&out, "  ", ToAbsl(FailureKindName(f.kind)), ": ");
      if (!f.function.empty()) absl::StrAppend(&out, f.function, " ");
      if (!f.file.empty()) absl::StrAppend(&out, "(", Where(report, f.file, f.line), ") ");
      absl::StrAppend(&out, FirstLine(f.message));
      if (f.count > 1) absl::StrAppend(&out, " (x", f.count, ")");
      absl::StrAppend(&out, "  [", f.place.log, ":", f.place.line, "]\n");
    }
  }
  return out;
}

std::string RuntimeTally(const RuntimeReport& report) {
  return absl::StrCat(report.confirmed, " confirmed at runtime, ", report.not_seen,
                      " not seen, ",
                      Count(static_cast<int64_t>(report.runtime_only.size()),
                            "runtime-only break site", "runtime-only break sites"));
}

ordered_json RuntimeStatusJson(const RuntimeStatus& status) {
  ordered_json j;
  j["status"] = status.kind == RuntimeStatus::Kind::kConfirmed ? "confirmed" : "not_seen";
  j["break_count"] = status.break_count;
  j["graphs_added"] = status.graphs_added;
  if (!status.reason.empty()) j["reason"] = status.reason;
  if (!status.registry_id.empty()) j["registry_id"] = status.registry_id;
  return j;
}

ordered_json RuntimeJson(const RuntimeReport& report) {
  const LogSummary& logs = report.logs;
  ordered_json inputs = ordered_json::array();
  for (const LogSummary::Input& in : logs.inputs) {
    inputs.push_back({{"path", in.path},
                      {"format", LogFormatName(in.format)},
                      {"bytes", in.bytes},
                      {"lines", in.lines}});
  }
  ordered_json dynamo_graphs = ordered_json::array();
  for (const DynamoGraph& g : logs.dynamo_graphs) {
    dynamo_graphs.push_back({{"compile_id", g.compile_id},
                             {"function", g.function},
                             {"file", JsonPath(report, g.file)},
                             {"first_line", g.first_line},
                             {"end_file", JsonPath(report, g.end_file)},
                             {"end_line", g.end_line},
                             {"end_function", g.end_function},
                             {"ends_in_break", g.ends_in_break},
                             {"resumed", g.resumed},
                             {"backend", g.backend}});
  }
  ordered_json tt_graphs = ordered_json::array();
  for (const TtGraph& g : logs.tt_graphs) {
    ordered_json ranges = ordered_json::array();
    for (const CodeRange& r : g.ranges) {
      ranges.push_back({{"file", JsonPath(report, r.file)},
                        {"function", r.function},
                        {"first_line", r.first_line},
                        {"last_line", r.last_line},
                        {"ops", r.ops}});
    }
    ordered_json attribution = nullptr;
    if (g.attribution.line > 0) {
      attribution = {{"file", JsonPath(report, g.attribution.file)},
                     {"line", g.attribution.line},
                     {"function", g.attribution.function}};
    }
    tt_graphs.push_back({{"index", g.index},
                         {"module_name", g.module_name},
                         {"stages", g.stages},
                         {"complete", g.complete},
                         {"truncated", g.truncated},
                         {"failed_stage", g.failed_stage},
                         {"origin", g.origin},
                         {"after_dynamo_graph", g.after_dynamo_graph},
                         {"ops", g.ops},
                         {"attribution", attribution},
                         {"ranges", std::move(ranges)},
                         {"log_line", g.place.line}});
  }
  ordered_json breaks = ordered_json::array();
  for (const RuntimeOnlyBreak& b : report.runtime_only) {
    const BreakSite& s = b.site;
    ordered_json site = {{"file", JsonPath(report, s.at.file)},
                         {"runtime_file", s.at.file},
                         {"line", s.at.line},
                         {"function", s.at.function},
                         {"code", s.at.code},
                         {"reason", s.reason},
                         {"registry_id", s.registry_id},
                         {"count", s.count},
                         {"duplicates", s.duplicates},
                         {"frames_skipped", s.frames_skipped},
                         {"graphs_added", s.graphs_added},
                         {"graphs_estimated", !s.graphs_known},
                         {"chained", s.chained},
                         {"explanation", s.explanation},
                         {"hints", s.hints},
                         {"first_seen", {{"log", s.first_seen.log}, {"line", s.first_seen.line}}}};
    if (report.lint) site["analyzed"] = !b.local_path.empty();
    breaks.push_back(std::move(site));
  }
  ordered_json recompiles = ordered_json::array();
  for (const Recompile& r : logs.recompiles) {
    recompiles.push_back({{"function", r.function},
                          {"file", JsonPath(report, r.file)},
                          {"line", r.line},
                          {"guards", r.guards},
                          {"guard_file", JsonPath(report, r.guard_at.file)},
                          {"guard_line", r.guard_at.line},
                          {"log_line", r.place.line}});
  }
  ordered_json failures = ordered_json::array();
  for (const CompileFailure& f : logs.failures) {
    failures.push_back({{"kind", FailureKindName(f.kind)},
                        {"function", f.function},
                        {"file", JsonPath(report, f.file)},
                        {"line", f.line},
                        {"message", f.message},
                        {"count", f.count},
                        {"log", f.place.log},
                        {"log_line", f.place.line}});
  }
  int64_t reports = 0;
  for (const auto& [key, site] : logs.breaks) reports += site.count;
  ordered_json j;
  j["logs"] = std::move(inputs);
  j["torch_version"] = logs.torch_version.empty() ? ordered_json(nullptr)
                                                  : ordered_json(logs.torch_version);
  j["dynamo_graph_count"] =
      logs.dynamo_graphs_known ? ordered_json(logs.dynamo_graphs.size()) : ordered_json(nullptr);
  j["dynamo_frames"] = logs.dynamo_frames;
  j["tt_graph_count"] = logs.tt_graphs.size();
  j["mlir_modules"] = logs.mlir_modules;
  j["break_sites"] = logs.breaks.size();
  j["break_count"] = reports;
  if (report.lint) {
    j["confirmed_findings"] = report.confirmed;
    j["not_seen_findings"] = report.not_seen;
    ordered_json mismatches = ordered_json::array();
    for (const SourceMismatch& m : report.source_mismatches) {
      mismatches.push_back(
          {{"file", m.local_path}, {"line", m.line}, {"logged", m.logged}, {"local", m.local}});
    }
    j["source_mismatches"] = std::move(mismatches);
  }
  j[report.lint ? "runtime_only_breaks" : "breaks"] = std::move(breaks);
  j["dynamo_graphs"] = std::move(dynamo_graphs);
  j["tt_graphs"] = std::move(tt_graphs);
  j["recompiles"] = std::move(recompiles);
  j["failures"] = std::move(failures);
  return j;
}

std::string WriteLogsText(const RuntimeReport& report) { return RuntimeSectionText(report); }

std::string WriteLogsJson(const RuntimeReport& report, std::string_view tool_version) {
  ordered_json diagnostics = ordered_json::array();
  for (const LogDiagnostic& d : report.logs.diagnostics) {
    diagnostics.push_back({{"file", d.place.log}, {"line", d.place.line}, {"message", d.message}});
  }
  ordered_json document = {{"tool", {{"name", "gbreak"}, {"version", tool_version}}},
                           {"runtime", RuntimeJson(report)},
                           {"diagnostics", std::move(diagnostics)}};
  return document.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace gbreak
