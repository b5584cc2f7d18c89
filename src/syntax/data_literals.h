#ifndef GBREAK_SYNTAX_DATA_LITERALS_H_
#define GBREAK_SYNTAX_DATA_LITERALS_H_

// Large data literals (a 10 MB list of numbers, a table of strings) cost tree-sitter ~60 bytes
// of memory per token and gbreak's tree index as much again, for nothing: a literal made only
// of constants has no behaviour Dynamo could break on. So before parsing, the interior of each
// large constant-only literal is blanked after its first element, byte for byte (newlines kept):
// the tree holds a short literal of the same kind at the same offsets, lines and columns, and
// the source text the analysis reads is untouched.

#include <cstddef>
#include <string>
#include <string_view>

namespace gbreak {

// A literal's interior must be at least this long to be blanked.
inline constexpr size_t kMinElidedLiteralBytes = 64 * 1024;

// `text` with the interiors of constant-only list, tuple, set and dict displays longer than
// `min_bytes` blanked after their first element (and its comma), or "" when there is none (the
// common case: no copy). A display is constant-only when it holds only numbers, non-f strings,
// True/False/None, commas, colons, signs, comments and nested such displays; `f(1, 2)` and
// `a[1, 2]` are calls and subscripts, never displays.
std::string ElideLargeDataLiterals(std::string_view text,
                                   size_t min_bytes = kMinElidedLiteralBytes);

}  // namespace gbreak

#endif  // GBREAK_SYNTAX_DATA_LITERALS_H_
