#ifndef GBREAK_SOURCE_DIAGNOSTIC_H_
#define GBREAK_SOURCE_DIAGNOSTIC_H_

#include <string>

namespace gbreak {

// A problem with gbreak's input rather than with the user's code: a path that cannot be read, a
// file too large to analyze. Findings about the code (including syntax errors) are `Finding`s.
struct Diagnostic {
  enum class Level { kWarning, kError };

  Level level = Level::kError;
  std::string path;  // the file or directory it is about
  int line = 0;      // 1-based; 0 when it concerns the whole path
  std::string message;
};

// "path:line: message" or "path: message".
std::string FormatDiagnostic(const Diagnostic& diagnostic);

}  // namespace gbreak

#endif  // GBREAK_SOURCE_DIAGNOSTIC_H_
