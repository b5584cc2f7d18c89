#ifndef GBREAK_LOGS_LOG_EVENTS_H_
#define GBREAK_LOGS_LOG_EVENTS_H_

// The normalized events every log reader produces (../shared/reference/logs.md §6), aggregated as
// they stream in so that memory grows with the number of distinct sites and graphs, never with the
// size of the log.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gbreak {

// Which reader recognised a log.
enum class LogFormat {
  kUnknown,
  kTorchText,   // TORCH_LOGS text: graph_breaks, +dynamo, recompiles, plain stderr (2.0 → now)
  kTorchTrace,  // TORCH_TRACE structured JSONL (glog prefix + one JSON object per record)
  kTtXla,       // tt-xla debug log: MLIR module dumps, possibly with TORCH_LOGS lines interleaved
};

std::string_view LogFormatName(LogFormat format);

// Where in which log something was read: file and 1-based line.
struct LogPlace {
  std::string log;
  int64_t line = 0;
};

// A Python frame as the log printed it.
struct SourceFrame {
  enum class Kind { kUser, kLibrary, kInternal, kSynthetic };
  std::string file;  // as printed (absolute path from another machine, or relative)
  int line = 0;
  std::string function;
  Kind kind = Kind::kUser;
  // The frame's source line as the traceback printed it, stripped (Python's traceback prints the
  // line it read from the file that ran); "" when the log printed none. The cross-check compares
  // it with the local file: a different line means the log came from different source.
  std::string code;
};

// One graph break site: every report of a break at the same file:line with the same root cause,
// collapsed (a per-layer module breaking 12 times is one site with count 12).
struct BreakSite {
  SourceFrame at;                  // the breaking line (innermost user frame)
  std::string reason;              // root cause: the Gb_type, or the older short reason
  std::string registry_id;         // "GB0124", from the log's link or the registry table
  std::string explanation;         // first `Explanation:` line, when printed
  std::vector<std::string> hints;  // `Hint:` lines of the root cause
  std::vector<std::string> chained;  // reasons of graph breaks raised while handling this one
  std::vector<SourceFrame> user_stack;  // outermost first, as in `User code traceback:`
  int count = 0;                   // reports, including duplicate-suppressed ones
  int duplicates = 0;              // of which `(user stack suppressed …)` / `(details suppressed)`
  int frames_skipped = 0;          // reports that made Dynamo skip the whole frame (run eagerly)
  int graphs_added = 0;            // resume frames compiled after this break (+ eager tt graphs)
  bool graphs_known = false;       // graphs_added comes from frame lines, not an estimate
  LogPlace first_seen;
};

// One graph handed to a backend (Dynamo) or compiled by tt-xla, with the code it covers.
struct CodeRange {
  std::string file;
  std::string function;
  int first_line = 0;
  int last_line = 0;  // 0: to the end of the function
  int ops = 0;        // tt-xla: operations located in this range
};

struct DynamoGraph {
  std::string compile_id;  // "0/0", "1/0" …
  std::string function;    // the frame's code name (resume functions mapped back)
  std::string file;
  int first_line = 0;      // def line, or the resume line
  int end_line = 0;        // the break line that ended it; 0 when it ran to a return
  std::string end_file;    // where that break is (an inlined helper may be in another file)
  std::string end_function;
  bool ends_in_break = false;
  bool resumed = false;    // the frame is a resume function after a break
  std::string backend;
  LogPlace place;
};

struct TtGraph {
  int index = 0;                    // 1-based, in log order
  std::string module_name;          // SyncTensorsGraph.N (a hint only: numbers can collide)
  std::vector<std::string> stages;  // stages seen, in order
  bool complete = false;            // reached ttnn (or a later stage)
  bool truncated = false;           // the log ended inside one of its modules
  std::string failed_stage;         // the stage after which an error stopped it
  std::string origin;               // "dynamo" (through dynamo_bridge), "eager", "unknown"
  int after_dynamo_graph = -1;      // index into dynamo_graphs of the nearest preceding graph
  SourceFrame attribution;          // innermost non-internal frame of the most ops (line 0: none)
  std::vector<CodeRange> ranges;    // user and library functions it covers, from loc markers
  int64_t ops = 0;                  // ops (location references) in the evidence module
  LogPlace place;
};

struct Recompile {
  std::string function;
  std::string file;
  int line = 0;
  std::vector<std::string> guards;  // "0/0: tensor 'x' size mismatch at index 0 …"
  SourceFrame guard_at;             // the user line that installed the first failing guard
  LogPlace place;
};

// Anything else that went wrong while compiling, in PyTorch's triage categories.
struct CompileFailure {
  enum class Kind {
    kRecompileLimit,          // config.recompile_limit / cache_size_limit hit: runs eagerly
    kBackendCompilerFailed,   // the backend raised
    kInternalError,           // InternalTorchDynamoError, "likely a Dynamo bug"
    kFullgraphError,          // Unsupported raised because of fullgraph=True / error_on_graph_break
    kFrameSkipped,            // WON'T CONVERT, frame skipped to eager
    kTtCompileError,          // tt-xla / tt-mlir failed to compile a module
    kOther,
  };
  Kind kind = Kind::kOther;
  std::string function;
  std::string file;
  int line = 0;
  std::string message;  // first line of the reason / guard / error
  int count = 0;
  LogPlace place;
};

std::string_view FailureKindName(CompileFailure::Kind kind);

// A problem with the log itself (truncated record, junk bytes, unresolved alias).
struct LogDiagnostic {
  LogPlace place;
  std::string message;
};

// Everything read from one or more logs.
struct LogSummary {
  struct Input {
    std::string path;
    LogFormat format = LogFormat::kUnknown;
    uint64_t bytes = 0;
    int64_t lines = 0;
  };
  std::vector<Input> inputs;
  // The torch that ran, when the log says (TORCH_TRACE's torch_version artifact): "2.14.1+cu130".
  std::string torch_version;
  LogPlace torch_version_at;
  // Keyed by "file\x1fline\x1freason" so that iteration order is deterministic.
  std::map<std::string, BreakSite> breaks;
  std::vector<DynamoGraph> dynamo_graphs;
  bool dynamo_graphs_known = false;  // the log had compiler-call or output-graph records
  int dynamo_frames = 0;             // frame compiles started (Step 1 / dynamo_start)
  std::vector<TtGraph> tt_graphs;
  int64_t mlir_modules = 0;
  std::vector<Recompile> recompiles;
  std::vector<CompileFailure> failures;
  std::vector<LogDiagnostic> diagnostics;
  int64_t diagnostics_dropped = 0;   // beyond the per-log cap
};

}  // namespace gbreak

#endif  // GBREAK_LOGS_LOG_EVENTS_H_
