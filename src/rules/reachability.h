#ifndef GBREAK_RULES_REACHABILITY_H_
#define GBREAK_RULES_REACHABILITY_H_

#include <vector>

#include "rules/file_check.h"

namespace gbreak {

// Settles what each file could not decide alone: a finding in a function its own file never
// calls is kept only when the program-wide call graph (every checked file's summary) reaches that
// function from some entry, for example a helper module called from another file's forward.
void SettleReachability(std::vector<FileCheckResult>& results);

}  // namespace gbreak

#endif  // GBREAK_RULES_REACHABILITY_H_
