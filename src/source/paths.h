#ifndef GBREAK_SOURCE_PATHS_H_
#define GBREAK_SOURCE_PATHS_H_

#include <sys/stat.h>

#include <string>
#include <string_view>

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
