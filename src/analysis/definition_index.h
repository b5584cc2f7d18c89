#ifndef GBREAK_ANALYSIS_DEFINITION_INDEX_H_
#define GBREAK_ANALYSIS_DEFINITION_INDEX_H_

#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "syntax/tree_sitter.h"

namespace gbreak {

// The functions (or classes) defined directly in a module, class body or function body, by name,
// found once per container: looking one up per call was quadratic in the call count (a file of
// thousands of functions calling one another). Decorated definitions count by the definition
// they decorate; of two definitions of one name the last is kept (what the name holds once the
// module or class body has run: `class Output(Output):` after an import, the real function after
// its `@typing.overload` stubs), except a property's setter or deleter (`@x.setter def x`), which
// leaves reading the name to the getter, and `@overload` stubs themselves.
class DefinitionIndex {
 public:
  using Definitions = std::map<std::string, TSNode, std::less<>>;

  explicit DefinitionIndex(std::string_view text) : text_(text) {}

  // `type`: "function_definition" or "class_definition".
  const Definitions& In(TSNode container, std::string_view type) const;

 private:
  // `@name.setter`, `@name.deleter`, `@overload` / `@typing.overload`.
  bool IsAccessorOrStub(TSNode decorated) const;
  std::string_view text_;
  // By (container node, whether classes or functions): no string built per lookup.
  mutable std::map<std::pair<const void*, bool>, Definitions> definitions_;
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_DEFINITION_INDEX_H_
