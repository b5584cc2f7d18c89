#ifndef GBREAK_REPORT_VERDICT_H_
#define GBREAK_REPORT_VERDICT_H_

#include <string>

#include "report/lint_report.h"

namespace gbreak {

// What an entry run says of the model as a whole: "breaks" when a graph break is reached
// whatever the call passes, "breaks only when <condition>[ or <condition>...]" when every break
// found sits under a condition gbreak could not decide (an optional input given, a lookup
// handing back a replaced method), "compiles whole" when none is found. gbreak's own
// diagnostics (GX) and recompilation hazards (RC) are not graph breaks.
// When the run had errors (an unreadable path, an unresolved --entry) the verdict is
// "unknown": what was not read cannot be judged.
std::string EntryVerdict(const LintReport& report);

// The input errors of the run (the diagnostics that make gbreak exit 2).
size_t ErrorCount(const LintReport& report);

// "path: message" of the first input error, for a summary line; "" when there is none.
std::string FirstError(const LintReport& report);

// Graph-break sites only the runtime log showed (`lint --log`): findings too, for the summary
// and the exit code.
size_t RuntimeOnlyCount(const LintReport& report);

// The findings and the runtime-only sites: the one count every summary reports and the exit
// code tests, so no output can call a run clean that another output or the exit code does not.
size_t FindingCount(const LintReport& report);

// The findings gbreak found under no condition it could not decide, with the log's runtime-only
// breaks: what fails a run under --no-fail-on-conditional.
size_t UnconditionalCount(const LintReport& report);

}  // namespace gbreak

#endif  // GBREAK_REPORT_VERDICT_H_
