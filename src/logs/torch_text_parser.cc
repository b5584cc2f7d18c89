#include "logs/torch_text_parser.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "logs/break_report.h"
#include "logs/gb_registry.h"
#include "logs/text_util.h"

namespace gbreak {
namespace {

constexpr std::string_view kStartTracing = "Step 1: torchdynamo start tracing ";
constexpr std::string_view kCallingCompiler = "Step 2: calling compiler function ";
constexpr std::string_view kCompilingGraph = "COMPILING GRAPH due to GraphCompileReason(";
constexpr std::string_view kRecompiling = "Recompiling function ";
constexpr std::string_view kLimit = "torch._dynamo hit config.";
constexpr std::string_view kWontConvert = "WON'T CONVERT ";
constexpr std::string_view kExc = "torch._dynamo.exc.";
constexpr std::string_view kFailOnRecompile = "Detected recompile when torch.compile stance is";

// "fn (file:line)" or "'fn' (file:line)" → fields.
void ParseFunctionAt(std::string_view text, std::string* function, std::string* file, int* line) {
  size_t open = text.find(" (");
  if (open == std::string_view::npos) return;
  std::string_view fn = Trim(text.substr(0, open));
  if (fn.size() >= 2 && fn.front() == '\'' && fn.back() == '\'') fn = fn.substr(1, fn.size() - 2);
  *function = std::string(fn);
  std::string_view where = text.substr(open + 2);
  if (where.ends_with(")")) where.remove_suffix(1);
  if (auto split = SplitFileLine(where)) {
    *file = std::string(split->first);
    *line = split->second;
  }
}

CompileFailure::Kind ExceptionKind(std::string_view cls, std::string_view message) {
  if (cls == "BackendCompilerFailed") return CompileFailure::Kind::kBackendCompilerFailed;
  if (cls == "InternalTorchDynamoError") return CompileFailure::Kind::kInternalError;
  if (cls == "Unsupported" || cls == "UncapturedHigherOrderOpError" || cls == "UserError") {
    return CompileFailure::Kind::kFullgraphError;
  }
  if (cls == "FailOnRecompileLimitHit" || cls == "RecompileLimitExceeded") {
    return CompileFailure::Kind::kRecompileLimit;
  }
  if (message.find("likely to be a Dynamo bug") != std::string_view::npos) {
    return CompileFailure::Kind::kInternalError;
  }
  return CompileFailure::Kind::kOther;
}

// The `<FrameSummary file F, line L in fn>` items of a GraphCompileReason's user_stack, outermost
// first.
std::vector<SourceFrame> FrameSummaries(std::string_view msg) {
  constexpr std::string_view kFrame = "<FrameSummary file ";
  std::vector<SourceFrame> frames;
  for (size_t at = msg.find(kFrame); at != std::string_view::npos; at = msg.find(kFrame, at)) {
    std::string_view rest = msg.substr(at + kFrame.size());
    at += kFrame.size();
    size_t comma = rest.find(", line ");
    size_t in = rest.find(" in ", comma == std::string_view::npos ? 0 : comma);
    size_t close = rest.find('>', in == std::string_view::npos ? 0 : in);
    if (comma == std::string_view::npos || in == std::string_view::npos ||
        close == std::string_view::npos) {
      break;
    }
    std::optional<int> number = ParseInt(rest.substr(comma + 7, in - comma - 7));
    if (!number) continue;
    SourceFrame frame;
    frame.file = std::string(rest.substr(0, comma));
    frame.line = *number;
    frame.function = std::string(rest.substr(in + 4, close - in - 4));
    frame.kind = ClassifyFrameFile(frame.file);
    frames.push_back(std::move(frame));
  }
  return frames;
}

// A break read from a record that is not a graph-break report (a graph compiled because of a
// break, a frame skipped): its site is the innermost frame outside torch.
std::optional<BreakReport> InferredBreak(std::vector<SourceFrame> stack, std::string reason,
                                         bool frame_skipped) {
  for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
    if ((it->kind == SourceFrame::Kind::kUser || it->kind == SourceFrame::Kind::kLibrary) &&
        !IsTorchOrStdlib(*it)) {
      BreakReport report;
      report.at = *it;
      report.printed_at = stack.back();  // where Dynamo stopped, for the sink's pinning table
      std::string original;
      int ignored = 0;
      if (ParseResumeName(report.at.function, &original, &ignored) && !original.empty()) {
        report.at.function = original;
      }
      report.reason = std::move(reason);
      report.registry_id = RegistryIdForReason(report.reason);
      report.user_stack = std::move(stack);
      report.frame_skipped = frame_skipped;
      return report;
    }
  }
  // Only torch and stdlib frames (a skipped functools frame): the sink pins it where a full
  // report at the same place was pinned.
  if (stack.empty()) return std::nullopt;
  BreakReport report;
  report.at = stack.back();
  report.printed_at = stack.back();
  report.reason = std::move(reason);
  report.registry_id = RegistryIdForReason(report.reason);
  report.frame_skipped = frame_skipped;
  report.user_stack = std::move(stack);
  return report;
}

// The `reason=` of a GraphCompileReason: Python's repr of the break message, quoted with ' or,
// when the message holds a ', with "; its lines are joined by a literal `\n`. The first line is the
// Gb_type, then `  Explanation: …` and `  Hint: …` lines as in a break report.
struct CompileReasonText {
  std::string reason;
  std::string explanation;
  std::vector<std::string> hints;
};

CompileReasonText ParseCompileReason(std::string_view msg) {
  CompileReasonText out;
  constexpr std::string_view kReason = "reason=";
  size_t at = msg.find(kReason);
  if (at == std::string_view::npos || at + kReason.size() >= msg.size()) return out;
  char quote = msg[at + kReason.size()];
  if (quote != '\'' && quote != '"') return out;
  std::string_view body = msg.substr(at + kReason.size() + 1);
  body = body.substr(0, body.find(std::string(1, quote) + ", user_stack"));
  bool first = true;
  while (!body.empty()) {
    size_t end = body.find("\\n");
    std::string_view line = body.substr(0, end);
    body = end == std::string_view::npos ? std::string_view() : body.substr(end + 2);
    std::string_view trimmed = Trim(line);
    if (first) {
      out.reason = std::string(trimmed);
      first = false;
    } else if (trimmed.starts_with("Explanation: ") && out.explanation.empty()) {
      out.explanation = std::string(trimmed.substr(13));
    } else if (trimmed.starts_with("Hint: ")) {
      out.hints.emplace_back(trimmed.substr(6));
    }
  }
  return out;
}

}  // namespace

bool TorchTextParser::StartsRecord(const TorchLine& line, Kind* kind) const {
  std::string_view msg = line.msg;
  if (msg.starts_with("Graph break from `Tensor.item()`")) {
    *kind = Kind::kIgnored;
  } else if (IsBreakReportStart(msg)) {
    *kind = Kind::kBreak;
  } else if (msg.starts_with(kRecompiling)) {
    *kind = Kind::kRecompile;
  } else if (msg.starts_with(kLimit)) {
    *kind = Kind::kRecompileLimit;
  } else if (msg.starts_with(kWontConvert)) {
    *kind = Kind::kWontConvert;
  } else if (!line.prefixed && msg.starts_with(kExc) && msg.find(": ") != std::string_view::npos) {
    // Only on bare stderr: a prefixed one is part of a logged traceback (exc_info).
    *kind = Kind::kException;
  } else {
    return false;
  }
  return true;
}

void TorchTextParser::Line(std::string_view text, int64_t number) {
  TorchLine t = SplitTorchLine(text);
  std::string pid(t.pid);
  auto it = open_.find(pid);
  Kind kind;
  bool starts = StartsRecord(t, &kind);
  if (it != open_.end() && it->second.open) {
    Record& r = it->second;
    bool same = t.prefixed ? t.prefix == r.prefix : r.prefix.empty();
    bool ends = !t.prefixed && (Trim(t.msg).starts_with("Set TORCHDYNAMO_VERBOSE") ||
                                t.msg.starts_with("Traceback (most recent call last)"));
    if (same && (!starts || r.kind == Kind::kIgnored) && !ends &&
        r.lines.size() < kMaxRecordLines) {
      r.lines.emplace_back(t.msg);
      return;
    }
    Close(r);
  }
  if (starts) {
    Record& r = open_[pid];
    r.kind = kind;
    r.prefix = std::string(t.prefix);
    r.compile_id = std::string(t.compile_id);
    r.lines.clear();
    r.lines.emplace_back(t.msg);
    r.first_line = number;
    r.open = true;
    return;
  }
  SingleLine(t, number);
}


// `COMPILING GRAPH due to GraphCompileReason(reason='…', user_stack=[<FrameSummary …>, …],
// graph_break=…)`: with graph_break=False, where a frame's graph ended without a break; with
// graph_break=True, the break that ended it (+dynamo text, which prints no break report unless
// the graph_breaks channel is on too).
void TorchTextParser::NoteCompileReason(const TorchLine& t, std::string_view msg,
                                        int64_t number) {
  std::vector<SourceFrame> frames = FrameSummaries(msg);
  if (frames.empty()) return;
  if (msg.find("graph_break=False") != std::string_view::npos) {
    sink_.NoteGraphReturn(t.compile_id, frames.back());  // the innermost frame: the return
    return;
  }
  if (msg.find("graph_break=True") == std::string_view::npos) return;
  CompileReasonText text = ParseCompileReason(msg);
  if (std::optional<BreakReport> report =
          InferredBreak(std::move(frames), std::move(text.reason), false)) {
    report->explanation = std::move(text.explanation);
    report->hints = std::move(text.hints);
    sink_.AddInferredBreak(*report, t.compile_id, number);
  }
}

void TorchTextParser::SingleLine(const TorchLine& t, int64_t number) {
  std::string_view msg = t.msg;
  if (msg.starts_with(kStartTracing)) {
    std::string_view rest = Trim(msg.substr(kStartTracing.size()));
    std::string_view function = rest;
    std::string_view file;
    int first_line = 0;
    // `<fn> <file>:<line>`; the function may be `<graph break in f>` (spaces inside <>).
    size_t space = rest.starts_with("<") ? rest.find("> ") : rest.find(' ');
    if (space != std::string_view::npos) {
      if (rest.starts_with("<")) ++space;
      function = rest.substr(0, space);
      if (auto split = SplitFileLine(Trim(rest.substr(space)))) {
        file = split->first;
        first_line = split->second;
      }
    }
    sink_.StartFrame(t.compile_id, function, file, first_line, number);
    return;
  }
  if (msg.starts_with(kCompilingGraph)) {
    NoteCompileReason(t, msg, number);
    return;
  }
  if (msg.starts_with(kCallingCompiler)) {
    sink_.AddDynamoGraph(t.compile_id, Trim(msg.substr(kCallingCompiler.size())), number);
    return;
  }
  if (msg.starts_with(kFailOnRecompile)) {
    CompileFailure f;
    f.kind = CompileFailure::Kind::kRecompileLimit;
    f.message = std::string(msg);
    f.place.line = number;
    sink_.AddFailure(std::move(f));
  }
}

void TorchTextParser::Close(Record& record) {
  if (!record.open) return;
  record.open = false;
  switch (record.kind) {
    case Kind::kBreak:
      CloseBreak(record);
      break;
    case Kind::kRecompile:
      CloseRecompile(record);
      break;
    case Kind::kRecompileLimit:
      CloseRecompileLimit(record);
      break;
    case Kind::kWontConvert:
      CloseWontConvert(record);
      break;
    case Kind::kException:
      CloseException(record);
      break;
    case Kind::kIgnored:
      break;
  }
  record.lines.clear();
}

void TorchTextParser::CloseBreak(Record& record) {
  std::optional<BreakReport> report = ParseBreakReport(record.lines);
  if (!report) {
    sink_.Diagnose(record.first_line,
                   "graph-break report with no readable location (truncated?); skipped");
    return;
  }
  sink_.AddBreak(*report, record.compile_id, record.first_line);
}

void TorchTextParser::CloseRecompile(Record& record) {
  // Recompiling function <fn> in <file>:<line>
  Recompile r;
  r.place.line = record.first_line;
  std::string_view head = std::string_view(record.lines[0]).substr(kRecompiling.size());
  size_t in = head.find(" in ");
  r.function = std::string(head.substr(0, in));
  if (in != std::string_view::npos) {
    if (auto split = SplitFileLine(Trim(head.substr(in + 4)))) {
      r.file = std::string(split->first);
      r.line = split->second;
    }
  }
  for (size_t i = 1; i < record.lines.size(); ++i) {
    std::string_view line = Trim(record.lines[i]);
    if (!line.starts_with("- ")) continue;
    std::string_view item = TrimLeft(line.substr(2));
    size_t colon = item.find(": ");
    // `- 0/0: <guard>`; the `- User stack trace:` lines under it name where the guard came from.
    if (colon != std::string_view::npos && item.substr(0, colon).find('/') != std::string_view::npos &&
        ParseInt(item.substr(0, item.find('/')))) {
      r.guards.emplace_back(item);
    } else if (std::optional<SourceFrame> frame = ParseTracebackFrame(item)) {
      if (r.guard_at.line == 0) r.guard_at = *frame;
    }
  }
  sink_.AddRecompile(std::move(r));
}

void TorchTextParser::CloseRecompileLimit(Record& record) {
  CompileFailure f;
  f.kind = CompileFailure::Kind::kRecompileLimit;
  f.place.line = record.first_line;
  f.message = std::string(Trim(std::string_view(record.lines[0]).substr(14)));  // "hit config.…"
  for (size_t i = 1; i < record.lines.size(); ++i) {
    std::string_view line = Trim(record.lines[i]);
    if (line.starts_with("function: ")) {
      ParseFunctionAt(line.substr(10), &f.function, &f.file, &f.line);
    } else if (line.starts_with("last reason: ")) {
      f.message += "; last reason: " + std::string(Trim(line.substr(13)));
    }
  }
  sink_.AddFailure(std::move(f));
}

void TorchTextParser::CloseWontConvert(Record& record) {
  // WON'T CONVERT <fn> <file> line <n>, then `due to:` and a traceback ending in the exception.
  CompileFailure f;
  f.kind = CompileFailure::Kind::kFrameSkipped;
  f.place.line = record.first_line;
  std::string_view head = Trim(std::string_view(record.lines[0]).substr(kWontConvert.size()));
  size_t space = head.find(' ');
  size_t line_word = head.rfind(" line ");
  if (space != std::string_view::npos && line_word != std::string_view::npos && line_word > space) {
    f.function = std::string(head.substr(0, space));
    f.file = std::string(head.substr(space + 1, line_word - space - 1));
    f.line = ParseInt(Trim(head.substr(line_word + 6))).value_or(0);
  }
  f.message = "frame not compiled (WON'T CONVERT)";
  // The exception is printed with its `from user code:` stack (twice when chained): the first
  // stack names the break that made Dynamo skip the frame.
  std::vector<SourceFrame> user_stack;
  enum class Stack { kBefore, kIn, kDone } stack = Stack::kBefore;
  std::string unsupported;
  for (const std::string& l : record.lines) {
    std::string_view line = Trim(l);
    if (line.starts_with(kExc)) {
      std::string_view rest = line.substr(kExc.size());
      size_t colon = rest.find(": ");
      if (colon == std::string_view::npos) continue;
      CompileFailure::Kind kind = ExceptionKind(rest.substr(0, colon), rest);
      if (kind != CompileFailure::Kind::kOther && kind != CompileFailure::Kind::kFullgraphError) {
        f.kind = kind;
      }
      if (rest.substr(0, colon) == "Unsupported" && unsupported.empty()) {
        unsupported = std::string(rest.substr(colon + 2));
      }
      f.message = std::string(rest);
      continue;
    }
    if (line == "from user code:" && stack == Stack::kBefore) {
      stack = Stack::kIn;
      continue;
    }
    if (stack != Stack::kIn) continue;
    if (std::optional<SourceFrame> frame = ParseTracebackFrame(l)) {
      user_stack.push_back(*std::move(frame));
    } else if (line.empty() && !user_stack.empty()) {
      stack = Stack::kDone;
    }
  }
  // A frame skipped because of a graph break is that break seen from the frame Dynamo gave up
  // on (+dynamo text, with no break report unless the graph_breaks channel is on too).
  if (f.kind == CompileFailure::Kind::kFrameSkipped && !unsupported.empty()) {
    if (std::optional<BreakReport> report =
            InferredBreak(std::move(user_stack), unsupported, /*frame_skipped=*/true)) {
      sink_.AddInferredBreak(*report, record.compile_id, record.first_line);
    }
  }
  sink_.AddFailure(std::move(f));
}

void TorchTextParser::CloseException(Record& record) {
  std::string_view head = std::string_view(record.lines[0]).substr(kExc.size());
  size_t colon = head.find(": ");
  std::string_view cls = head.substr(0, colon);
  std::string_view message = head.substr(colon + 2);
  CompileFailure f;
  f.kind = ExceptionKind(cls, message);
  f.place.line = record.first_line;
  f.message = std::string(cls) + ": " + std::string(message);
  if (message.ends_with("raised:") && record.lines.size() > 1) {
    f.message += " " + std::string(Trim(record.lines[1]));  // the backend's own error
  }
  // `from user code:` frames: the last is the failing line.
  bool in_stack = false;
  for (size_t i = 1; i < record.lines.size(); ++i) {
    std::string_view line = record.lines[i];
    if (Trim(line) == "from user code:") {
      in_stack = true;
      continue;
    }
    if (!in_stack) {
      if (f.kind == CompileFailure::Kind::kOther &&
          line.find("likely to be a Dynamo bug") != std::string_view::npos) {
        f.kind = CompileFailure::Kind::kInternalError;
      }
      continue;
    }
    if (std::optional<SourceFrame> frame = ParseTracebackFrame(line)) {
      f.file = frame->file;
      f.line = frame->line;
      f.function = frame->function;
    }
  }
  sink_.AddFailure(std::move(f));
}

void TorchTextParser::Finish() {
  for (auto& [pid, record] : open_) {
    if (record.open && record.kind == Kind::kBreak && record.lines.size() == 1 &&
        record.lines[0].starts_with("Graph break: ")) {
      sink_.Diagnose(record.first_line, "the log ends inside a graph-break report");
    }
    Close(record);
  }
}

}  // namespace gbreak
