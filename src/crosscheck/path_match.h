#ifndef GBREAK_CROSSCHECK_PATH_MATCH_H_
#define GBREAK_CROSSCHECK_PATH_MATCH_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gbreak {

// Matches paths printed by a run (often on another machine, in another venv) to the files gbreak
// analyzed, by their longest common suffix of path components:
//   /srv/venv/lib/python3.12/site-packages/transformers/models/x/modeling_x.py
//     ↔ .venv/lib/python3.11/site-packages/transformers/models/x/modeling_x.py
//   /home/ci/repo/src/model.py ↔ src/model.py
// A site-packages path must match its whole package-relative part; any other path at least two
// components (or all of the shorter path). A tie between two analyzed files is no match.
class PathMatcher {
 public:
  explicit PathMatcher(const std::vector<std::string>& analyzed_files);

  // The analyzed file a runtime path names, or "" when none does.
  const std::string& Match(std::string_view runtime_path);

  // The package-relative part of a site-packages path ("transformers/models/x/modeling_x.py"),
  // else the path itself.
  static std::string PackageRelative(std::string_view path);

 private:
  struct Local {
    std::string path;                     // as analyzed
    std::vector<std::string> components;  // of its absolute, normalised form
    size_t given = 0;                     // components of the path as given
  };
  static std::vector<std::string> Components(std::string_view path);

  std::vector<Local> files_;
  std::map<std::string, std::vector<size_t>> by_basename_;
  std::map<std::string, std::string, std::less<>> cache_;
  std::string none_;
};

}  // namespace gbreak

#endif  // GBREAK_CROSSCHECK_PATH_MATCH_H_
