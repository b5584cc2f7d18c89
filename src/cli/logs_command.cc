#include "cli/logs_command.h"

#include <iostream>
#include <limits>
#include <map>
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
#include "source/absl_compat.h"
#include "source/file_reader.h"

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

// The lines of the analyzed files that the logs' breaks are on, for the source check. Each file
// is read at most once, and only when a break in it printed its source line: the analysis has let
// go of the sources by the time the logs are read.
class LocalSourceLines {
 public:
  std::optional<std::string> Line(const std::string& path, int line) {
    auto [it, added] = files_.try_emplace(path);
    if (added) it->second = Load(path);
    if (!it->second) return std::nullopt;
    const std::vector<std::string>& lines = *it->second;
    if (line < 1 || static_cast<size_t>(line) > lines.size()) return std::string();
    return lines[line - 1];
  }

 private:
  // Python ends a line at \n, \r\n or a lone \r.
  static std::optional<std::vector<std::string>> Load(const std::string& path) {
    absl::StatusOr<std::string> bytes = ReadFileBytes(path, std::numeric_limits<uint64_t>::max());
    if (!bytes.ok()) return std::nullopt;
    std::vector<std::string> lines;
    std::string_view text = *bytes;
    size_t start = 0;
    while (start < text.size()) {
      size_t end = text.find_first_of("\r\n", start);
      if (end == std::string_view::npos) end = text.size();
      lines.emplace_back(text.substr(start, end - start));
      start = end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1);
    }
    return lines;
  }

  std::map<std::string, std::optional<std::vector<std::string>>> files_;
};

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
  // "2.14.1+cu130" -> "2.14": the release up to its second dot.
  auto minor = [](std::string_view v) {
    size_t first = v.find('.');
    size_t end = first == std::string_view::npos ? v.size() : v.find_first_of(".+", first + 1);
    return std::string(v.substr(0, end));
  };
  std::string logged = minor(logs.torch_version);
  if (logged == minor(analyzed)) return;
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
  LocalSourceLines local_lines;
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
