#include "report/text_writer.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "crosscheck/runtime_writer.h"
#include "report/verdict.h"

namespace gbreak {
namespace {

std::string Plural(size_t n, const char* one, const char* many) {
  return absl::StrCat(n, " ", n == 1 ? one : many);
}

// Runtime-only breaks are findings: a log that saw breaks is no pass.
std::string FoundText(const LintReport& report, size_t files_with_findings) {
  size_t runtime_only = RuntimeOnlyCount(report);
  std::string out = "Found ";
  if (!report.findings.empty()) {
    absl::StrAppend(&out, Plural(report.findings.size(), "finding", "findings"), " in ",
                    Plural(files_with_findings, "file", "files"));
    if (runtime_only > 0) absl::StrAppend(&out, " and ");
  }
  if (runtime_only > 0) {
    absl::StrAppend(&out, Plural(runtime_only, "runtime-only graph-break site",
                                 "runtime-only graph-break sites"),
                    " in the log");
  }
  return out;
}

// The last line of the report. A run that ended with an error (exit 2) never reads as a pass:
// it names what failed.
std::string SummaryLine(const LintReport& report, size_t files_with_findings) {
  std::string checked = absl::StrCat(report.stats.files_checked, " checked");
  if (size_t errors = ErrorCount(report); errors > 0) {
    std::string out = absl::StrCat("Failed: ", Plural(errors, "error", "errors"), " (",
                                   FirstError(report), errors > 1 ? ", ..." : "", "); ");
    if (FindingCount(report) > 0) {
      std::string found = FoundText(report, files_with_findings);
      found[0] = 'f';  // mid-sentence
      absl::StrAppend(&out, found, " (", checked, ").");
    } else {
      absl::StrAppend(&out, Plural(report.stats.files_checked, "file", "files"), " checked.");
    }
    return out;
  }
  if (FindingCount(report) == 0) {
    return absl::StrCat("All checks passed (", Plural(report.stats.files_checked, "file", "files"),
                        " checked).");
  }
  return absl::StrCat(FoundText(report, files_with_findings), " (", checked, ").");
}

}  // namespace

std::string WriteText(const LintReport& report) {
  std::string out;
  std::set<std::string> files_with_findings;
  for (const Finding& f : report.findings) {
    absl::StrAppend(&out, f.path, ":", f.start.line, ":", f.start.column, ": ", f.rule->code, " ",
                    f.message, RuntimeSuffix(f.runtime), "\n");
    files_with_findings.insert(f.path);
  }
  if (report.runtime) absl::StrAppend(&out, "\n", RuntimeSectionText(*report.runtime), "\n");
  absl::StrAppend(&out, SummaryLine(report, files_with_findings.size()), "\n");
  if (report.runtime) absl::StrAppend(&out, "Runtime: ", RuntimeTally(*report.runtime), ".\n");
  if (report.entry_run) absl::StrAppend(&out, "Verdict: ", EntryVerdict(report), ".\n");
  return out;
}

std::string WriteStatistics(const LintReport& report) {
  std::map<std::string, std::pair<const Rule*, size_t>> counts;
  for (const Finding& f : report.findings) {
    auto& entry = counts[f.rule->code];
    entry.first = f.rule;
    ++entry.second;
  }
  std::vector<std::pair<const Rule*, size_t>> rows;
  for (auto& [code, entry] : counts) rows.push_back(entry);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  size_t width = 1;
  for (auto& [rule, n] : rows) width = std::max(width, absl::StrCat(n).size());
  std::string out;
  for (auto& [rule, n] : rows) {
    absl::StrAppend(&out, absl::StrFormat("%*d", static_cast<int>(width), n), "\t", rule->code,
                    "\t", rule->name, "\n");
  }
  return out;
}

std::string WriteRunStats(const LintReport& report) {
  const LintStats& s = report.stats;
  double wall = absl::ToDoubleSeconds(s.wall_time);
  double megabytes = static_cast<double>(s.bytes) / (1024.0 * 1024.0);
  std::string out = absl::StrFormat(
      "files: %d checked, %d skipped\n"
      "bytes: %d (%.2f MB)\n"
      "threads: %d\n"
      "parse time: %.3f s (summed over threads)\n"
      "analysis time: %.3f s (summed over threads)\n"
      "wall time: %.3f s (%.1f MB/s)\n",
      s.files_checked, s.files_skipped, s.bytes, megabytes, s.threads,
      absl::ToDoubleSeconds(s.parse_time), absl::ToDoubleSeconds(s.analysis_time), wall,
      wall > 0 ? megabytes / wall : 0.0);
  if (s.cache_used) {
    absl::StrAppendFormat(&out, "cache: %d files read from it, %d analyzed\n", s.cache_hits,
                          s.cache_misses);
  }
  return out;
}

}  // namespace gbreak
