#include "source/discovery.h"

#include <dirent.h>
#include <fnmatch.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <iterator>
#include <mutex>
#include <set>
#include <string_view>
#include <thread>
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

// The diagnostics of a walk in the order a depth-first walk over sorted names gives them: by
// their paths' components, a directory before what is in it. The parallel walk finds them in
// any order and sorts them so.
bool WalkOrderLess(const Diagnostic& a, const Diagnostic& b) {
  std::string_view x = a.path, y = b.path;
  while (true) {
    size_t x_end = std::min(x.find('/'), x.size()), y_end = std::min(y.find('/'), y.size());
    std::string_view x_part = x.substr(0, x_end), y_part = y.substr(0, y_end);
    if (x_part != y_part) return x_part < y_part;
    if (x_end == x.size() || y_end == y.size()) return x.size() - x_end < y.size() - y_end;
    x.remove_prefix(x_end + 1);
    y.remove_prefix(y_end + 1);
  }
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
      result_.diagnostics.push_back({Diagnostic::Level::kError, path, 0,
                                     dangling ? "broken symbolic link" : std::strerror(errno)});
      return;
    }
    if (S_ISDIR(info.st_mode)) {
      if (options_.force_exclude && IsExcluded(path, options_.excludes)) return;
      WalkTree(path, info);
    } else if (!options_.force_exclude || !IsExcluded(path, options_.excludes)) {
      found_.push_back(FoundFile(path, info));
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
  static Found FoundFile(const std::string& path, const struct stat& info) {
    return {path, FileId{info.st_dev, info.st_ino}, FileStat::Of(info)};
  }

  // One directory to list, with the directories above it in this walk (a link back to one of
  // them is a loop).
  struct Directory {
    std::string path;
    FileId id;
    std::vector<std::pair<FileId, std::string>> ancestors;
  };
  // What one worker found.
  struct Finds {
    std::vector<Found> files;
    std::vector<Diagnostic> diagnostics;
  };

  bool SkipDirectory(const std::string& name, const std::string& path) const {
    if (name.empty() || name[0] == '.') return true;  // hidden, including .venv and .git
    for (std::string_view skipped : kSkippedDirectories) {
      if (name == skipped) return true;
    }
    if (name == "site-packages" && !options_.include_site_packages) return true;
    return IsExcluded(path, options_.excludes);
  }

  // Walks the tree under `root` with options_.threads workers, each listing one directory at a
  // time from a shared stack and pushing the subdirectories it finds (a tree's directories are
  // as uneven as transformers/models beside transformers/cli, so no fixed split would do). What
  // they find is put in order afterwards: files by path, diagnostics as a serial walk has them.
  void WalkTree(const std::string& root, const struct stat& info) {
    std::vector<Directory> stack = {{root, FileId{info.st_dev, info.st_ino}, {}}};
    size_t unfinished = 1;  // directories pushed and not yet listed to the end
    std::mutex mutex;
    std::condition_variable changed;
    size_t workers = static_cast<size_t>(std::max(1, options_.threads));
    std::vector<Finds> finds(workers);
    auto work = [&](size_t worker) {
      while (true) {
        Directory directory;
        {
          std::unique_lock<std::mutex> lock(mutex);
          changed.wait(lock, [&] { return !stack.empty() || unfinished == 0; });
          if (stack.empty()) return;
          directory = std::move(stack.back());
          stack.pop_back();
        }
        std::vector<Directory> subdirectories = List(directory, finds[worker]);
        {
          std::lock_guard<std::mutex> lock(mutex);
          unfinished += subdirectories.size();
          --unfinished;
          for (Directory& subdirectory : subdirectories) stack.push_back(std::move(subdirectory));
        }
        changed.notify_all();
      }
    };
    {
      std::vector<std::jthread> pool;
      for (size_t w = 1; w < workers; ++w) pool.emplace_back(work, w);
      work(0);
    }
    std::vector<Diagnostic> diagnostics;
    for (Finds& found : finds) {
      std::move(found.files.begin(), found.files.end(), std::back_inserter(found_));
      std::move(found.diagnostics.begin(), found.diagnostics.end(),
                std::back_inserter(diagnostics));
    }
    std::sort(diagnostics.begin(), diagnostics.end(), WalkOrderLess);
    std::move(diagnostics.begin(), diagnostics.end(), std::back_inserter(result_.diagnostics));
  }

  // Lists `directory` into `finds`; returns its subdirectories to walk.
  std::vector<Directory> List(const Directory& directory, Finds& finds) const {
    const std::string& dir = directory.path;
    auto warn = [&](const std::string& path, std::string message) {
      finds.diagnostics.push_back({Diagnostic::Level::kWarning, path, 0, std::move(message)});
    };
    auto error = [&](const std::string& path, std::string message) {
      finds.diagnostics.push_back({Diagnostic::Level::kError, path, 0, std::move(message)});
    };
    for (const auto& [ancestor_id, ancestor] : directory.ancestors) {
      if (ancestor_id == directory.id) {
        warn(dir, absl::StrCat("symbolic link loop (points back to ", ancestor, "); not followed"));
        return {};
      }
    }
    DIR* handle = opendir(dir.c_str());
    if (handle == nullptr) {
      error(dir, absl::StrCat("cannot read directory: ", std::strerror(errno)));
      return {};
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
    // the path (half of a warm run's discovery on transformers went to those lookups).
    for (Entry& entry : entries) {
      bool skipped_directory =
          entry.type == DT_DIR && SkipDirectory(entry.name, JoinPath(dir, entry.name));
      entry.skipped = skipped_directory || (entry.type == DT_REG && !IsPythonFileName(entry.name));
      if (!entry.skipped && fstatat(dirfd(handle), entry.name.c_str(), &entry.info, 0) != 0) {
        entry.error = errno;
      }
    }
    closedir(handle);

    std::vector<Directory> subdirectories;
    for (const Entry& entry : entries) {
      if (entry.skipped) continue;
      const std::string& name = entry.name;
      std::string path = JoinPath(dir, name);
      if (entry.error != 0) {
        struct stat link_info;
        if (lstat(path.c_str(), &link_info) == 0 && S_ISLNK(link_info.st_mode)) {
          if (entry.error == ELOOP) {
            warn(path, "symbolic link loop; skipped");
          } else if (IsPythonFileName(name)) {
            warn(path, "broken symbolic link; skipped");
          }
        } else {
          error(path, std::strerror(entry.error));
        }
        continue;
      }
      if (S_ISDIR(entry.info.st_mode)) {
        if (SkipDirectory(name, path)) continue;
        Directory subdirectory{path, FileId{entry.info.st_dev, entry.info.st_ino},
                               directory.ancestors};
        subdirectory.ancestors.emplace_back(directory.id, dir);
        subdirectories.push_back(std::move(subdirectory));
      } else if (S_ISREG(entry.info.st_mode) && IsPythonFileName(name) &&
                 !IsExcluded(path, options_.excludes)) {
        finds.files.push_back(FoundFile(path, entry.info));
      }
    }
    return subdirectories;
  }

  const DiscoveryOptions& options_;
  DiscoveryResult& result_;
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
