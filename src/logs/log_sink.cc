#include "logs/log_sink.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "logs/text_util.h"
#include "source/absl_compat.h"

namespace gbreak {

LogSink::LogSink(std::string log_path) : log_(std::move(log_path)) {}

std::string LogSink::BaseId(std::string_view compile_id) {
  return std::string(compile_id.substr(0, compile_id.find('_')));
}

BreakReport LogSink::Resolve(const BreakReport& printed) {
  BreakReport report = printed;
  if (IsTorchOrStdlib(report.printed_at)) {
    std::pair<std::string, int> loc{report.printed_at.file, report.printed_at.line};
    if (!IsTorchOrStdlib(report.at)) {
      pinned_[loc] = report.at;
    } else if (auto it = pinned_.find(loc); it != pinned_.end()) {
      report.at = it->second;  // a duplicate of the last full report printed there
    }
  }
  return report;
}

void LogSink::AddBreak(const BreakReport& printed, std::string_view compile_id, int64_t line) {
  BreakReport report = Resolve(printed);
  explicit_breaks_ = true;
  CountBreak(report, line);
  LinkBreak(report, compile_id);
}

void LogSink::AddInferredBreak(const BreakReport& report, std::string_view compile_id,
                               int64_t line) {
  BreakReport resolved = Resolve(report);
  if (resolved.reason == "step_unsupported") {
    if (auto it = calls_.find({resolved.at.file, resolved.at.line}); it != calls_.end()) {
      // Dynamo could not resume inside the callee ("Failed to handle graph break gracefully"):
      // the graph ends at the call and the callee runs eagerly, a frame skipped.
      resolved.at = it->second;
      resolved.frame_skipped = true;
      resolved.reason = "(the break inside the call, seen from its caller)";
      for (const auto& [done, ignored] : inferred_) {
        if (done.at.file == resolved.at.file && done.at.line == resolved.at.line) {
          resolved.reason = done.reason;
          break;
        }
      }
    }
  }
  for (size_t i = 0; i + 1 < resolved.user_stack.size(); ++i) {
    const SourceFrame& outer = resolved.user_stack[i];
    if (!IsTorchOrStdlib(outer)) calls_[{outer.file, outer.line}] = resolved.at;
  }
  inferred_.emplace_back(resolved, line);
  LinkBreak(resolved, compile_id);
}

void LogSink::LinkBreak(const BreakReport& report, std::string_view compile_id) {
  if (!compile_id.empty() && !report.frame_skipped) {
    last_break_[BaseId(compile_id)] = report.at;
  }
}

void LogSink::CountBreak(const BreakReport& report, int64_t line) {
  std::string place = absl::StrCat(ToAbsl(report.at.file), "\x1f", report.at.line, "\x1f");
  std::string reason = report.reason;
  if (reason.empty()) {
    // A reason-less repeat (`details suppressed`) belongs to the site already reported there.
    auto it = summary_.breaks.lower_bound(place);
    reason = it != summary_.breaks.end() && it->first.starts_with(place) ? it->second.reason
                                                                         : "(no reason printed)";
  }
  std::string key = place + reason;
  BreakSite& site = summary_.breaks[key];
  if (site.count == 0) {
    site.at = report.at;
    site.reason = reason;
    site.first_seen = Place(line);
  }
  // A duplicate-suppressed report carries no details; the first full one fills them in.
  if (site.registry_id.empty()) site.registry_id = report.registry_id;
  if (site.explanation.empty()) site.explanation = report.explanation;
  if (site.hints.empty()) site.hints = report.hints;
  if (site.chained.empty()) site.chained = report.chained;
  if (site.user_stack.empty()) site.user_stack = report.user_stack;
  if (site.at.function.empty()) site.at.function = report.at.function;
  if (site.at.code.empty()) site.at.code = report.at.code;
  ++site.count;
  site.duplicates += report.duplicate;
  site.frames_skipped += report.frame_skipped;
}

LogSink::Frame LogSink::MakeFrame(std::string_view function, std::string_view file,
                                 int first_line) {
  Frame frame;
  frame.function = std::string(function);
  frame.file = std::string(file);
  frame.first_line = first_line;
  std::string original;
  int resume_line = 0;
  if (ParseResumeName(function, &original, &resume_line)) {
    frame.resumed = true;
    if (!original.empty()) frame.function = original;
    if (resume_line > 0) {
      frame.first_line = resume_line;
      frame.resume_line = resume_line;
    }
  }
  return frame;
}

void LogSink::StartFrame(std::string_view compile_id, std::string_view function,
                         std::string_view file, int first_line, int64_t line) {
  ++summary_.dynamo_frames;
  std::string base = BaseId(compile_id);
  auto [it, added] = frames_.try_emplace(base);
  if (added) frame_order_.push_back(base);
  if (it->second.from_code) return;
  it->second = MakeFrame(function, file, first_line);
}

void LogSink::NoteFrameCode(std::string_view compile_id, std::string_view function,
                            std::string_view file, int first_line) {
  if (function.empty() || file.empty()) return;
  std::string base = BaseId(compile_id);
  auto [it, added] = frames_.try_emplace(base);
  if (added) frame_order_.push_back(base);
  it->second = MakeFrame(function, file, first_line);
  it->second.from_code = true;
}

void LogSink::AddDynamoGraph(std::string_view compile_id, std::string_view backend,
                             int64_t line) {
  DynamoGraph graph;
  graph.compile_id = std::string(compile_id);
  graph.backend = std::string(backend);
  graph.place = Place(line);
  std::string base = BaseId(compile_id);
  if (auto it = frames_.find(base); it != frames_.end()) {
    graph.function = it->second.function;
    graph.file = it->second.file;
    graph.first_line = it->second.first_line;
    graph.resumed = it->second.resumed;
  }
  if (auto it = last_break_.find(base); it != last_break_.end()) {
    if (graph.file.empty()) graph.file = it->second.file;
    graph.end_file = it->second.file;
    graph.end_line = it->second.line;
    graph.end_function = it->second.function;
    graph.ends_in_break = true;
  } else if (auto ret = last_return_.find(base); ret != last_return_.end()) {
    graph.end_file = ret->second.file;
    graph.end_line = ret->second.line;
    graph.end_function = ret->second.function;
  }
  summary_.dynamo_graphs.push_back(std::move(graph));
}

void LogSink::NoteGraphReturn(std::string_view compile_id, SourceFrame at) {
  last_return_[BaseId(compile_id)] = std::move(at);
}

bool LogSink::FrameOf(std::string_view compile_id, std::string* function, std::string* file,
                      int* first_line) const {
  auto it = frames_.find(BaseId(compile_id));
  if (it == frames_.end()) return false;
  *function = it->second.function;
  *file = it->second.file;
  *first_line = it->second.first_line;
  return true;
}

void LogSink::AddRecompile(Recompile recompile) {
  recompile.place = Place(recompile.place.line);
  summary_.recompiles.push_back(std::move(recompile));
}

void LogSink::AddFailure(CompileFailure failure) {
  failure.place = Place(failure.place.line);
  if (failure.count == 0) failure.count = 1;
  summary_.failures.push_back(std::move(failure));
}

void LogSink::AddTtGraph(TtGraph graph) {
  graph.place = Place(graph.place.line);
  graph.index = static_cast<int>(summary_.tt_graphs.size()) + 1;
  summary_.tt_graphs.push_back(std::move(graph));
}

void LogSink::Diagnose(int64_t line, std::string message) {
  if (summary_.diagnostics.size() >= kMaxDiagnostics) {
    ++summary_.diagnostics_dropped;
    return;
  }
  summary_.diagnostics.push_back(LogDiagnostic{Place(line), std::move(message)});
}

// One resume frame per frame compile (restarts of one compile share its base id).
void LogSink::CountResumes() {
  for (const auto& [base, frame] : frames_) {
    if (frame.resumed && frame.resume_line > 0) ++resumes_[{frame.file, frame.resume_line}];
  }
}

// Older TORCH_TRACE and +dynamo logs print no break report: each resume function compiled,
// `torch_dynamo_resume_in_<fn>_at_<line>`, is a break at that line of <fn> (in the frame's file;
// an inlined callee's break shows as the call line, the innermost line the log names).
void LogSink::InferBreaksFromResumes() {
  for (const std::string& base : frame_order_) {
    const Frame& frame = frames_[base];
    if (!frame.resumed || frame.resume_line <= 0 || frame.file.empty()) continue;
    BreakReport report;
    report.at.file = frame.file;
    report.at.line = frame.resume_line;
    report.at.function = frame.function;
    report.at.kind = ClassifyFrameFile(frame.file);
    report.printed_at = report.at;
    report.reason = "graph break (inferred from a resume frame; the log has no break report)";
    CountBreak(report, 0);
  }
}

LogSummary LogSink::Finish() {
  CountResumes();
  if (!explicit_breaks_) {
    for (const auto& [report, line] : inferred_) CountBreak(report, line);
    if (inferred_.empty()) InferBreaksFromResumes();
  }
  // Graphs are paired with their frames by compile id, once every frame record is in: the
  // compilation metrics that name the code come after the graph.
  for (DynamoGraph& graph : summary_.dynamo_graphs) {
    auto it = frames_.find(BaseId(graph.compile_id));
    if (it == frames_.end() || !it->second.from_code) continue;
    graph.function = it->second.function;
    graph.file = it->second.file;
    graph.first_line = it->second.first_line;
    graph.resumed = it->second.resumed;
  }
  // A resume frame at a break's line is the graph that break added; eager tt graphs whose ops sit
  // on the break line are more.
  bool frames_known = summary_.dynamo_frames > 0;
  // Frame starts come with their compiler calls (+dynamo, TORCH_TRACE): no call, no graph.
  summary_.dynamo_graphs_known = frames_known || !summary_.dynamo_graphs.empty();
  for (auto& [key, site] : summary_.breaks) {
    if (frames_known) {
      auto it = resumes_.find({site.at.file, site.at.line});
      site.graphs_added = it == resumes_.end() ? 0 : it->second;
      site.graphs_known = true;
    } else {
      site.graphs_added = site.count - site.frames_skipped;
    }
    for (const TtGraph& g : summary_.tt_graphs) {
      if (g.origin == "eager" && g.attribution.line == site.at.line &&
          g.attribution.file == site.at.file) {
        ++site.graphs_added;
      }
    }
  }
  return std::move(summary_);
}

}  // namespace gbreak
