#include "program/module_names.h"

#include <filesystem>
#include <optional>
#include <system_error>

#include "program/program_graph.h"
#include "source/paths.h"

namespace gbreak {

std::string ModuleNames::ModuleOf(const std::string& path) {
  size_t slash = path.rfind('/');
  std::string spelled_dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  std::optional<std::string> dir;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = absolute_dirs_.find(spelled_dir); it != absolute_dirs_.end()) dir = it->second;
  }
  if (!dir.has_value()) {
    // As ModuleNameOf: by name from the absolute path, so that a run inside a package finds the
    // packages above the working directory.
    std::error_code error;
    std::filesystem::path absolute = AbsolutePath(path, error).lexically_normal();
    dir = error ? DirName(path) : absolute.parent_path().string();
    std::lock_guard<std::mutex> lock(mutex_);
    absolute_dirs_[spelled_dir] = *dir;
  }
  return ModuleNameIn(PackageAt(*dir), path);
}

std::string ModuleNames::PackageAt(const std::string& dir) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = packages_.find(dir); it != packages_.end()) return it->second;
  }
  // Asked outside the lock: it reads the file system (two threads may both ask; same answer).
  std::string package;
  std::string name = BaseName(dir);
  if (IsRegularFile(dir + "/__init__.py") && !name.empty() && name != "." && name != "..") {
    std::string parent = DirName(dir);
    std::string above = parent == dir ? "" : PackageAt(parent);
    package = above.empty() ? name : above + "." + name;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  packages_[dir] = package;
  return package;
}

}  // namespace gbreak
