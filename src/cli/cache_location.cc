#include "cli/cache_location.h"

#include <cstdlib>
#include <filesystem>
#include <string_view>

namespace gbreak {
namespace {

bool EnvironmentSays(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && std::string_view(value) != "" && std::string_view(value) != "0";
}

// The nearest directory from the working directory up that holds a configuration file.
std::filesystem::path ProjectRoot() {
  std::error_code error;
  std::filesystem::path here = std::filesystem::current_path(error);
  if (error) return ".";
  for (std::filesystem::path dir = here;; dir = dir.parent_path()) {
    for (const char* name : {"gbreak.toml", "pyproject.toml"}) {
      if (std::filesystem::is_regular_file(dir / name, error)) return dir;
    }
    if (!dir.has_parent_path() || dir.parent_path() == dir) break;
  }
  return here;
}

}  // namespace

std::optional<std::string> CacheDirectory(bool no_cache, const std::string& cache_dir) {
  if (no_cache || EnvironmentSays("GBREAK_NO_CACHE")) return std::nullopt;
  if (!cache_dir.empty()) return cache_dir;
  if (const char* dir = std::getenv("GBREAK_CACHE_DIR"); dir != nullptr && *dir != '\0') {
    return std::string(dir);
  }
  return (ProjectRoot() / ".gbreak_cache").string();
}

}  // namespace gbreak
