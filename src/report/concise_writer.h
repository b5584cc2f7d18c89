#ifndef GBREAK_REPORT_CONCISE_WRITER_H_
#define GBREAK_REPORT_CONCISE_WRITER_H_

#include <string>

#include "report/lint_report.h"

namespace gbreak {

// Exactly one line per finding, `path:line:col: CODE message`, and nothing else: no summary, so
// editors' error parsers and `grep`/`wc -l` see only findings.
std::string WriteConcise(const LintReport& report);

}  // namespace gbreak

#endif  // GBREAK_REPORT_CONCISE_WRITER_H_
