#ifndef GBREAK_PROGRAM_MODULE_LOCATOR_H_
#define GBREAK_PROGRAM_MODULE_LOCATOR_H_

#include <map>
#include <set>
#include <string>
#include <vector>

namespace gbreak {

// Finds the file that defines a dotted module name on a search path, the way Python's path finder
// does: for `a.b.c`, the first root holding `a/b/c/__init__.py` or `a/b/c.py`. The roots are the
// project's directories first, then the site-packages of the chosen interpreter (`--python`,
// `--site-packages`).
//
// Some packages are never followed: Dynamo treats torch itself (and the numeric libraries it
// models) as graph operations or skips them, so their sources say nothing about graph breaks in
// the user's model, and reading them would cost most of the run.
class ModuleLocator {
 public:
  ModuleLocator(std::vector<std::string> project_roots, std::vector<std::string> library_roots);

  // The file for `dotted`, or "" when no root has it or it is not followed. Cached.
  const std::string& Locate(const std::string& dotted);

  // The library a file belongs to: the top-level package under a library root ("transformers"
  // for <site-packages>/transformers/models/gpt2/modeling_gpt2.py), else "user".
  std::string OriginOf(const std::string& path) const;
  const std::vector<std::string>& roots() const { return roots_; }
  // Every directory Locate looked in for a module file or package (whether it exists or not),
  // sorted: a file added to one of them could change what a dotted name resolves to.
  const std::set<std::string>& directories_looked_in() const { return looked_in_; }

  // True for modules gbreak never reads (torch, numpy, ...).
  static bool IsOpaque(const std::string& dotted);

 private:
  std::vector<std::string> roots_;          // project roots, then library roots
  std::vector<std::string> library_roots_;
  std::map<std::string, std::string> cache_;
  std::set<std::string> looked_in_;
};

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_MODULE_LOCATOR_H_
