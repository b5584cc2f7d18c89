#ifndef GBREAK_SOURCE_LIST_LITERAL_H_
#define GBREAK_SOURCE_LIST_LITERAL_H_

#include <optional>
#include <string_view>
#include <vector>

namespace gbreak {

// The entries of a bracketed list literal as text, each with its surrounding spaces trimmed:
// `['a', "b, c", 3]` -> `'a'`, `"b, c"`, `3`. A comma inside quotes separates nothing (a
// backslash in quotes escapes the next character); `[]` and a trailing comma add no empty last
// entry, an empty one between commas stays. None when `text` is not in brackets or leaves a quote open. Both readers of
// per-layer configuration lists use it: the command line's `--config layer_types=[...]`
// (model_config.cc) and the guard folding that indexes such a list (guards.cc).
std::optional<std::vector<std::string_view>> SplitListLiteral(std::string_view text);

}  // namespace gbreak

#endif  // GBREAK_SOURCE_LIST_LITERAL_H_
