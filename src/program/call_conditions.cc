#include "program/call_conditions.h"

#include <deque>
#include <set>
#include <tuple>

namespace gbreak {
namespace {

// "a" and "b" -> "a and b"; either alone when the other is "" (always).
std::string Both(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + " and " + b;
}

// The functions reached from `roots` along `edges` (caller -> callees).
std::set<FunctionRef> Closure(const std::map<FunctionRef, std::vector<FunctionRef>>& edges,
                              const std::vector<FunctionRef>& roots) {
  std::set<FunctionRef> seen(roots.begin(), roots.end());
  std::vector<FunctionRef> work(roots.begin(), roots.end());
  while (!work.empty()) {
    FunctionRef f = work.back();
    work.pop_back();
    auto it = edges.find(f);
    if (it == edges.end()) continue;
    for (const FunctionRef& callee : it->second) {
      if (seen.insert(callee).second) work.push_back(callee);
    }
  }
  return seen;
}

}  // namespace

CallConditions ConditionsOfCalls(const ProgramGraph& graph,
                                 const std::map<FunctionRef, FunctionRef>& reached,
                                 const std::vector<FunctionRef>& entries,
                                 const SiteConditions& sites, const SitesNeverRun& never) {
  auto condition_of = [&](size_t module, uint32_t start) -> std::string {
    auto it = sites.find({module, start});
    return it == sites.end() ? "" : it->second;
  };
  // Edges caller -> callee with the condition of the call ("" = whenever the caller runs), and
  // every edge, those through a site that never runs included.
  std::map<FunctionRef, std::vector<std::pair<FunctionRef, std::string>>> out_edges;
  std::map<FunctionRef, std::vector<FunctionRef>> all_edges;
  std::set<std::pair<FunctionRef, FunctionRef>> by_call;  // (caller, callee) joined by a call site
  for (const auto& [callee, calls] : graph.ReachedCallSites(reached)) {
    for (const auto& [caller, site] : calls) {
      by_call.emplace(caller, callee);
      all_edges[caller].push_back(callee);
      size_t m = caller.first;
      bool called = site->end_byte > 0;
      bool built = site->built_end > 0;
      if ((called && never.contains({m, site->start_byte})) ||
          (built && never.contains({m, site->built_start}))) {
        continue;
      }
      out_edges[caller].emplace_back(
          callee, Both(called ? condition_of(m, site->start_byte) : "",
                       built ? condition_of(m, site->built_start) : ""));
    }
  }
  // The step each function was first reached by, when no call site stands for it.
  for (const auto& [callee, caller] : reached) {
    if (callee != caller && !by_call.contains({caller, callee})) {
      out_edges[caller].emplace_back(callee, "");
      all_edges[caller].push_back(callee);
    }
  }

  // Breadth first, unconditional steps before conditional ones (as ReachableFrom): a function
  // reached both ways runs whenever its caller does.
  std::map<FunctionRef, std::string> condition;  // "" = always
  std::map<FunctionRef, FunctionRef> caller_of;  // the caller each was reached from here
  std::deque<FunctionRef> work;
  std::vector<std::tuple<FunctionRef, std::string, FunctionRef>> deferred;  // (callee, when, caller)
  auto reach = [&](const FunctionRef& f, const std::string& when, const FunctionRef& from) {
    if (!reached.contains(f) || condition.contains(f)) return;
    condition[f] = when;
    caller_of[f] = from;
    work.push_back(f);
  };
  auto follow = [&](const FunctionRef& f, bool defer) {
    auto it = out_edges.find(f);
    if (it == out_edges.end()) return;
    const std::string& own = condition[f];
    for (const auto& [callee, when] : it->second) {
      std::string inherited = own.empty() ? when : own;
      if (inherited.empty() && !defer) {
        reach(callee, "", f);
      } else {
        deferred.emplace_back(callee, inherited, f);
      }
    }
  };
  for (const FunctionRef& entry : entries) reach(entry, "", entry);
  while (!work.empty()) {
    FunctionRef f = work.front();
    work.pop_front();
    follow(f, false);
  }
  for (size_t i = 0; i < deferred.size(); ++i) {
    auto [callee, when, caller] = deferred[i];
    if (!reached.contains(callee) || condition.contains(callee)) continue;
    condition[callee] = when;
    caller_of[callee] = caller;
    follow(callee, true);
  }
  CallConditions out;
  for (const auto& [f, when] : condition) {
    if (!when.empty()) out.when.emplace(f, when);
  }
  // Reached from the entries, but only through sites that never run.
  for (const FunctionRef& f : Closure(all_edges, entries)) {
    if (reached.contains(f) && !condition.contains(f)) out.unreached.insert(f);
  }
  // What is still reached, from a caller that still is.
  if (!out.unreached.empty()) {
    for (const auto& [f, caller] : reached) {
      if (out.unreached.contains(f)) continue;
      auto live = caller_of.find(f);
      out.reached.emplace(f, out.unreached.contains(caller) && live != caller_of.end()
                                 ? live->second
                                 : caller);
    }
  }
  return out;
}

}  // namespace gbreak
