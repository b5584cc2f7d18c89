#ifndef GBREAK_RULES_REACHABILITY_H_
#define GBREAK_RULES_REACHABILITY_H_

#include <vector>

#include "program/program_graph.h"
#include "rules/file_check.h"

namespace gbreak {

// Settles what each file could not decide alone: a finding in a function its own file never
// calls is kept only when the program-wide call graph (every checked file's summary) reaches that
// function from some entry, for example a helper module called from another file's forward.
// The results' summaries go into that graph: none is left in them afterwards.
//
// How the graph goes when done: freed, or, where the process ends after the run, buried
// (source/bury.h: not freed piece by piece, which costs as much as building it).
enum class GraphDisposal { kFree, kBuryUntilExit };
void SettleReachability(std::vector<FileCheckResult>& results,
                        GraphDisposal disposal = GraphDisposal::kFree);

// True when the program does not hold what a finding requires (Finding::requirement): the callee is
// not disabled, or the module is not in the program or does not replace itself. Unknown is no
// break.
bool RequirementUnmet(const ProgramGraph& graph, const ProgramRequirement& requirement);

}  // namespace gbreak

#endif  // GBREAK_RULES_REACHABILITY_H_
