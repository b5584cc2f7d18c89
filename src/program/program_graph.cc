#include "program/program_graph.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <string_view>
#include <utility>

#include "source/paths.h"

namespace gbreak {
namespace {

constexpr int kMaxResolveDepth = 8;

}  // namespace

std::string ModuleNameOf(const std::string& path) {
  std::string base = BaseName(path);
  size_t dot = base.rfind('.');
  std::string stem = dot == std::string::npos ? base : base.substr(0, dot);
  std::string name = stem == "__init__" ? "" : stem;
  std::string dir = DirName(path);
  for (int depth = 0; depth < 64 && IsRegularFile(dir + "/__init__.py"); ++depth) {
    std::string package = BaseName(dir);
    if (package.empty() || package == "." || package == "..") break;
    name = name.empty() ? package : package + "." + name;
    std::string parent = DirName(dir);
    if (parent == dir) break;
    dir = parent;
  }
  return name;
}

std::string ResolveRelative(const std::string& name, const std::string& module, bool is_package) {
  if (name.empty() || name[0] != '.') return name;
  size_t dots = 0;
  while (dots < name.size() && name[dots] == '.') ++dots;
  std::string base = module;
  // One dot is the current package: a module's parent, or the package itself.
  size_t up = is_package ? dots - 1 : dots;
  for (size_t i = 0; i < up; ++i) {
    size_t last = base.rfind('.');
    base = last == std::string::npos ? "" : base.substr(0, last);
  }
  std::string rest = name.substr(dots);
  if (base.empty()) return rest;
  return rest.empty() ? base : base + "." + rest;
}

size_t ProgramGraph::Add(ModuleSummary module) {
  if (!module.module.empty()) by_name_[module.module] = modules_.size();
  modules_.push_back(std::move(module));
  return modules_.size() - 1;
}

const FunctionSummary* ProgramGraph::Find(size_t module, const std::string& name) const {
  for (const FunctionSummary& f : modules_[module].functions) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

// Which of a module's `from M import *` sources may define `name`. A package like
// transformers.models star-imports hundreds of subpackages (under TYPE_CHECKING); following all of
// them would read most of the library, so beyond a handful only the ones whose name starts the
// wanted name are tried first (`GPT2Model` -> `.gpt2`, `BertModel` -> `.bert`). Names that do
// not follow that convention (`ASTModel` in `.audio_spectrogram_transformer`) are found by
// asking the export scanner which sources mention the name, as Python's own lazy import
// structure would (transformers builds it from each module's `__all__`).
std::vector<std::string> ProgramGraph::StarCandidates(size_t module,
                                                      const std::string& name) const {
  constexpr size_t kFollowAll = 8;
  auto normalized = [](std::string_view s) {
    std::string out;
    for (char c : s) {
      if (c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
  };
  const std::vector<std::string>& stars = modules_[module].star_imports;
  std::string wanted = normalized(name);
  std::vector<std::string> matching, others;
  for (const std::string& star : stars) {
    std::string last = normalized(std::string_view(star).substr(star.rfind('.') + 1));
    (!last.empty() && wanted.starts_with(last) ? matching : others).push_back(star);
  }
  if (stars.size() <= kFollowAll) {
    matching.insert(matching.end(), others.begin(), others.end());
  } else if (matching.empty() && export_scanner_) {
    for (const std::string& star : others) {
      if (export_scanner_(star, name)) matching.push_back(star);
    }
  }
  return matching;
}

std::vector<std::string> ProgramGraph::ClassMapTargets(const std::string& callee,
                                                        const ModuleProbe* probe,
                                                        std::set<std::string>* wanted,
                                                        int depth) const {
  size_t brackets = callee.find("[].");
  if (depth > kMaxResolveDepth || brackets == std::string::npos) return {};
  std::string map = callee.substr(0, brackets);
  std::string rest = callee.substr(brackets + 2);  // ".forward"
  size_t cut = map.rfind('.');
  if (cut == std::string::npos) return {};
  std::string module = map.substr(0, cut), name = map.substr(cut + 1);
  auto it = by_name_.find(module);
  if (it == by_name_.end()) {
    if (probe != nullptr && wanted != nullptr && (*probe)(module)) wanted->insert(module);
    return {};
  }
  const ModuleSummary& m = modules_[it->second];
  std::vector<std::string> out;
  if (auto found = m.class_maps.find(name); found != m.class_maps.end()) {
    for (const std::string& cls : found->second) out.push_back(cls + rest);
    return out;
  }
  if (auto imported = m.imports.find(name); imported != m.imports.end()) {  // a re-export
    for (const std::string& target : imported->second) {
      for (std::string& t : ClassMapTargets(target + "[]" + rest, probe, wanted, depth + 1)) {
        out.push_back(std::move(t));
      }
    }
  }
  return out;
}

bool ProgramGraph::Resolve(const std::string& qualified, size_t* module, std::string* function,
                           int depth, const ModuleProbe* probe,
                           std::set<std::string>* wanted) const {
  if (depth > kMaxResolveDepth) return false;
  // The longest prefix that is a module of the program (or one that could be loaded).
  for (size_t cut = qualified.rfind('.'); cut != std::string::npos && cut > 0;
       cut = qualified.rfind('.', cut - 1)) {
    std::string prefix = qualified.substr(0, cut);
    auto it = by_name_.find(prefix);
    if (it == by_name_.end()) {
      if (probe != nullptr && (*probe)(prefix)) {
        wanted->insert(prefix);
        return false;
      }
      continue;
    }
    const ModuleSummary& m = modules_[it->second];
    std::string rest = qualified.substr(cut + 1);
    if (Find(it->second, rest) != nullptr) {
      *module = it->second;
      *function = rest;
      return true;
    }
    // Calling a class constructs it: its __init__ runs.
    if (m.classes.contains(rest) && Find(it->second, rest + ".__init__") != nullptr) {
      *module = it->second;
      *function = rest + ".__init__";
      return true;
    }
    std::string head = rest.substr(0, rest.find('.'));
    std::string tail = rest.size() > head.size() ? rest.substr(head.size()) : "";
    auto resolve = [&](const std::string& target) {
      return target != qualified &&
             Resolve(target, module, function, depth + 1, probe, wanted);
    };
    // Inherited method: Class.method found on a base.
    if (auto c = m.classes.find(head); c != m.classes.end()) {
      for (const std::string& base : c->second) {
        if (!tail.empty() && resolve(base + tail)) return true;
      }
      return false;
    }
    // Re-exported name: `from .impl import helper` in a package's __init__.
    if (auto imported = m.imports.find(head); imported != m.imports.end()) {
      for (const std::string& target : imported->second) {
        if (resolve(target + tail)) return true;
      }
      return false;
    }
    // A name from `from M import *` (transformers' TYPE_CHECKING re-exports).
    for (const std::string& star : StarCandidates(it->second, head)) {
      if (resolve(star + "." + rest)) return true;
    }
    return false;
  }
  return false;
}

bool ProgramGraph::ResolveEntry(const std::string& qualified, FunctionRef* entry,
                                const ModuleProbe* probe, std::set<std::string>* wanted) const {
  // A class is compiled through its forward; try that first, so `Net` does not resolve to
  // `Net.__init__`.
  for (const std::string& candidate : {qualified + ".forward", qualified}) {
    size_t module;
    std::string function;
    if (Resolve(candidate, &module, &function, 0, probe, wanted) &&
        !function.ends_with(".__init__")) {
      *entry = {module, function};
      return true;
    }
  }
  return false;
}

std::map<FunctionRef, FunctionRef> ProgramGraph::ReachableFrom(
    const std::vector<FunctionRef>& entries, const ModuleProbe& probe,
    std::set<std::string>* wanted) const {
  std::map<FunctionRef, FunctionRef> parent;
  std::deque<FunctionRef> work;
  auto visit = [&](const FunctionRef& callee, const FunctionRef& caller) {
    const FunctionSummary* f = Find(callee.first, callee.second);
    // A function disabled with recursive=False is kept on the way (its callees are compiled);
    // its own body is not traced, which the file's region analysis knows.
    if (f == nullptr || (f->disabled && !f->disabled_own_frame_only) || f->constant_result) return;
    if (parent.emplace(callee, caller).second) work.push_back(callee);
  };
  for (const FunctionRef& entry : entries) visit(entry, entry);
  while (!work.empty()) {
    FunctionRef current = work.front();
    work.pop_front();
    const FunctionSummary* f = Find(current.first, current.second);
    for (const std::string& callee : f->local_callees) visit({current.first, callee}, current);
    std::vector<std::string> callees;
    for (const std::string& callee : f->external_callees) {
      if (callee.find("[].") == std::string::npos) {
        callees.push_back(callee);
        continue;
      }
      for (std::string& target : ClassMapTargets(callee, &probe, wanted)) {
        callees.push_back(std::move(target));
      }
    }
    for (const std::string& callee : callees) {
      // "pkg.timed()": resolve pkg.timed, then follow what it returns, once per "()".
      std::string_view name = callee;
      int calls = 0;
      while (name.ends_with("()")) {
        name.remove_suffix(2);
        ++calls;
      }
      FunctionRef target;
      if (!Resolve(std::string(name), &target.first, &target.second, 0, &probe, wanted)) continue;
      const bool decorated = calls > 0;
      if (decorated && modules_[target.first].library) continue;
      std::vector<FunctionRef> level{target};
      for (; calls > 0; --calls) {
        std::vector<FunctionRef> next;
        for (const FunctionRef& ref : level) {
          const FunctionSummary* factory = Find(ref.first, ref.second);
          if (factory == nullptr) continue;
          for (const std::string& returned : factory->returns) next.emplace_back(ref.first, returned);
        }
        level = std::move(next);
      }
      for (const FunctionRef& ref : level) {
        const FunctionSummary* called = Find(ref.first, ref.second);
        // Of what a decorator returns, only a wrapper runs when the decorated function is
        // called (a docstring decorator hands back the function itself).
        if (called != nullptr && (!decorated || called->wrapper)) visit(ref, current);
      }
    }
  }
  return parent;
}

std::set<std::pair<std::string, std::string>> ProgramGraph::Reachable() const {
  std::vector<FunctionRef> entries;
  for (size_t m = 0; m < modules_.size(); ++m) {
    for (const FunctionSummary& f : modules_[m].functions) {
      if (f.entry) entries.emplace_back(m, f.name);
    }
    // torch.compile(model) where model's class lives in another module.
    for (const std::string& compiled : modules_[m].compiled) {
      FunctionRef entry;
      if (ResolveEntry(compiled, &entry, nullptr, nullptr)) entries.push_back(entry);
    }
  }
  ModuleProbe nothing_to_load = [](const std::string&) { return false; };
  std::set<std::pair<std::string, std::string>> out;
  for (const auto& [function, parent] : ReachableFrom(entries, nothing_to_load, nullptr)) {
    out.emplace(modules_[function.first].path, function.second);
  }
  return out;
}

std::map<FunctionRef, std::set<std::string>> ProgramGraph::DefaultedParameters(
    const std::map<FunctionRef, FunctionRef>& reached) const {
  // Every reached call site, by the function it calls.
  std::map<FunctionRef, std::vector<const CallSite*>> sites;
  for (const auto& [caller, parent] : reached) {
    const FunctionSummary* f = Find(caller.first, caller.second);
    if (f == nullptr) continue;
    for (const CallSite& call : f->calls) {
      FunctionRef target;
      if (call.local) {
        target = {caller.first, call.callee};
      } else if (!Resolve(call.callee, &target.first, &target.second)) {
        continue;
      }
      if (reached.contains(target)) sites[target].push_back(&call);
    }
  }
  std::map<FunctionRef, std::set<std::string>> out;
  for (const auto& [function, calls] : sites) {
    const FunctionSummary* f = Find(function.first, function.second);
    if (f == nullptr || f->literal_defaults.empty() || f->entry) continue;
    for (const auto& [name, position] : f->literal_defaults) {
      bool passed = false;
      for (const CallSite* call : calls) {
        passed = passed || call->splat || call->positional > position ||
                 std::find(call->keywords.begin(), call->keywords.end(), name) !=
                     call->keywords.end();
      }
      if (!passed) out[function].insert(name);
    }
  }
  return out;
}

}  // namespace gbreak
