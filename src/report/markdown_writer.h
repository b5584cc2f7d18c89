#ifndef GBREAK_REPORT_MARKDOWN_WRITER_H_
#define GBREAK_REPORT_MARKDOWN_WRITER_H_

#include <functional>
#include <optional>
#include <string>

#include "report/lint_report.h"

namespace gbreak {

struct MarkdownOptions {
  std::string tool_version;
  // Reads a finding's file (its path as reported, once per file) for the source excerpt;
  // nullopt when it cannot (the report then goes without them).
  std::function<std::optional<std::string>(const std::string&)> read_file;
};

// The report an engineer hands to a colleague: the graph count when a log was given, a table of
// every break by importance (confirmed runtime count first), then one section per break with its
// cause, the call chain, why Dynamo breaks, the fix, the source line and a minimal repro script.
std::string WriteMarkdown(const LintReport& report, const MarkdownOptions& options);

}  // namespace gbreak

#endif  // GBREAK_REPORT_MARKDOWN_WRITER_H_
