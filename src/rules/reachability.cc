#include "rules/reachability.h"

#include <set>
#include <string>
#include <utility>

#include "program/program_graph.h"

namespace gbreak {
namespace {

bool Reached(const std::set<std::pair<std::string, std::string>>& reachable,
             const std::string& path, const std::string& function) {
  return !function.empty() && reachable.contains({path, function});
}

}  // namespace

bool ReplacedModuleMissing(const ProgramGraph& graph, const Finding& f) {
  if (f.requires_replaced_module.empty()) return false;
  const ModuleSummary* module = graph.ModuleNamed(f.requires_replaced_module);
  return module == nullptr || !module->replaces_itself;
}

void SettleReachability(std::vector<FileCheckResult>& results) {
  ProgramGraph graph;
  bool any_deferred = false;
  for (FileCheckResult& result : results) {
    if (!result.summary) continue;
    for (const Finding& f : result.findings) {
      any_deferred = any_deferred || !f.reached || !f.requires_disabled_callee.empty() ||
                     !f.requires_replaced_module.empty();
    }
    graph.Add(*result.summary);
  }
  if (!any_deferred) return;
  std::set<std::pair<std::string, std::string>> reachable = graph.Reachable();
  for (FileCheckResult& result : results) {
    std::erase_if(result.findings, [&](const Finding& f) {
      if (!f.requires_disabled_callee.empty() && !graph.IsDisabled(f.requires_disabled_callee)) {
        return true;
      }
      if (ReplacedModuleMissing(graph, f)) return true;
      return !f.reached && !Reached(reachable, f.path, f.function);
    });
  }
}

}  // namespace gbreak
