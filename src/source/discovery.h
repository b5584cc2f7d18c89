#ifndef GBREAK_SOURCE_DISCOVERY_H_
#define GBREAK_SOURCE_DISCOVERY_H_

#include <string>
#include <vector>

#include "source/diagnostic.h"
#include "source/file_stat.h"

namespace gbreak {

struct DiscoveryOptions {
  // Glob patterns (fnmatch syntax; `*` also crosses `/`). A pattern matches an entry when it
  // matches the entry's name, its path as displayed, or any trailing part of that path.
  std::vector<std::string> excludes;
  // Walk into `site-packages` directories (skipped by default, like `.venv` or `build`).
  bool include_site_packages = false;
  // Apply the excludes even to files named on the command line (pre-commit names every file).
  bool force_exclude = false;
  // Directories listed at once (the result is the same whatever the count).
  int threads = 1;
};

struct DiscoveryResult {
  std::vector<std::string> files;  // sorted, each file once (symlinked twins dropped)
  std::vector<FileStat> stats;     // stats[i] is files[i]'s, as found (or empty: not taken)
  std::vector<Diagnostic> diagnostics;

  // Keeps the files of `kept` (an ordered subset of `files`), with their stats.
  void KeepOnly(const std::vector<std::string>& kept);
};

// Finds the Python files (`.py`, `.pyi`) under `paths`. Files named directly are always taken
// (unless force_exclude and an exclude matches). Directories are walked recursively, skipping
// hidden ones, `__pycache__`, `.venv`, `venv`, `build`, `dist`, `node_modules`, `site-packages`
// (unless asked) and excluded ones. Symlinked directories are followed; a link back to a directory
// being walked is a loop and gets one warning. Unreadable paths get one error each.
DiscoveryResult DiscoverFiles(const std::vector<std::string>& paths,
                              const DiscoveryOptions& options);

// True if `path` (as displayed) matches one of the exclude globs.
bool IsExcluded(const std::string& path, const std::vector<std::string>& excludes);

}  // namespace gbreak

#endif  // GBREAK_SOURCE_DISCOVERY_H_
