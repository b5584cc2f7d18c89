#ifndef GBREAK_SYNTAX_SYNTAX_CHECK_H_
#define GBREAK_SYNTAX_SYNTAX_CHECK_H_

// Whether CPython would refuse a file, from its tree-sitter tree. tree-sitter-python accepts more
// than Python 3 does: Python 2 statements (`print "x"`, `exec "code"`, `except E, e:`, `<>`,
// backtick repr) for compatibility, and any nesting depth. gbreak reports those as CPython does,
// so that a file is never called clean when Python would not run it.

#include <tree_sitter/api.h>

#include <cstdint>
#include <optional>
#include <string>

#include "source/source_file.h"

namespace gbreak {

struct SyntaxProblem {
  uint32_t start = 0;  // byte offsets into source.text()
  uint32_t end = 0;
  std::string message;  // "syntax error: ...", in CPython's words where it has some
};

// CPython's limits (Include/internal/pycore_tokenizer.h MAXINDENT, Include/cpython/code.h
// CO_MAXBLOCKS): 99 indentation levels, 20 loop/try/with blocks nested in one function.
inline constexpr int kMaxIndentLevels = 99;
inline constexpr int kMaxStaticBlocks = 20;

// The first problem in the file (by position): a parse error (ERROR or MISSING node), a Python 2
// construct, or nesting past CPython's limits. nullopt when CPython would compile the file.
std::optional<SyntaxProblem> FindSyntaxProblem(const SourceFile& source, TSNode root);

}  // namespace gbreak

#endif  // GBREAK_SYNTAX_SYNTAX_CHECK_H_
