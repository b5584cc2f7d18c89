#ifndef GBREAK_CROSSCHECK_CROSSCHECK_H_
#define GBREAK_CROSSCHECK_CROSSCHECK_H_

// The log cross-check: which findings a run confirms, which breaks only the run saw, which code
// each graph covers. docs/logs.md describes the matching and the ranking.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "logs/log_events.h"
#include "rules/finding.h"

namespace gbreak {

// A runtime break no finding predicted.
struct RuntimeOnlyBreak {
  BreakSite site;
  std::string local_path;  // the analyzed file it is in; "" when gbreak did not analyze it
};

// A break the log places on a line whose source text is not the local file's: the run used other
// source (another library version, a file edited since), so the break confirms nothing there.
struct SourceMismatch {
  std::string local_path;
  int line = 0;
  std::string logged;  // the line as the log printed it
  std::string local;   // the local file's line, stripped ("" past the end of the file)
};

// The text of one line (1-based) of an analyzed file; nullopt when the file cannot be read.
using LocalLineReader = std::function<std::optional<std::string>(const std::string& path, int line)>;

struct RuntimeReport {
  LogSummary logs;
  std::vector<RuntimeOnlyBreak> runtime_only;  // most frequent first
  int confirmed = 0;  // findings
  int not_seen = 0;   // findings
  // For display: each runtime path that matched an analyzed file, mapped to it.
  std::vector<std::pair<std::string, std::string>> path_map;
  std::vector<SourceMismatch> source_mismatches;  // by path and line
  bool lint = false;  // produced by `gbreak lint --log` (else `gbreak logs`)
};

// Labels each finding (confirmed with counts, or not seen), reorders `findings` by rank (confirmed
// first, by breaks, then by graphs added; the rest in file order) and collects runtime-only
// breaks. `analyzed_files` are the paths gbreak checked, as it printed them. With `read_line`, a
// break whose logged source line differs from the local line is a SourceMismatch and matches no
// finding.
RuntimeReport Crosscheck(std::vector<Finding>& findings,
                         const std::vector<std::string>& analyzed_files, LogSummary logs,
                         const LocalLineReader& read_line = {});

// For `gbreak logs`: every break is listed (there are no findings to match).
RuntimeReport LogsOnly(LogSummary logs);

// The local path for a runtime path, as the report prints it: the analyzed file it matched, or
// the path as the log printed it.
const std::string& DisplayPath(const RuntimeReport& report, const std::string& runtime_path);

}  // namespace gbreak

#endif  // GBREAK_CROSSCHECK_CROSSCHECK_H_
