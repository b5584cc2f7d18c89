#include "program/call_conditions.h"

#include <deque>
#include <set>
#include <tuple>

namespace gbreak {

std::map<FunctionRef, std::string> ConditionsOfCalls(
    const ProgramGraph& graph, const std::map<FunctionRef, FunctionRef>& reached,
    const std::vector<FunctionRef>& entries, const SiteConditions& sites) {
  // Edges caller -> callee with the condition of the call ("" = whenever the caller runs).
  std::map<FunctionRef, std::vector<std::pair<FunctionRef, std::string>>> out_edges;
  std::set<std::pair<FunctionRef, FunctionRef>> by_call;  // (caller, callee) joined by a call site
  for (const auto& [callee, calls] : graph.ReachedCallSites(reached)) {
    for (const auto& [caller, site] : calls) {
      auto it = sites.find({caller.first, site->start_byte});
      bool conditional = site->end_byte > 0 && it != sites.end();
      out_edges[caller].emplace_back(callee, conditional ? it->second : "");
      by_call.emplace(caller, callee);
    }
  }
  // The step each function was first reached by, when no call site stands for it.
  for (const auto& [callee, caller] : reached) {
    if (callee != caller && !by_call.contains({caller, callee})) {
      out_edges[caller].emplace_back(callee, "");
    }
  }

  // Breadth first, unconditional steps before conditional ones (as ReachableFrom): a function
  // reached both ways runs whenever its caller does.
  std::map<FunctionRef, std::string> condition;  // "" = always
  std::deque<FunctionRef> work;
  std::vector<std::tuple<FunctionRef, std::string>> deferred;  // (callee, condition)
  auto reach = [&](const FunctionRef& f, const std::string& when) {
    if (!reached.contains(f) || condition.contains(f)) return;
    condition[f] = when;
    work.push_back(f);
  };
  auto follow = [&](const FunctionRef& f, bool defer) {
    auto it = out_edges.find(f);
    if (it == out_edges.end()) return;
    const std::string& own = condition[f];
    for (const auto& [callee, when] : it->second) {
      std::string inherited = own.empty() ? when : own;
      if (inherited.empty() && !defer) {
        reach(callee, "");
      } else {
        deferred.emplace_back(callee, inherited);
      }
    }
  };
  for (const FunctionRef& entry : entries) reach(entry, "");
  while (!work.empty()) {
    FunctionRef f = work.front();
    work.pop_front();
    follow(f, false);
  }
  for (size_t i = 0; i < deferred.size(); ++i) {
    auto [callee, when] = deferred[i];
    if (!reached.contains(callee) || condition.contains(callee)) continue;
    condition[callee] = when;
    follow(callee, true);
  }
  std::map<FunctionRef, std::string> out;
  for (const auto& [f, when] : condition) {
    if (!when.empty()) out.emplace(f, when);
  }
  return out;
}

}  // namespace gbreak
