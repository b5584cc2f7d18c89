#ifndef GBREAK_CLI_LINT_COMMAND_H_
#define GBREAK_CLI_LINT_COMMAND_H_

#include <string>
#include <vector>

#include "rules/rule_selection.h"
#include "source/discovery.h"

namespace gbreak {

// Exit codes, as ruff and pre-commit users expect them.
inline constexpr int kExitClean = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitError = 2;  // usage, configuration or I/O error

struct LintOptions {
  std::vector<std::string> paths;
  DiscoveryOptions discovery;
  RuleSelection selection;
  std::vector<std::string> rule_dirs;
  int threads = 0;  // 0: every core
  double max_file_megabytes = 10;
  std::string output_format = "text";  // text | json
  std::string output_file;             // "" or "-": standard output
  bool exit_zero = false;
  bool statistics = false;  // counts per rule instead of findings
  bool stats = false;       // run statistics on stderr
  // Runtime logs to cross-check the findings against (`--log`; docs/logs.md).
  std::vector<std::string> logs;
};

// Runs `gbreak lint`; returns the process exit code.
int RunLint(const LintOptions& options);

}  // namespace gbreak

#endif  // GBREAK_CLI_LINT_COMMAND_H_
