#ifndef GBREAK_PROGRAM_LAZY_EXPORTS_H_
#define GBREAK_PROGRAM_LAZY_EXPORTS_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "syntax/tree_sitter.h"

namespace gbreak {

// The names a lazy package exports. Such a package's __init__ replaces itself with a module
// object built from a dictionary of submodule -> names:
//
//   _import_structure = {"models": [], "utils": ["logging"]}
//   _import_structure["models"].extend(["UNet2DModel", "StableCascadeUNet"])
//   _import_structure["models.unet"] = ["UNet1DModel"]
//   ...
//   sys.modules[__name__] = _LazyModule(__name__, __file__, _import_structure, ...)
//
// and `package.StableCascadeUNet` is then `package.models.StableCascadeUNet`, whatever the
// `if TYPE_CHECKING:` imports beside it say (diffusers' list that branch omits names the
// dictionary has). Returned as (name, relative target): ("StableCascadeUNet",
// ".models.StableCascadeUNet"). Only a dictionary a `sys.modules[__name__] = ...(...)` statement
// passes by name counts, with the string literals its entries are assigned, extended or appended
// at module level (inside `if`/`try` blocks too: either branch may run); entries built any other
// way (comprehensions) are not read.
std::vector<std::pair<std::string, std::string>> LazyExports(TSNode root, std::string_view text);

// True when the module, run, puts an object of another class than `types.ModuleType` in its own
// place: `sys.modules[__name__] = _LazyModule(...)` (transformers' and diffusers' packages) or
// `sys.modules[__name__].__class__ = Cls`, at module level (in if/try blocks too). Importing it
// then hands out that object, not a plain module: what Dynamo before torch 2.12 refuses.
bool ReplacesOwnModule(TSNode root, std::string_view text);

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_LAZY_EXPORTS_H_
