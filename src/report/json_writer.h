#ifndef GBREAK_REPORT_JSON_WRITER_H_
#define GBREAK_REPORT_JSON_WRITER_H_

#include <string>

#include "report/lint_report.h"

namespace gbreak {

// The version of the JSON output schema (docs/json-output.md). Bumped on any incompatible change.
inline constexpr int kJsonSchemaVersion = 1;

// The whole report as one JSON document.
std::string WriteJson(const LintReport& report, std::string_view tool_version);

// One finding as a compact JSON object on one line (no newline): the `findings[]` element.
std::string FindingJsonLine(const Finding& finding);

}  // namespace gbreak

#endif  // GBREAK_REPORT_JSON_WRITER_H_
