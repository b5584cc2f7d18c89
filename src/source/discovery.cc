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
    std::sort(found_.begin(), found_.end(),
              [](const Found& a, const Found& b) { return a.path < b.path; });
    for (Found& file : found_) {
      if (!seen_files_.insert(file.id).second) continue;
      result_.files.push_back(std::move(file.path));
      result_.stats.push_back(file.stat);
    }
  }

 private:
  struct Found {
    std::string path;
    FileId id;
    FileStat stat;
  };

  void AddFile(const std::string& path, const struct stat& info) {
    found_.push_back({path, FileId{info.st_dev, info.st_ino}, FileStat::Of(info)});
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
    struct Entry {
      std::string name;
      unsigned char type;  // DT_*, as the listing tells it (DT_UNKNOWN when it does not)
      bool skipped = false;
      int error = 0;  // errno of its stat call, when that failed
      struct stat info;
    };
    std::vector<Entry> entries;
    while (struct dirent* entry = readdir(handle)) {
      std::string name = entry->d_name;
      if (name != "." && name != "..") entries.push_back({std::move(name), entry->d_type});
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.name < b.name; });
    // What the listing already tells (most file systems fill in the type) spares a stat call: a
    // directory to skip, a file that is not Python. The rest, symbolic links included, is asked
    // relative to the open directory: the kernel then looks up one name, not every directory of
    // the path (half of a warm run's discovery on transformers went to those lookups). The
    // directory is closed before walking into subdirectories, so a deep tree does not hold a
    // descriptor per level.
    for (Entry& entry : entries) {
      bool skipped_directory =
          entry.type == DT_DIR && SkipDirectory(entry.name, JoinPath(dir, entry.name));
      entry.skipped = skipped_directory || (entry.type == DT_REG && !IsPythonFileName(entry.name));
      if (!entry.skipped && fstatat(dirfd(handle), entry.name.c_str(), &entry.info, 0) != 0) {
        entry.error = errno;
      }
    }
    closedir(handle);

    ancestors_.emplace_back(id, dir);
    for (const Entry& entry : entries) {
      if (entry.skipped) continue;
      const std::string& name = entry.name;
      std::string path = JoinPath(dir, name);
      if (entry.error != 0) {
        struct stat link_info;
        if (lstat(path.c_str(), &link_info) == 0 && S_ISLNK(link_info.st_mode)) {
          if (entry.error == ELOOP) {
            Warning(path, "symbolic link loop; skipped");
          } else if (IsPythonFileName(name)) {
            Warning(path, "broken symbolic link; skipped");
          }
        } else {
          Error(path, std::strerror(entry.error));
        }
        continue;
      }
      if (S_ISDIR(entry.info.st_mode)) {
        if (!SkipDirectory(name, path)) WalkDirectory(path, entry.info);
      } else if (S_ISREG(entry.info.st_mode) && IsPythonFileName(name) &&
                 !IsExcluded(path, options_.excludes)) {
        AddFile(path, entry.info);
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
  std::vector<Found> found_;
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

void DiscoveryResult::KeepOnly(const std::vector<std::string>& kept) {
  std::vector<FileStat> kept_stats;
  size_t at = 0;
  for (const std::string& file : kept) {
    while (at < files.size() && files[at] != file) ++at;
    if (at == files.size()) break;
    kept_stats.push_back(stats[at++]);
  }
  if (kept_stats.size() != kept.size()) kept_stats.clear();  // not an ordered subset: unknown
  files = kept;
  stats = std::move(kept_stats);
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
