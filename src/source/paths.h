#ifndef GBREAK_SOURCE_PATHS_H_
#define GBREAK_SOURCE_PATHS_H_

#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

namespace gbreak {

// Small path questions asked by several stages, on paths as the user wrote them (no
// normalization: output prints paths the way they were given).

inline bool IsRegularFile(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

inline bool IsDirectory(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

// std::filesystem::absolute(path, error), with the working directory read once per process:
// gbreak never changes it, and absolute() asks the kernel for it on every call (3,400 getcwd
// calls in a warm run over transformers, one per file and per directory). Not normalized.
inline std::filesystem::path AbsolutePath(const std::string& path, std::error_code& error) {
  std::filesystem::path given(path);
  static const std::filesystem::path working_directory = [] {
    std::error_code ignored;
    return std::filesystem::current_path(ignored);  // empty when it is gone
  }();
  if (given.is_absolute() || working_directory.empty()) {
    return std::filesystem::absolute(given, error);
  }
  error.clear();
  return working_directory / given;
}

// "a/b/c.py" -> "a/b"; "c.py" -> "."; "/c.py" -> "/".
inline std::string DirName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// "a/b/c.py" -> "c.py".
inline std::string BaseName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The distribution a path under a library root belongs to, named as it is imported: its first
// component ("transformers/models/x.py" -> "transformers"; a top-level module "six.py" -> "six").
inline std::string TopLevelPackage(std::string_view path_in_root) {
  std::string top(path_in_root.substr(0, path_in_root.find('/')));
  if (top.size() == path_in_root.size() && top.ends_with(".py")) top.resize(top.size() - 3);
  return top;
}

}  // namespace gbreak

#endif  // GBREAK_SOURCE_PATHS_H_
