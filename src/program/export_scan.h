#ifndef GBREAK_PROGRAM_EXPORT_SCAN_H_
#define GBREAK_PROGRAM_EXPORT_SCAN_H_

#include <string>
#include <string_view>
#include <vector>

namespace gbreak {

// Whether Python source `text` may define or export `name`: it names it in an `__all__` list
// (which transformers' lazy import structure reads) or defines it with `class` or `def`. A cheap text test, no parse: a "yes" is then confirmed by parsing the module.
bool TextMayExport(std::string_view text, std::string_view name);

// The same for a module file, or for a package (its `__init__.py`): every `.py` file of the
// package's own directory, since a lazy package's `__init__` star-imports its submodules.
// Unreadable files answer no. With `read`, the files it read (and, for a package, its directory,
// whose listing it read) are added to it: the result cache checks them before reusing a run.
bool FileOrPackageMayExport(const std::string& path, std::string_view name,
                            std::vector<std::string>* read = nullptr);

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_EXPORT_SCAN_H_
