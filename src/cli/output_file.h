#ifndef GBREAK_CLI_OUTPUT_FILE_H_
#define GBREAK_CLI_OUTPUT_FILE_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace gbreak {

// Writes `contents` to standard output (path "" or "-") or to a file, atomically: a temporary
// file beside it, then a rename, so a reader never sees half a report.
absl::Status WriteOutput(const std::string& path, std::string_view contents);

}  // namespace gbreak

#endif  // GBREAK_CLI_OUTPUT_FILE_H_
