#ifndef GBREAK_CLI_CACHE_LOCATION_H_
#define GBREAK_CLI_CACHE_LOCATION_H_

#include <optional>
#include <string>

namespace gbreak {

// Where a whole-tree run keeps its result cache, or nothing when the cache is off (`--no-cache`,
// GBREAK_NO_CACHE set to anything but "" or "0"). In order: `--cache-dir`, GBREAK_CACHE_DIR,
// then ruff's convention: `.gbreak_cache` in the nearest directory from here up that holds a
// gbreak.toml or pyproject.toml (the project's root), else in the working directory.
std::optional<std::string> CacheDirectory(bool no_cache, const std::string& cache_dir);

}  // namespace gbreak

#endif  // GBREAK_CLI_CACHE_LOCATION_H_
