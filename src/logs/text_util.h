#ifndef GBREAK_LOGS_TEXT_UTIL_H_
#define GBREAK_LOGS_TEXT_UTIL_H_

// Small string helpers shared by the log readers. All take and return std::string_view (see
// source/absl_compat.h for why not absl::string_view).

#include <optional>
#include <string>
#include <string_view>

#include "logs/log_events.h"

namespace gbreak {

// Removes ANSI escape sequences (`ESC [ … final byte`, and a lone ESC). Returns
// `text` itself when it has none (the common case), else a view of `scratch`.
std::string_view StripAnsi(std::string_view text, std::string& scratch);

std::string_view TrimLeft(std::string_view s);
std::string_view Trim(std::string_view s);

// A non-negative decimal integer filling all of `s`.
std::optional<int> ParseInt(std::string_view s);

// "path:123" → {"path", 123}; nullopt when there is no `:digits` suffix.
std::optional<std::pair<std::string_view, int>> SplitFileLine(std::string_view s);

// Is the line made of text a log would hold? (false for binary junk: NUL and other controls)
bool LooksBinary(std::string_view s);

// Classifies a runtime frame's file: Dynamo/torch/tt internals, synthetic (`<eval_with_key>`,
// `<string>`), a library under site-packages, or user code.
SourceFrame::Kind ClassifyFrameFile(std::string_view file);

// The resume-function name Dynamo gives the code after a break
// (`torch_dynamo_resume_in_forward_at_12`, older `<graph break in forward>`, `__resume_at_30_1`):
// sets the original function and, when printed, the break line.
bool ParseResumeName(std::string_view name, std::string* function, int* line);

}  // namespace gbreak

#endif  // GBREAK_LOGS_TEXT_UTIL_H_
