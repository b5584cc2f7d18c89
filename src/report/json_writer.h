#ifndef GBREAK_REPORT_JSON_WRITER_H_
#define GBREAK_REPORT_JSON_WRITER_H_

#include <string>

#include "report/lint_report.h"

namespace gbreak {

// The version of the JSON output schema (docs/json-output.md). Bumped on any incompatible change.
inline constexpr int kJsonSchemaVersion = 1;

// The whole report as one JSON document.
std::string WriteJson(const LintReport& report, std::string_view tool_version);

}  // namespace gbreak

#endif  // GBREAK_REPORT_JSON_WRITER_H_
