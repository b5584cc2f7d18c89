#include "crosscheck/path_match.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace gbreak {
namespace {

// Where a site-packages path's package-relative part begins (npos when it has none).
size_t PackageStart(std::string_view path) {
  for (std::string_view marker : {"site-packages/", "dist-packages/"}) {
    size_t at = path.rfind(marker);
    if (at != std::string_view::npos) return at + marker.size();
  }
  return std::string_view::npos;
}

}  // namespace

std::vector<std::string> PathMatcher::Components(std::string_view path) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find_first_of("/\\", start);
    if (slash == std::string_view::npos) slash = path.size();
    std::string_view part = path.substr(start, slash - start);
    if (part == "..") {
      if (!out.empty()) out.pop_back();
    } else if (!part.empty() && part != ".") {
      out.emplace_back(part);
    }
    start = slash + 1;
  }
  return out;
}

std::string PathMatcher::PackageRelative(std::string_view path) {
  size_t start = PackageStart(path);
  return std::string(start == std::string_view::npos ? path : path.substr(start));
}

PathMatcher::PathMatcher(const std::vector<std::string>& analyzed_files) {
  for (const std::string& path : analyzed_files) {
    std::error_code ec;
    std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    Local local{path, Components(ec ? path : absolute.lexically_normal().string()),
                Components(path).size()};
    if (local.components.empty()) continue;
    by_basename_[local.components.back()].push_back(files_.size());
    files_.push_back(std::move(local));
  }
}

const std::string& PathMatcher::Match(std::string_view runtime_path) {
  if (auto it = cache_.find(runtime_path); it != cache_.end()) return it->second;
  std::string& result = cache_[std::string(runtime_path)];
  std::vector<std::string> parts = Components(runtime_path);
  if (parts.empty()) return result;
  auto candidates = by_basename_.find(parts.back());
  if (candidates == by_basename_.end()) return result;
  size_t package_start = PackageStart(runtime_path);
  size_t required = 2;
  if (package_start != std::string_view::npos) {
    required = Components(runtime_path.substr(package_start)).size();
  }
  size_t best = 0;
  int best_count = 0;
  const Local* best_file = nullptr;
  for (size_t index : candidates->second) {
    const Local& local = files_[index];
    size_t n = 0;
    while (n < parts.size() && n < local.components.size() &&
           parts[parts.size() - 1 - n] == local.components[local.components.size() - 1 - n]) {
      ++n;
    }
    size_t need = std::min({required, parts.size(), std::max<size_t>(1, local.given)});
    if (n < need) continue;
    if (n > best) {
      best = n;
      best_count = 1;
      best_file = &local;
    } else if (n == best) {
      ++best_count;
    }
  }
  if (best_file != nullptr && best_count == 1) result = best_file->path;
  return result;
}

}  // namespace gbreak
