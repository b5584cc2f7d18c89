#ifndef GBREAK_PROGRAM_MODULE_ALIASES_H_
#define GBREAK_PROGRAM_MODULE_ALIASES_H_

#include <string>
#include <vector>

#include "syntax/tree_sitter.h"

namespace gbreak {

// A module-level name bound to another name: `Net = Block`, `LayerNorm = nn.LayerNorm`. In
// Python the module attribute is then that same object, so `mypkg.model:Net` names the class
// Block and `from mypkg.model import Net` imports it.
struct ModuleAlias {
  std::string name;
  TSNode value;  // the identifier or attribute chain on the right
};

// The aliases of a module: names bound exactly once at its top level (not in an if/try block,
// where the binding may not run), by a plain `NAME = identifier-or-attribute` assignment, and
// bound no other way there (no def, class or import of the same name).
std::vector<ModuleAlias> ModuleAliases(TSNode root, std::string_view text);

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_MODULE_ALIASES_H_
