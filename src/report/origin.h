#ifndef GBREAK_REPORT_ORIGIN_H_
#define GBREAK_REPORT_ORIGIN_H_

#include <string>

#include "rules/finding.h"

namespace gbreak {

// Where a finding's code lives, as reports name it: "user", or the library ("transformers"). An
// entry run sets the library of each file it reaches (Finding::origin); a file under a
// site-packages (or dist-packages) directory that the user linted on purpose is that library's
// code too, named by its top-level package. Fixes still treat such a file as the user's (they
// asked for it), so this is for reports only.
std::string OriginOf(const Finding& finding);

}  // namespace gbreak

#endif  // GBREAK_REPORT_ORIGIN_H_
