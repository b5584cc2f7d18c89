#ifndef GBREAK_RULES_REACHABILITY_H_
#define GBREAK_RULES_REACHABILITY_H_

#include <vector>

#include "program/program_graph.h"
#include "rules/file_check.h"

namespace gbreak {

// Settles what each file could not decide alone: a finding in a function its own file never
// calls is kept only when the program-wide call graph (every checked file's summary) reaches that
// function from some entry, for example a helper module called from another file's forward.
void SettleReachability(std::vector<FileCheckResult>& results);

// True when a finding holds only if its Finding::requires_replaced_module replaces itself in
// sys.modules, and the program does not hold that module or says it does not: unknown is no
// break.
bool ReplacedModuleMissing(const ProgramGraph& graph, const Finding& f);

}  // namespace gbreak

#endif  // GBREAK_RULES_REACHABILITY_H_
