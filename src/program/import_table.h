#ifndef GBREAK_PROGRAM_IMPORT_TABLE_H_
#define GBREAK_PROGRAM_IMPORT_TABLE_H_

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/tree_sitter.h"

namespace gbreak {

// The names a module's import statements bind, and what each refers to:
//   import torch.nn as nn          nn  -> torch.nn
//   import torch.nn.functional     torch -> torch (and torch.nn.functional.x resolves through it)
//   from torch import nonzero as nz   nz -> torch.nonzero
//   from .utils import helper      helper -> .utils.helper (relative; resolved by the program model)
// Imports anywhere in the file count (inside functions, under `if TYPE_CHECKING:`, in
// `try/except ImportError` alternatives): a name bound by any of them may refer to that target.
class ImportTable {
 public:
  static ImportTable Build(TSNode root, std::string_view text);

  // The qualified names `name` may be bound to (empty: not imported).
  const std::vector<std::string>* Lookup(std::string_view name) const;
  // Every imported name and its targets.
  const std::map<std::string, std::vector<std::string>, std::less<>>& bindings() const {
    return bindings_;
  }
  // Modules imported with `from MODULE import *`.
  const std::vector<std::string>& star_modules() const { return star_modules_; }
  // Names defined at module level by `def`, `class` or assignment (they shadow builtins).
  bool DefinesAtModuleLevel(std::string_view name) const;

 private:
  std::map<std::string, std::vector<std::string>, std::less<>> bindings_;
  std::vector<std::string> star_modules_;
  std::set<std::string, std::less<>> module_level_names_;
};

// The qualified names an expression may denote: an identifier or a dotted attribute chain whose
// root is imported (`F.one_hot` -> `torch.nn.functional.one_hot`), or a builtin that nothing in
// the module shadows (`print` -> `builtins.print`). Empty for anything else (calls, subscripts,
// locals).
std::vector<std::string> QualifiedNames(TSNode expression, std::string_view text,
                                        const ImportTable& imports);

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_IMPORT_TABLE_H_
