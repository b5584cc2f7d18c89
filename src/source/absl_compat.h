#ifndef GBREAK_SOURCE_ABSL_COMPAT_H_
#define GBREAK_SOURCE_ABSL_COMPAT_H_

// Debian 12's Abseil is built with ABSL_OPTION_USE_STD_STRING_VIEW=0, so absl::string_view is its
// own class and does not convert from std::string_view. gbreak speaks std::string_view; these two
// helpers are the one place the vocabularies meet.

#include <string_view>

#include "absl/strings/string_view.h"

namespace gbreak {

inline absl::string_view ToAbsl(std::string_view s) { return absl::string_view(s.data(), s.size()); }
inline std::string_view FromAbsl(absl::string_view s) { return std::string_view(s.data(), s.size()); }

}  // namespace gbreak

#endif  // GBREAK_SOURCE_ABSL_COMPAT_H_
