#ifndef GBREAK_LOGS_LOGS_H_
#define GBREAK_LOGS_LOGS_H_

// The log readers' one public entry point: read runtime logs of any supported format (detected
// from their content) into one LogSummary.

#include <string>
#include <vector>

#include "logs/log_events.h"
#include "source/diagnostic.h"

namespace gbreak {

struct LogReadResult {
  LogSummary summary;
  std::vector<Diagnostic> errors;  // paths that could not be read
};

// Reads each path (a log file, or a directory of them such as a TORCH_TRACE directory), in one
// streaming pass per file. Counts from logs of different runs add up; one run logged two ways
// (TORCH_LOGS text and TORCH_TRACE: same break sites, or same graphs) is counted once, the larger
// count winning per site.
LogReadResult ReadLogs(const std::vector<std::string>& paths);

// One file; `format` kUnknown means detect it.
LogSummary ReadLogFile(const std::string& path, Diagnostic* error);

// Merges per-file summaries as ReadLogs does.
LogSummary MergeSummaries(std::vector<LogSummary> parts);

}  // namespace gbreak

#endif  // GBREAK_LOGS_LOGS_H_
