#include "source/diagnostic.h"

#include "absl/strings/str_cat.h"

namespace gbreak {

std::string FormatDiagnostic(const Diagnostic& diagnostic) {
  const char* level = diagnostic.level == Diagnostic::Level::kError ? "error" : "warning";
  if (diagnostic.line > 0) {
    return absl::StrCat(level, ": ", diagnostic.path, ":", diagnostic.line, ": ",
                        diagnostic.message);
  }
  return absl::StrCat(level, ": ", diagnostic.path, ": ", diagnostic.message);
}

}  // namespace gbreak
