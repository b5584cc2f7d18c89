#include "cli/logs_command.h"

#include <iostream>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cli/lint_command.h"
#include "cli/output_file.h"
#include "crosscheck/crosscheck.h"
#include "crosscheck/runtime_writer.h"
#include "logs/logs.h"
#include "rules/dynamo_settings.h"
#include "source/absl_compat.h"
#include "source/file_reader.h"
#include "source/line_reader.h"

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

// A log line that is not what the local file says there: the run used other source.
void AddSourceMismatches(const RuntimeReport& runtime, std::vector<Diagnostic>& out) {
  for (const SourceMismatch& m : runtime.source_mismatches) {
    out.push_back(Diagnostic{
        Diagnostic::Level::kWarning, m.local_path, m.line,
        absl::StrCat("the log's break here ran other source: the log has `", m.logged,
                     "`, the local file has `", m.local,
                     "` (another library version, or the file changed since the run); the break "
                     "confirms no finding")});
  }
}

// "2.14.1+cu130" against the analysis' "2.13": releases differ in what breaks, so a log of one
// confirms the other's findings only roughly.
void CheckTorchVersion(const LogSummary& logs, std::string_view analyzed,
                       std::vector<Diagnostic>& out) {
  if (logs.torch_version.empty() || analyzed.empty()) return;
  std::string logged = TorchRelease(logs.torch_version);
  if (logged.empty() || logged == TorchRelease(analyzed)) return;
  out.push_back(Diagnostic{
      Diagnostic::Level::kWarning, logs.torch_version_at.log,
      static_cast<int>(logs.torch_version_at.line),
      absl::StrCat("the log was recorded with torch ", logs.torch_version,
                   ", the analysis modelled torch ", ToAbsl(analyzed), " (--torch-version ", logged,
                   " analyzes for the torch that ran)")});
}

}  // namespace

void CrosscheckLogs(const std::vector<std::string>& logs,
                    const std::vector<std::string>& analyzed_files, std::string_view torch_version,
                    LintReport& report) {
  LogReadResult read = ReadLogs(logs);
  AddLogDiagnostics(read, report.diagnostics);
  CheckTorchVersion(read.summary, torch_version, report.diagnostics);
  report.graph_count = GraphCount(read.summary);
  // The lines of the analyzed files the logs' breaks are on, for the source check: read only
  // for a break that printed its source line (the analysis has let go of the sources by now).
  LineReader local_lines([](const std::string& path) -> std::optional<std::string> {
    absl::StatusOr<std::string> bytes = ReadFileBytes(path, std::numeric_limits<uint64_t>::max());
    return bytes.ok() ? std::optional<std::string>(*std::move(bytes)) : std::nullopt;
  });
  report.runtime =
      Crosscheck(report.findings, analyzed_files, std::move(read.summary),
                 [&](const std::string& path, int line) { return local_lines.Line(path, line); });
  AddSourceMismatches(*report.runtime, report.diagnostics);
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
