#ifndef GBREAK_REPORT_TEXT_WRITER_H_
#define GBREAK_REPORT_TEXT_WRITER_H_

#include <string>

#include "report/lint_report.h"

namespace gbreak {

// `path:line:col: CODE message` per finding, then a one-line summary (ruff's familiar form).
std::string WriteText(const LintReport& report);

// One line per rule that fired, most frequent first: count, code, name.
std::string WriteStatistics(const LintReport& report);

// Files, bytes, threads, parse and analysis time (for --stats; printed to stderr).
std::string WriteRunStats(const LintReport& report);

}  // namespace gbreak

#endif  // GBREAK_REPORT_TEXT_WRITER_H_
