#ifndef GBREAK_REPORT_OUTPUT_FORMATS_H_
#define GBREAK_REPORT_OUTPUT_FORMATS_H_

#include <optional>
#include <string>
#include <vector>

#include "report/lint_report.h"

namespace gbreak {

// What a writer produced: the bytes, and warnings for stderr (results dropped, say).
struct FormattedReport {
  std::string text;
  std::vector<std::string> warnings;
};

// Writes `report` in one of the formats `gbreak lint --output-format` accepts: text, concise,
// json, json-lines, sarif, github, markdown. `statistics` replaces the text format's findings
// with counts per rule. Formats that need the files' contents (SARIF's line fingerprints, the
// markdown report's excerpts and repro scripts) read them here.
FormattedReport FormatReport(const LintReport& report, const std::string& format,
                             bool statistics, const std::string& tool_version);

// The repository root for SARIF URIs: the nearest directory at or above `start` that holds a
// `.git` entry; `start` itself when there is none.
std::string FindSourceRoot(const std::string& start);

// The whole file, or nullopt when it cannot be read.
std::optional<std::string> ReadWholeFile(const std::string& path);

}  // namespace gbreak

#endif  // GBREAK_REPORT_OUTPUT_FORMATS_H_
