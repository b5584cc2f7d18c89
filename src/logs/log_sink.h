#ifndef GBREAK_LOGS_LOG_SINK_H_
#define GBREAK_LOGS_LOG_SINK_H_

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "logs/break_report.h"
#include "logs/log_events.h"

namespace gbreak {

// Collects the events of one log as the readers produce them and links them at the end: which
// graph a break ended, how many graphs a break added. Memory grows with sites, frames and graphs,
// not with the log's size.
class LogSink {
 public:
  explicit LogSink(std::string log_path);

  LogPlace Place(int64_t line) const { return LogPlace{log_, line}; }

  void AddBreak(const BreakReport& report, std::string_view compile_id, int64_t line);
  // A break inferred from a record that is not a break report (a graph compiled because of a
  // break, a frame skipped, a resume frame). Counted only when the log has no break reports, so
  // that a log with both (TORCH_LOGS=+dynamo,graph_breaks) counts each break once.
  void AddInferredBreak(const BreakReport& report, std::string_view compile_id, int64_t line);
  // A frame compile started (`Step 1: … start tracing`, `dynamo_start`).
  void StartFrame(std::string_view compile_id, std::string_view function, std::string_view file,
                  int first_line, int64_t line);
  // The code object a compile id compiled, from its compilation metrics (co_name, co_filename,
  // co_firstlineno). It wins over the frame start: older torch put the caller's frames, not the
  // compiled one, at the end of dynamo_start's stack.
  void NoteFrameCode(std::string_view compile_id, std::string_view function,
                     std::string_view file, int first_line);
  // The frame's graph went to the backend (`Step 2: calling compiler function`,
  // `dynamo_output_graph`).
  void AddDynamoGraph(std::string_view compile_id, std::string_view backend, int64_t line);
  // `COMPILING GRAPH due to GraphCompileReason(reason='return_value', user_stack=[... line L ...])`:
  // the frame's graph ends where it returned (a resumed frame has no other end in the log).
  void NoteGraphReturn(std::string_view compile_id, SourceFrame at);
  void AddRecompile(Recompile recompile);
  void AddFailure(CompileFailure failure);
  void AddTtGraph(TtGraph graph);
  void Diagnose(int64_t line, std::string message);
  void CountModule() { ++summary_.mlir_modules; }
  void SetTorchVersion(std::string version, int64_t line) {
    summary_.torch_version = std::move(version);
    summary_.torch_version_at = Place(line);
  }

  // The index of the latest Dynamo graph, -1 before the first.
  int LastDynamoGraph() const { return static_cast<int>(summary_.dynamo_graphs.size()) - 1; }

  // The frame compiled under `compile_id` (restart suffix ignored); false when not seen.
  bool FrameOf(std::string_view compile_id, std::string* function, std::string* file,
               int* first_line) const;

  int TtGraphCount() const { return static_cast<int>(summary_.tt_graphs.size()); }

  // Links events and returns the summary (call once).
  LogSummary Finish();

 private:
  struct Frame {
    std::string function;
    std::string file;
    int first_line = 0;
    bool resumed = false;
    int resume_line = 0;     // the break line a resume function's name carries
    bool from_code = false;  // read from compilation metrics
  };
  static Frame MakeFrame(std::string_view function, std::string_view file, int first_line);
  void CountResumes();
  void InferBreaksFromResumes();
  // Compile ids without the restart suffix: "0/0_1" → "0/0".
  static std::string BaseId(std::string_view compile_id);

  // The report with its site pinned outside torch: a full report records where its printed
  // location was pinned; a stack-less one printed at a pinned location takes that site.
  BreakReport Resolve(const BreakReport& printed);
  void CountBreak(const BreakReport& report, int64_t line);
  // The break that ended the frame's graph, for the graph's line range.
  void LinkBreak(const BreakReport& report, std::string_view compile_id);

  std::string log_;
  LogSummary summary_;
  bool explicit_breaks_ = false;           // the log printed break reports
  std::vector<std::pair<BreakReport, int64_t>> inferred_;  // counted at Finish when it did not
  std::map<std::string, Frame> frames_;                   // by base compile id
  std::map<std::string, SourceFrame> last_break_;         // by base compile id
  std::map<std::string, SourceFrame> last_return_;        // by base compile id
  std::map<std::pair<std::string, int>, int> resumes_;    // (file, line) → resume frames
  std::vector<std::string> frame_order_;                  // base compile ids, first start first
  // A location inside torch a full report printed → the site outside torch it was pinned on, for
  // the stack-less duplicates that print only the location.
  std::map<std::pair<std::string, int>, SourceFrame> pinned_;
  // The outer frames (call lines) of the breaks inferred so far → their sites: a graph cut with
  // reason `step_unsupported` at such a call is that break again, seen from the caller.
  std::map<std::pair<std::string, int>, SourceFrame> calls_;
  static constexpr size_t kMaxDiagnostics = 50;
};

}  // namespace gbreak

#endif  // GBREAK_LOGS_LOG_SINK_H_
