#ifndef GBREAK_CLI_LOGS_COMMAND_H_
#define GBREAK_CLI_LOGS_COMMAND_H_

#include <string>
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
// errors, malformed lines as warnings).
void CrosscheckLogs(const std::vector<std::string>& logs,
                    const std::vector<std::string>& analyzed_files, LintReport& report);

}  // namespace gbreak

#endif  // GBREAK_CLI_LOGS_COMMAND_H_
