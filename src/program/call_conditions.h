#ifndef GBREAK_PROGRAM_CALL_CONDITIONS_H_
#define GBREAK_PROGRAM_CALL_CONDITIONS_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "program/program_graph.h"

namespace gbreak {

// What each reached call site runs under, as its file's analysis says: (module index, the call's
// start byte) -> the conditions gbreak cannot decide ("`len(collected_outputs) > 0`"). Sites
// not listed run whenever their function does. A submodule's constructor is a site too
// (CallSite::built_start): its call runs that forward only under the constructor's conditions.
using SiteConditions = std::map<std::pair<size_t, uint32_t>, std::string>;
// The sites (as above) that never run: their branch folds away under the program's facts (a
// configuration default), so nothing is reached through them.
using SitesNeverRun = std::set<std::pair<size_t, uint32_t>>;

struct CallConditions {
  // The functions of `reached` that run only under a condition: every way to them from the
  // entries passes a call made under one (a function called inside `if len(collected_outputs) >
  // 0:` of a function the entry calls, and what that function calls in turn). Each gets the
  // condition of the first such call on its way (breadth first from the entries).
  std::map<FunctionRef, std::string> when;
  // The functions of `reached` every way to which passes a site that never runs (the forward of
  // a submodule __init__ builds only when `config.do_stable_layer_norm`, whose default is False).
  std::set<FunctionRef> unreached;
  // When some are: `reached` without them, each function mapped to a caller still reached (the
  // one it was first reached from, unless that is gone). Empty otherwise.
  std::map<FunctionRef, FunctionRef> reached;
};

// A function reached by a step that is no call site of the graph (a decorator's wrapper running
// for the decorated function, a hook) is reached whenever its caller is. `reached` maps each
// function to the caller it was first reached from, as ProgramGraph::ReachableFrom gives it.
CallConditions ConditionsOfCalls(const ProgramGraph& graph,
                                 const std::map<FunctionRef, FunctionRef>& reached,
                                 const std::vector<FunctionRef>& entries,
                                 const SiteConditions& sites, const SitesNeverRun& never);

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_CALL_CONDITIONS_H_
