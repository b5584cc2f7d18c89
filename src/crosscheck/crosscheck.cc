#include "crosscheck/crosscheck.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "crosscheck/path_match.h"
#include "logs/text_util.h"

namespace gbreak {
namespace {

// Runtime-only breaks: most reports first, then by place.
void SortRuntimeOnly(std::vector<RuntimeOnlyBreak>& breaks) {
  std::stable_sort(breaks.begin(), breaks.end(),
                   [](const RuntimeOnlyBreak& a, const RuntimeOnlyBreak& b) {
                     return std::make_tuple(-a.site.count, -a.site.graphs_added, a.site.at.file,
                                            a.site.at.line) <
                            std::make_tuple(-b.site.count, -b.site.graphs_added, b.site.at.file,
                                            b.site.at.line);
                   });
}

// Does the local line say what the log printed? Python's traceback prints the line stripped.
bool SameSource(const std::string& logged, const std::string& local) {
  return Trim(logged) == Trim(local);
}

}  // namespace

RuntimeReport Crosscheck(std::vector<Finding>& findings,
                         const std::vector<std::string>& analyzed_files, LogSummary logs,
                         const LocalLineReader& read_line) {
  RuntimeReport report;
  report.lint = true;
  PathMatcher matcher(analyzed_files);

  // Breaks by the analyzed file they are in, unless the log's source line there is not the local
  // one (then the break is runtime-only, and the mismatch is reported).
  std::map<std::string, std::vector<const BreakSite*>> by_file;
  std::map<std::string, std::string> path_map;
  std::map<std::pair<std::string, int>, SourceMismatch> mismatches;
  for (const auto& [key, site] : logs.breaks) {
    const std::string& local = matcher.Match(site.at.file);
    if (local.empty()) continue;
    path_map[site.at.file] = local;
    if (read_line && !site.at.code.empty()) {
      std::optional<std::string> text = read_line(local, site.at.line);
      if (text && !SameSource(site.at.code, *text)) {
        mismatches.try_emplace({local, site.at.line},
                               SourceMismatch{local, site.at.line, site.at.code,
                                              std::string(Trim(*text))});
        continue;
      }
    }
    by_file[local].push_back(&site);
  }
  // Failures at a user line (fullgraph errors, skipped frames) confirm as well. A frame skipped
  // to eager is the cascade of a break: where the log names its breaks, that break's site already
  // counts the skip (frames_skipped), and the failure's line is the skipped frame's, often a
  // resumed function's first line rather than the break's. Only a log that names no break at all
  // (an older format) has nothing else to confirm with.
  const bool breaks_named = !logs.breaks.empty();
  std::map<std::string, std::vector<const CompileFailure*>> failures_by_file;
  for (const CompileFailure& f : logs.failures) {
    if (f.file.empty() || f.line == 0) continue;
    if (breaks_named && f.kind == CompileFailure::Kind::kFrameSkipped) continue;
    const std::string& local = matcher.Match(f.file);
    if (local.empty()) continue;
    failures_by_file[local].push_back(&f);
    path_map[f.file] = local;
  }
  for (const DynamoGraph& g : logs.dynamo_graphs) {
    if (!g.file.empty() && !matcher.Match(g.file).empty()) path_map[g.file] = matcher.Match(g.file);
  }
  for (const TtGraph& g : logs.tt_graphs) {
    for (const CodeRange& r : g.ranges) {
      if (!matcher.Match(r.file).empty()) path_map[r.file] = matcher.Match(r.file);
    }
  }

  std::set<const BreakSite*> matched;
  for (Finding& f : findings) {
    RuntimeStatus& status = f.runtime;
    status = RuntimeStatus();
    status.kind = RuntimeStatus::Kind::kNotSeen;
    int first = f.start.line, last = std::max(f.start.line, f.end.line);
    if (auto it = by_file.find(f.path); it != by_file.end()) {
      for (const BreakSite* site : it->second) {
        if (site->at.line < first || site->at.line > last) continue;
        matched.insert(site);
        status.kind = RuntimeStatus::Kind::kConfirmed;
        status.break_count += site->count;
        status.graphs_added += site->graphs_added;
        if (status.reason.empty()) {
          status.reason = site->reason;
          status.registry_id = site->registry_id;
        }
      }
    }
    if (auto it = failures_by_file.find(f.path); it != failures_by_file.end()) {
      for (const CompileFailure* failure : it->second) {
        if (failure->line < first || failure->line > last) continue;
        status.kind = RuntimeStatus::Kind::kConfirmed;
        status.break_count += failure->count;
        if (status.reason.empty()) status.reason = failure->message;
      }
    }
    (status.kind == RuntimeStatus::Kind::kConfirmed ? report.confirmed : report.not_seen) += 1;
  }

  // Rank: confirmed first, by breaks, then graphs added; ties and the rest keep file order.
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    auto key = [](const Finding& f) {
      bool confirmed = f.runtime.kind == RuntimeStatus::Kind::kConfirmed;
      return std::make_tuple(!confirmed, -f.runtime.break_count, -f.runtime.graphs_added);
    };
    return key(a) < key(b);
  });

  for (const auto& [key, site] : logs.breaks) {
    if (matched.count(&site) != 0) continue;
    report.runtime_only.push_back(RuntimeOnlyBreak{site, matcher.Match(site.at.file)});
  }
  SortRuntimeOnly(report.runtime_only);
  report.path_map.assign(path_map.begin(), path_map.end());
  for (auto& [place, mismatch] : mismatches) report.source_mismatches.push_back(std::move(mismatch));
  report.logs = std::move(logs);
  return report;
}

RuntimeReport LogsOnly(LogSummary logs) {
  RuntimeReport report;
  for (const auto& [key, site] : logs.breaks) {
    report.runtime_only.push_back(RuntimeOnlyBreak{site, ""});
  }
  SortRuntimeOnly(report.runtime_only);
  report.logs = std::move(logs);
  return report;
}

const std::string& DisplayPath(const RuntimeReport& report, const std::string& runtime_path) {
  auto it = std::lower_bound(
      report.path_map.begin(), report.path_map.end(), runtime_path,
      [](const std::pair<std::string, std::string>& e, const std::string& p) { return e.first < p; });
  if (it != report.path_map.end() && it->first == runtime_path) return it->second;
  return runtime_path;
}

}  // namespace gbreak
