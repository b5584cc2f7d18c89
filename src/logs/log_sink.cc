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

void LogSink::AddBreak(const BreakReport& report, std::string_view compile_id, int64_t line) {
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
  ++site.count;
  site.duplicates += report.duplicate;
  site.frames_skipped += report.frame_skipped;
  if (!compile_id.empty() && !report.frame_skipped) {
    last_break_[BaseId(compile_id)] = report.at;
  }
}

void LogSink::StartFrame(std::string_view compile_id, std::string_view function,
                         std::string_view file, int first_line, int64_t line) {
  ++summary_.dynamo_frames;
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
      ++resumes_[{frame.file, resume_line}];
    }
  }
  frames_[BaseId(compile_id)] = std::move(frame);
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

LogSummary LogSink::Finish() {
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
