#ifndef GBREAK_SYNTAX_STRING_LITERAL_H_
#define GBREAK_SYNTAX_STRING_LITERAL_H_

#include <optional>
#include <string>
#include <string_view>

#include "syntax/tree_sitter.h"

namespace gbreak {

// The value of a plain string literal (`"llama"`, `'x'`, `"""doc"""`, with its prefix), nullopt
// for anything else (f-strings, concatenations, other nodes). Escapes are kept as written: the
// names the analysis reads this way (model types, module and class names) have none.
std::optional<std::string> StringValue(TSNode node, std::string_view text);

}  // namespace gbreak

#endif  // GBREAK_SYNTAX_STRING_LITERAL_H_
