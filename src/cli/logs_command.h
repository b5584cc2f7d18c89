#ifndef GBREAK_CLI_LOGS_COMMAND_H_
#define GBREAK_CLI_LOGS_COMMAND_H_

#include <string>
#include <string_view>
#include <vector>

#include "report/lint_report.h"

namespace gbreak {

struct LogsOptions {
  std::vector<std::string> paths;      // log files or TORCH_TRACE directories
  std::string output_format = "text";  // text | json
  std::string output_file;             // "" or "-": standard output
};

// Runs `gbreak logs`: summarizes runtime logs alone. Returns the process exit code.
int RunLogs(const LogsOptions& options);

// `gbreak lint --log`: reads the logs, labels and ranks report.findings, fills report.runtime
// and report.graph_count, and adds the logs' problems to report.diagnostics (unreadable logs as
// errors, malformed lines as warnings). It also checks that the local source is the source that
// ran: a logged line that differs from the local one is a warning (and confirms nothing), and so
// is a log recorded with another torch release than `torch_version`, the one the analysis
// modelled.
void CrosscheckLogs(const std::vector<std::string>& logs,
                    const std::vector<std::string>& analyzed_files, std::string_view torch_version,
                    LintReport& report);

}  // namespace gbreak

#endif  // GBREAK_CLI_LOGS_COMMAND_H_
