#include "rules/reachability.h"

#include <memory>
#include <set>
#include <string>
#include <utility>

#include "program/program_graph.h"
#include "source/bury.h"

namespace gbreak {
namespace {

bool Reached(const std::set<std::pair<std::string, std::string>>& reachable,
             const std::string& path, const std::string& function) {
  return !function.empty() && reachable.contains({path, function});
}

}  // namespace

bool RequirementUnmet(const ProgramGraph& graph, const ProgramRequirement& requirement) {
  switch (requirement.kind) {
    case ProgramRequirement::Kind::kNone:
      return false;
    case ProgramRequirement::Kind::kDisabledCallee:
      return !graph.IsDisabled(requirement.name);
    case ProgramRequirement::Kind::kReplacedModule: {
      const ModuleSummary* module = graph.ModuleNamed(requirement.name);
      return module == nullptr || !module->replaces_itself;
    }
  }
  return false;
}

void SettleReachability(std::vector<FileCheckResult>& results, GraphDisposal disposal) {
  auto graph = std::make_unique<ProgramGraph>();
  auto reachable = std::make_unique<std::set<std::pair<std::string, std::string>>>();
  bool any_deferred = false;
  for (FileCheckResult& result : results) {
    if (!result.summary) continue;
    for (const Finding& f : result.findings) {
      any_deferred = any_deferred || !f.reached || f.requirement.deferred();
    }
    // Moved, not copied: a whole tree's summaries are most of what a run holds (a copy was
    // 110 MB more at the peak on transformers). Nothing reads them after settling.
    graph->Add(*std::move(result.summary));
    result.summary.reset();
  }
  if (any_deferred) {
    *reachable = graph->Reachable();
    for (FileCheckResult& result : results) {
      std::erase_if(result.findings, [&](const Finding& f) {
        if (RequirementUnmet(*graph, f.requirement)) return true;
        return !f.reached && !Reached(*reachable, f.path, f.function);
      });
    }
  }
  if (disposal == GraphDisposal::kBuryUntilExit) {
    BuryUntilExit(std::move(graph));
    BuryUntilExit(std::move(reachable));
  }
}

}  // namespace gbreak
