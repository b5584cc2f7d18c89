#include "source/discovery.h"

#include <dirent.h>
#include <fnmatch.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"

namespace gbreak {
namespace {

using FileId = std::pair<dev_t, ino_t>;

constexpr std::string_view kSkippedDirectories[] = {"__pycache__", "venv", "build", "dist",
                                                     "node_modules"};

bool IsPythonFileName(std::string_view name) {
  return name.ends_with(".py") || name.ends_with(".pyi");
}

std::string BaseName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string JoinPath(const std::string& dir, const std::string& name) {
  if (dir == ".") return name;
  if (!dir.empty() && dir.back() == '/') return dir + name;
  return absl::StrCat(dir, "/", name);
}

class Walker {
 public:
  Walker(const DiscoveryOptions& options, DiscoveryResult& result)
      : options_(options), result_(result) {}

  void AddRoot(const std::string& raw_path) {
    std::string path = raw_path;
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    struct stat info;
    if (stat(path.c_str(), &info) != 0) {
      struct stat link_info;
      bool dangling = errno == ENOENT && lstat(path.c_str(), &link_info) == 0;
      Error(path, dangling ? "broken symbolic link" : std::strerror(errno));
      return;
    }
    if (S_ISDIR(info.st_mode)) {
      if (options_.force_exclude && IsExcluded(path, options_.excludes)) return;
      WalkDirectory(path, info);
    } else if (!options_.force_exclude || !IsExcluded(path, options_.excludes)) {
      AddFile(path, info);
    }
  }

  void Finish() {
    std::sort(found_.begin(), found_.end());
    for (auto& [path, id] : found_) {
      if (seen_files_.insert(id).second) result_.files.push_back(path);
    }
  }

 private:
  void AddFile(const std::string& path, const struct stat& info) {
    found_.emplace_back(path, FileId{info.st_dev, info.st_ino});
  }

  bool SkipDirectory(const std::string& name, const std::string& path) const {
    if (name.empty() || name[0] == '.') return true;  // hidden, including .venv and .git
    for (std::string_view skipped : kSkippedDirectories) {
      if (name == skipped) return true;
    }
    if (name == "site-packages" && !options_.include_site_packages) return true;
    return IsExcluded(path, options_.excludes);
  }

  void WalkDirectory(const std::string& dir, const struct stat& dir_info) {
    FileId id{dir_info.st_dev, dir_info.st_ino};
    for (const auto& [ancestor_id, ancestor] : ancestors_) {
      if (ancestor_id == id) {
        Warning(dir, absl::StrCat("symbolic link loop (points back to ", ancestor,
                                  "); not followed"));
        return;
      }
    }
    DIR* handle = opendir(dir.c_str());
    if (handle == nullptr) {
      Error(dir, absl::StrCat("cannot read directory: ", std::strerror(errno)));
      return;
    }
    std::vector<std::string> names;
    while (struct dirent* entry = readdir(handle)) {
      std::string name = entry->d_name;
      if (name != "." && name != "..") names.push_back(std::move(name));
    }
    closedir(handle);
    std::sort(names.begin(), names.end());

    ancestors_.emplace_back(id, dir);
    for (const std::string& name : names) {
      std::string path = JoinPath(dir, name);
      struct stat info;
      if (stat(path.c_str(), &info) != 0) {
        struct stat link_info;
        int error = errno;
        if (lstat(path.c_str(), &link_info) == 0 && S_ISLNK(link_info.st_mode)) {
          if (error == ELOOP) {
            Warning(path, "symbolic link loop; skipped");
          } else if (IsPythonFileName(name)) {
            Warning(path, "broken symbolic link; skipped");
          }
        } else {
          Error(path, std::strerror(error));
        }
        continue;
      }
      if (S_ISDIR(info.st_mode)) {
        if (!SkipDirectory(name, path)) WalkDirectory(path, info);
      } else if (S_ISREG(info.st_mode) && IsPythonFileName(name) &&
                 !IsExcluded(path, options_.excludes)) {
        AddFile(path, info);
      }
    }
    ancestors_.pop_back();
  }

  void Error(const std::string& path, std::string message) {
    result_.diagnostics.push_back({Diagnostic::Level::kError, path, 0, std::move(message)});
  }
  void Warning(const std::string& path, std::string message) {
    result_.diagnostics.push_back({Diagnostic::Level::kWarning, path, 0, std::move(message)});
  }

  const DiscoveryOptions& options_;
  DiscoveryResult& result_;
  std::vector<std::pair<FileId, std::string>> ancestors_;
  std::vector<std::pair<std::string, FileId>> found_;
  std::set<FileId> seen_files_;
};

}  // namespace

bool IsExcluded(const std::string& path, const std::vector<std::string>& excludes) {
  if (excludes.empty()) return false;
  std::string display = path.starts_with("./") ? path.substr(2) : path;
  // Test the path and each of its parent directories, so that excluding `gen` also excludes a
  // file named as `gen/b.py` (with --force-exclude).
  for (size_t end = display.find('/'); ; end = display.find('/', end + 1)) {
    std::string partial = display.substr(0, end);
    std::string name = BaseName(partial);
    std::string anywhere_target = partial;
    for (const std::string& pattern : excludes) {
      if (fnmatch(pattern.c_str(), name.c_str(), 0) == 0) return true;
      if (fnmatch(pattern.c_str(), partial.c_str(), 0) == 0) return true;
      std::string anywhere = absl::StrCat("*/", pattern);
      if (fnmatch(anywhere.c_str(), partial.c_str(), 0) == 0) return true;
    }
    if (end == std::string::npos) break;
  }
  return false;
}

DiscoveryResult DiscoverFiles(const std::vector<std::string>& paths,
                              const DiscoveryOptions& options) {
  DiscoveryResult result;
  Walker walker(options, result);
  for (const std::string& path : paths) walker.AddRoot(path);
  walker.Finish();
  return result;
}

}  // namespace gbreak
