#include "logs/break_report.h"

#include <algorithm>

#include "logs/gb_registry.h"
#include "logs/text_util.h"

namespace gbreak {
namespace {

constexpr std::string_view kAt = "Graph break in user code at ";
constexpr std::string_view kDupAt =
    "Graph break (user stack suppressed due to duplicate graph break) in user code at ";
constexpr std::string_view kDetailsAt = "Graph break (details suppressed) in user code at ";
constexpr std::string_view kOldDup = "Unsupported break in user code at ";
constexpr std::string_view kOldStart = "Graph break: ";
constexpr std::string_view kChain = "*** While handling this graph break, another graph break occurred";
constexpr std::string_view kLink = "/gb/";

bool SetAt(std::string_view location, SourceFrame& at) {
  location = Trim(location);
  if (location.ends_with(" (details suppressed)")) {
    location.remove_suffix(std::string_view(" (details suppressed)").size());
  }
  auto split = SplitFileLine(location);
  if (!split) return false;
  at.file = std::string(split->first);
  at.line = split->second;
  at.kind = ClassifyFrameFile(at.file);
  return true;
}

// A wrapper line says how Dynamo handled the break; the Gb_type is on the next non-blank line.
bool IsWrapper(std::string_view text, bool* skipped) {
  if (text.starts_with("Encountered graph break when attempting to trace")) return true;
  if (text.starts_with("Failed to handle graph break gracefully") ||
      text.starts_with("Encountered graph break that we cannot resume from") ||
      text.starts_with("Skipping frame due to graph break")) {
    *skipped = true;
    return true;
  }
  return false;
}

// "…/gb/gb0124.html" or ".../gb/GB0124" → "GB0124".
std::string LinkId(std::string_view line) {
  size_t at = line.find(kLink);
  if (at == std::string_view::npos) return "";
  std::string_view rest = line.substr(at + kLink.size());
  if (rest.size() < 6 || (rest[0] != 'g' && rest[0] != 'G') || (rest[1] != 'b' && rest[1] != 'B'))
    return "";
  if (!ParseInt(rest.substr(2, 4))) return "";
  return "GB" + std::string(rest.substr(2, 4));
}

// Dynamo prints the line it was tracing when it gave up, often inside torch (a module's
// register_buffer, a functional's body). The site a user can change is the innermost frame of the
// user stack outside torch; a suppressed duplicate has no stack and is resolved by the sink.
void PinOutsideTorch(BreakReport& report) {
  if (!IsTorchOrStdlib(report.at)) return;
  for (auto it = report.user_stack.rbegin(); it != report.user_stack.rend(); ++it) {
    if ((it->kind == SourceFrame::Kind::kUser || it->kind == SourceFrame::Kind::kLibrary) &&
        !IsTorchOrStdlib(*it)) {
      report.at = *it;
      return;
    }
  }
}

// The source line Python's traceback prints under a `File "…", line N, in fn` line: the next
// line, indented deeper. Python 3.11+ may follow it with a `^^^^` marker line, never before it.
std::string FrameCode(std::string_view frame_line, std::string_view next) {
  if (ParseTracebackFrame(next)) return "";
  size_t frame_indent = frame_line.size() - TrimLeft(frame_line).size();
  size_t next_indent = next.size() - TrimLeft(next).size();
  if (next_indent <= frame_indent) return "";
  return std::string(Trim(next));
}

// The innermost user stack frame at the break's location; null when the stack has none there.
const SourceFrame* StackFrameAt(const BreakReport& report) {
  for (auto it = report.user_stack.rbegin(); it != report.user_stack.rend(); ++it) {
    if (it->line == report.at.line && it->file == report.at.file) return &*it;
  }
  return nullptr;
}

}  // namespace

bool IsTorchOrStdlib(const SourceFrame& frame) {
  if (frame.kind == SourceFrame::Kind::kInternal) return true;
  if (frame.kind == SourceFrame::Kind::kLibrary) return false;  // under site-packages
  std::string_view file = frame.file;
  // `<prefix>/lib/python3.11/<module>.py` (or `lib64`), a module of the interpreter itself.
  size_t at = file.rfind("/lib/python3.");
  if (at == std::string_view::npos) at = file.rfind("/lib64/python3.");
  if (at == std::string_view::npos) return false;
  std::string_view rest = file.substr(file.find("/python3.", at) + 9);
  size_t slash = rest.find('/');
  return slash != std::string_view::npos && ParseInt(rest.substr(0, slash)).has_value();
}

bool IsBreakReportStart(std::string_view msg) {
  return msg.starts_with(kAt) || msg.starts_with(kDupAt) || msg.starts_with(kDetailsAt) ||
         (msg.starts_with(kOldDup) && msg.ends_with("(details suppressed)")) ||
         (msg.starts_with(kOldStart) && msg.find("from user code at") != std::string_view::npos);
}

std::optional<SourceFrame> ParseTracebackFrame(std::string_view line) {
  line = TrimLeft(line);
  if (!line.starts_with("File \"")) return std::nullopt;
  size_t close = line.find('"', 6);
  if (close == std::string_view::npos) return std::nullopt;
  std::string_view rest = line.substr(close + 1);
  if (!rest.starts_with(", line ")) return std::nullopt;
  rest.remove_prefix(7);
  size_t comma = rest.find(", in ");
  std::optional<int> n = ParseInt(rest.substr(0, comma));
  if (!n) return std::nullopt;
  SourceFrame frame;
  frame.file = std::string(line.substr(6, close - 6));
  frame.line = *n;
  if (comma != std::string_view::npos) frame.function = std::string(Trim(rest.substr(comma + 5)));
  frame.kind = ClassifyFrameFile(frame.file);
  return frame;
}

std::optional<BreakReport> ParseBreakReport(const std::vector<std::string>& lines) {
  if (lines.empty()) return std::nullopt;
  BreakReport report;
  bool have_at = false;
  std::string_view first = lines[0];
  if (first.starts_with(kAt)) {
    have_at = SetAt(first.substr(kAt.size()), report.at);
  } else if (first.starts_with(kDupAt)) {
    report.duplicate = true;
    have_at = SetAt(first.substr(kDupAt.size()), report.at);
  } else if (first.starts_with(kDetailsAt)) {
    report.duplicate = true;
    have_at = SetAt(first.substr(kDetailsAt.size()), report.at);
  } else if (first.starts_with(kOldDup)) {
    report.duplicate = true;
    have_at = SetAt(first.substr(kOldDup.size()), report.at);
  } else if (first.starts_with(kOldStart)) {
    // 2.0: `Graph break: <reason> from user code at <stack>`; 2.1: `… from user code at:`;
    // 2.2–2.4: `Graph break: from user code at:` with the reason at the end of the traceback.
    std::string_view body = first.substr(kOldStart.size());
    constexpr std::string_view kFromUserCode = "from user code at";
    size_t from = body.rfind(kFromUserCode);
    std::string_view reason = Trim(body.substr(0, from));
    // 2.0 prints the first frame on the same line. (A damaged line may lack the phrase: then
    // there is no frame, and `from` is npos, not an offset to skip from.)
    if (from != std::string_view::npos) {
      if (std::optional<SourceFrame> frame =
              ParseTracebackFrame(body.substr(from + kFromUserCode.size()))) {
        report.user_stack.push_back(*std::move(frame));
      }
    }
    if (reason.ends_with(":")) reason.remove_suffix(1);  // "skip:" (skipped frame)
    if (reason == "skip") {
      report.frame_skipped = true;
    } else if (!reason.empty()) {
      report.reason = std::string(reason);
    }
  } else {
    return std::nullopt;
  }

  enum class State { kReason, kAfterWrapper, kChained, kStack, kInternal };
  State state = State::kReason;
  bool in_first_block = true;
  bool stack_seen = false;
  for (size_t i = 1; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    std::string_view trimmed = Trim(line);
    if (state == State::kAfterWrapper || state == State::kChained) {
      if (trimmed.empty()) continue;
      bool skipped = false;
      if (IsWrapper(trimmed, &skipped)) {
        report.frame_skipped |= skipped;
        continue;
      }
      if (state == State::kAfterWrapper && in_first_block) {
        report.reason = std::string(trimmed);
      } else if (std::find(report.chained.begin(), report.chained.end(), trimmed) ==
                 report.chained.end()) {
        report.chained.emplace_back(trimmed);
      }
      state = State::kReason;
      continue;
    }
    if (line.starts_with("Graph Break Reason: ") || line.starts_with("Reason: ")) {
      std::string_view reason = line.substr(line.find(": ") + 2);
      if (reason.starts_with("Unsupported: ")) reason.remove_prefix(13);
      bool skipped = false;
      if (IsWrapper(reason, &skipped)) {
        report.frame_skipped |= skipped;
        state = State::kAfterWrapper;
      } else if (report.reason.empty()) {
        report.reason = std::string(Trim(reason));
      }
      continue;
    }
    if (trimmed.starts_with(kChain)) {
      in_first_block = false;
      state = State::kChained;
      continue;
    }
    if (trimmed.find("which results in a skip") != std::string_view::npos) {
      report.frame_skipped = true;
      continue;
    }
    if (trimmed.starts_with("Explanation: ")) {
      if (in_first_block && report.explanation.empty())
        report.explanation = std::string(trimmed.substr(13));
      continue;
    }
    if (trimmed.starts_with("Hint: ")) {
      if (in_first_block) report.hints.emplace_back(trimmed.substr(6));
      continue;
    }
    if (trimmed.starts_with("For more details about this graph break")) {
      if (in_first_block && report.registry_id.empty()) report.registry_id = LinkId(trimmed);
      continue;
    }
    if (trimmed == "User code traceback:" || trimmed == "from user code:") {
      state = State::kStack;
      stack_seen = true;
      continue;
    }
    if (trimmed.starts_with("Traceback (most recent call last)") ||
        trimmed.starts_with("==========")) {
      state = State::kInternal;
      continue;
    }
    if (trimmed.starts_with("torch._dynamo.exc.Unsupported: ")) {
      if (report.reason.empty()) report.reason = std::string(trimmed.substr(31));
      continue;
    }
    if (std::optional<SourceFrame> frame = ParseTracebackFrame(line)) {
      // 2.1–2.4 print the user frames right after the first line, with no header.
      if (state == State::kStack || (!stack_seen && state == State::kReason && i <= 64 &&
                                     !first.starts_with(kAt))) {
        if (i + 1 < lines.size()) frame->code = FrameCode(line, lines[i + 1]);
        report.user_stack.push_back(*std::move(frame));
      }
      continue;
    }
  }

  if (!have_at) {
    // The innermost user frame is the breaking line.
    for (auto it = report.user_stack.rbegin(); it != report.user_stack.rend(); ++it) {
      if (it->kind == SourceFrame::Kind::kUser || it->kind == SourceFrame::Kind::kLibrary) {
        report.at = *it;
        have_at = true;
        break;
      }
    }
    if (!have_at && !report.user_stack.empty()) {
      report.at = report.user_stack.back();
      have_at = true;
    }
  }
  if (!have_at) return std::nullopt;
  // The printed location's source line, from the user stack frame at the same place.
  if (const SourceFrame* frame = StackFrameAt(report); frame != nullptr && report.at.code.empty()) {
    report.at.code = frame->code;
  }
  report.printed_at = report.at;
  PinOutsideTorch(report);
  // A break inside a resume function is in the original function.
  std::string original;
  int ignored_line = 0;
  if (ParseResumeName(report.at.function, &original, &ignored_line) && !original.empty()) {
    report.at.function = original;
  }
  // PinOutsideTorch may have moved the location: look the frame up again.
  if (const SourceFrame* frame = StackFrameAt(report); frame != nullptr && report.at.function.empty()) {
    report.at.function = frame->function;
  }
  if (report.reason.empty() && report.frame_skipped) report.reason = "skip";
  if (ParseResumeName(report.at.function, &original, &ignored_line) && !original.empty()) {
    report.at.function = original;
  }
  if (report.registry_id.empty()) report.registry_id = RegistryIdForReason(report.reason);
  return report;
}

}  // namespace gbreak
