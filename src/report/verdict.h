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
std::string EntryVerdict(const LintReport& report);

}  // namespace gbreak

#endif  // GBREAK_REPORT_VERDICT_H_
