#include "program/program_graph.h"

#include <sys/stat.h>

#include <deque>
#include <utility>

namespace gbreak {
namespace {

constexpr int kMaxResolveDepth = 8;

bool IsFile(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

std::string DirName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string BaseName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::string ModuleNameOf(const std::string& path) {
  std::string base = BaseName(path);
  size_t dot = base.rfind('.');
  std::string stem = dot == std::string::npos ? base : base.substr(0, dot);
  std::string name = stem == "__init__" ? "" : stem;
  std::string dir = DirName(path);
  for (int depth = 0; depth < 64 && IsFile(dir + "/__init__.py"); ++depth) {
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

void ProgramGraph::Add(ModuleSummary module) {
  if (!module.module.empty()) by_name_[module.module] = modules_.size();
  modules_.push_back(std::move(module));
}

const FunctionSummary* ProgramGraph::Find(size_t module, const std::string& name) const {
  for (const FunctionSummary& f : modules_[module].functions) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

bool ProgramGraph::Resolve(const std::string& qualified, size_t* module, std::string* function,
                           int depth) const {
  if (depth > kMaxResolveDepth) return false;
  // The longest prefix that is a module of the program.
  for (size_t cut = qualified.rfind('.'); cut != std::string::npos && cut > 0;
       cut = qualified.rfind('.', cut - 1)) {
    auto it = by_name_.find(qualified.substr(0, cut));
    if (it == by_name_.end()) continue;
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
    // Inherited method: Class.method found on a base.
    if (auto c = m.classes.find(head); c != m.classes.end() && !tail.empty()) {
      for (const std::string& base : c->second) {
        if (Resolve(base + tail, module, function, depth + 1)) return true;
      }
    }
    // Re-exported name: `from .impl import helper` in a package's __init__.
    if (auto imported = m.imports.find(head); imported != m.imports.end()) {
      for (const std::string& target : imported->second) {
        if (target != qualified && Resolve(target + tail, module, function, depth + 1)) {
          return true;
        }
      }
    }
    return false;
  }
  return false;
}

std::set<std::pair<std::string, std::string>> ProgramGraph::Reachable() const {
  std::set<std::pair<size_t, std::string>> seen;
  std::deque<std::pair<size_t, std::string>> work;
  auto visit = [&](size_t module, const std::string& name) {
    const FunctionSummary* f = Find(module, name);
    if (f == nullptr || f->disabled) return;
    if (seen.emplace(module, name).second) work.emplace_back(module, name);
  };
  for (size_t m = 0; m < modules_.size(); ++m) {
    for (const FunctionSummary& f : modules_[m].functions) {
      if (f.entry) visit(m, f.name);
    }
  }
  while (!work.empty()) {
    auto [module, name] = work.front();
    work.pop_front();
    const FunctionSummary* f = Find(module, name);
    for (const std::string& callee : f->local_callees) visit(module, callee);
    for (const std::string& callee : f->external_callees) {
      size_t target_module;
      std::string target;
      if (Resolve(callee, &target_module, &target)) visit(target_module, target);
    }
  }
  std::set<std::pair<std::string, std::string>> out;
  for (const auto& [module, name] : seen) out.emplace(modules_[module].path, name);
  return out;
}

}  // namespace gbreak
