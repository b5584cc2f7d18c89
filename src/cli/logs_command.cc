#include "cli/logs_command.h"

#include <iostream>
#include <utility>

#include "absl/strings/str_cat.h"
#include "cli/lint_command.h"
#include "cli/output_file.h"
#include "crosscheck/crosscheck.h"
#include "crosscheck/runtime_writer.h"
#include "logs/logs.h"

namespace gbreak {
namespace {

// Log problems as gbreak diagnostics: they name the log file and line.
void AddLogDiagnostics(const LogReadResult& read, std::vector<Diagnostic>& out) {
  for (const Diagnostic& error : read.errors) out.push_back(error);
  for (const LogDiagnostic& d : read.summary.diagnostics) {
    out.push_back(Diagnostic{Diagnostic::Level::kWarning, d.place.log,
                             static_cast<int>(d.place.line), d.message});
  }
  if (read.summary.diagnostics_dropped > 0) {
    out.push_back(Diagnostic{Diagnostic::Level::kWarning, "logs", 0,
                             absl::StrCat(read.summary.diagnostics_dropped,
                                          " more problems in the logs not shown")});
  }
}

int GraphCount(const LogSummary& logs) {
  if (logs.dynamo_graphs_known) return static_cast<int>(logs.dynamo_graphs.size());
  return -1;
}

}  // namespace

void CrosscheckLogs(const std::vector<std::string>& logs,
                    const std::vector<std::string>& analyzed_files, LintReport& report) {
  LogReadResult read = ReadLogs(logs);
  AddLogDiagnostics(read, report.diagnostics);
  report.graph_count = GraphCount(read.summary);
  report.runtime = Crosscheck(report.findings, analyzed_files, std::move(read.summary));
}

int RunLogs(const LogsOptions& options) {
  LogReadResult read = ReadLogs(options.paths);
  std::vector<Diagnostic> diagnostics;
  AddLogDiagnostics(read, diagnostics);
  bool error = !read.errors.empty();
  for (const Diagnostic& d : diagnostics) std::cerr << "gbreak: " << FormatDiagnostic(d) << "\n";
  RuntimeReport report = LogsOnly(std::move(read.summary));
  std::string output = options.output_format == "json" ? WriteLogsJson(report, GBREAK_VERSION)
                                                       : WriteLogsText(report);
  if (absl::Status written = WriteOutput(options.output_file, output); !written.ok()) {
    std::cerr << "gbreak: error: " << written.message() << "\n";
    return kExitError;
  }
  return error ? kExitError : kExitClean;
}

}  // namespace gbreak
