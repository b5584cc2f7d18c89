#include "program/module_locator.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "source/paths.h"

namespace gbreak {
namespace {

std::string WithoutTrailingSlash(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace

ModuleLocator::ModuleLocator(std::vector<std::string> project_roots,
                             std::vector<std::string> library_roots) {
  for (std::string& root : project_roots) {
    std::string clean = WithoutTrailingSlash(std::move(root));
    if (std::find(roots_.begin(), roots_.end(), clean) == roots_.end()) roots_.push_back(clean);
  }
  for (std::string& root : library_roots) {
    std::string clean = WithoutTrailingSlash(std::move(root));
    if (std::find(roots_.begin(), roots_.end(), clean) != roots_.end()) continue;
    roots_.push_back(clean);
    library_roots_.push_back(clean);
  }
}

bool ModuleLocator::IsOpaque(const std::string& dotted) {
  static constexpr std::array<std::string_view, 12> kOpaque = {
      "torch", "torchvision", "torchaudio", "functorch", "triton", "numpy",
      "sympy", "scipy",       "jax",        "typing",    "typing_extensions", "builtins"};
  std::string_view top = std::string_view(dotted).substr(0, dotted.find('.'));
  return std::find(kOpaque.begin(), kOpaque.end(), top) != kOpaque.end();
}

const std::string& ModuleLocator::Locate(const std::string& dotted) {
  auto cached = cache_.find(dotted);
  if (cached != cache_.end()) return cached->second;
  std::string found;
  if (!dotted.empty() && dotted[0] != '.' && !IsOpaque(dotted)) {
    std::string relative = dotted;
    std::replace(relative.begin(), relative.end(), '.', '/');
    for (const std::string& root : roots_) {
      std::string base = root == "." ? relative : root + "/" + relative;
      // A base.py or base/__init__.py added later would change the answer.
      size_t slash = base.rfind('/');
      looked_in_.insert(slash == std::string::npos ? "." : base.substr(0, slash));
      looked_in_.insert(base);
      if (IsRegularFile(base + "/__init__.py")) {
        found = base + "/__init__.py";
        break;
      }
      if (IsRegularFile(base + ".py")) {
        found = base + ".py";
        break;
      }
    }
  }
  return cache_.emplace(dotted, std::move(found)).first->second;
}

std::string ModuleLocator::OriginOf(const std::string& path) const {
  for (const std::string& root : library_roots_) {
    if (path.size() <= root.size() + 1 || path.compare(0, root.size(), root) != 0 ||
        path[root.size()] != '/') {
      continue;
    }
    return TopLevelPackage(std::string_view(path).substr(root.size() + 1));
  }
  return "user";
}

}  // namespace gbreak
