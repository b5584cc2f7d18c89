#ifndef GBREAK_REPORT_LINT_REPORT_H_
#define GBREAK_REPORT_LINT_REPORT_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/time/time.h"
#include "crosscheck/crosscheck.h"
#include "rules/finding.h"
#include "source/diagnostic.h"

namespace gbreak {

struct LintStats {
  size_t files_checked = 0;  // read and parsed
  size_t files_skipped = 0;  // could not be read, or over the size limit
  uint64_t bytes = 0;
  int threads = 1;
  absl::Duration parse_time;     // summed over workers
  absl::Duration analysis_time;  // summed over workers
  absl::Duration wall_time;
  // The result cache (whole-tree runs): files whose results it held, and files analyzed (and
  // stored); both 0 when no cache was used.
  bool cache_used = false;
  size_t cache_hits = 0;
  size_t cache_misses = 0;
};

// Everything a writer needs: findings in output order, input diagnostics, statistics.
struct LintReport {
  std::vector<Finding> findings;  // sorted: file, line, column, code
  std::vector<Diagnostic> diagnostics;
  LintStats stats;
  // The rules that ran, in catalog order (SARIF lists them all in `tool.driver.rules`). The
  // rule set outlives the report.
  std::vector<const Rule*> rules;
  // Graphs Dynamo compiled, per the runtime log; -1 when no log was given (markdown report).
  int graph_count = -1;
  // An entry run (`--entry`): the report carries a verdict on the model (report/verdict.h).
  bool entry_run = false;
  // What the runtime logs said (`lint --log`): counts, graphs, runtime-only breaks, failures.
  // Empty without a log; findings are then in rank order (crosscheck/crosscheck.h).
  std::optional<RuntimeReport> runtime;
};

}  // namespace gbreak

#endif  // GBREAK_REPORT_LINT_REPORT_H_
