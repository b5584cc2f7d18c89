#ifndef GBREAK_PROGRAM_MODULE_NAMES_H_
#define GBREAK_PROGRAM_MODULE_NAMES_H_

#include <map>
#include <mutex>
#include <string>

namespace gbreak {

// ModuleNameOf for many files, with the file system asked once per directory: the files of a
// directory share its package, and a directory's package is its parent's plus its own name when
// it holds an __init__.py. ModuleNameOf alone walks up every file's directories (three or four
// stat calls a file, 10,000 on transformers). Safe to use from several threads at once.
class ModuleNames {
 public:
  // What ModuleNameOf(path) returns (packages nested deeper than ModuleNameOf's 64 levels aside).
  std::string ModuleOf(const std::string& path);

 private:
  // The dotted package of the normalized absolute directory `dir` ("" when it is none).
  std::string PackageAt(const std::string& dir);

  std::mutex mutex_;
  std::map<std::string, std::string> absolute_dirs_;  // the directory as spelled -> normalized
  std::map<std::string, std::string> packages_;       // normalized directory -> its package
};

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_MODULE_NAMES_H_
