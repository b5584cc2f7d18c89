#ifndef GBREAK_RULES_EMBEDDED_FILES_H_
#define GBREAK_RULES_EMBEDDED_FILES_H_

#include <string_view>

#include "absl/types/span.h"

namespace gbreak {

// A file compiled into the binary: its repository-relative path and its bytes.
struct EmbeddedFile {
  std::string_view path;
  std::string_view contents;
};

// rules/*.toml and queries/*.scm, generated at build time by cmake/embed_files.cmake.
absl::Span<const EmbeddedFile> EmbeddedRuleFiles();

}  // namespace gbreak

#endif  // GBREAK_RULES_EMBEDDED_FILES_H_
