#ifndef GBREAK_REPORT_JSON_LINES_WRITER_H_
#define GBREAK_REPORT_JSON_LINES_WRITER_H_

#include <string>

#include "report/lint_report.h"

namespace gbreak {

// One compact JSON object per finding per line (the `findings[]` objects of the JSON output,
// docs/json-output.md), for streaming consumers and `jq -c`.
std::string WriteJsonLines(const LintReport& report);

}  // namespace gbreak

#endif  // GBREAK_REPORT_JSON_LINES_WRITER_H_
