#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <system_error>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "logs/line_reader.h"
#include "logs/log_sink.h"
#include "logs/logs.h"
#include "logs/text_util.h"
#include "logs/torch_prefix.h"
#include "logs/torch_text_parser.h"
#include "logs/torch_trace_parser.h"
#include "logs/ttxla_parser.h"
#include "source/absl_compat.h"

namespace gbreak {

std::string_view LogFormatName(LogFormat format) {
  switch (format) {
    case LogFormat::kTorchText:
      return "torch-logs";
    case LogFormat::kTorchTrace:
      return "torch-trace";
    case LogFormat::kTtXla:
      return "tt-xla";
    case LogFormat::kUnknown:
      break;
  }
  return "unknown";
}

std::string_view FailureKindName(CompileFailure::Kind kind) {
  switch (kind) {
    case CompileFailure::Kind::kRecompileLimit:
      return "recompile-limit";
    case CompileFailure::Kind::kBackendCompilerFailed:
      return "backend-compiler-failed";
    case CompileFailure::Kind::kInternalError:
      return "internal-error";
    case CompileFailure::Kind::kFullgraphError:
      return "fullgraph-error";
    case CompileFailure::Kind::kFrameSkipped:
      return "frame-skipped";
    case CompileFailure::Kind::kTtCompileError:
      return "tt-compile-error";
    case CompileFailure::Kind::kOther:
      break;
  }
  return "other";
}

namespace {

constexpr size_t kSniffLines = 4000;
constexpr size_t kSniffBytes = 1 << 20;

// Decides the format from the first lines: TORCH_TRACE records are glog-prefixed JSON objects;
// a tt-xla log has MLIR module headers or separators; anything else is read as TORCH_LOGS text.
LogFormat Detect(const std::vector<std::string>& lines) {
  int trace_records = 0, glog_text = 0;
  for (const std::string& raw : lines) {
    std::string scratch;
    std::string_view line = StripAnsi(raw, scratch);
    if (line.find("END OF MLIR MODULE") != std::string_view::npos ||
        (line.ends_with(":") && line.find("MLIR Module ") != std::string_view::npos) ||
        line.find("| VHLO Module:") != std::string_view::npos) {
      return LogFormat::kTtXla;
    }
    TorchLine t = SplitTorchLine(line);
    if (!t.prefixed) continue;
    if (t.msg.starts_with("{\"") && t.compile_id.empty() && t.artifact.empty()) {
      ++trace_records;
    } else {
      ++glog_text;
    }
  }
  if (trace_records > 0 && trace_records >= glog_text) return LogFormat::kTorchTrace;
  return LogFormat::kTorchText;
}

class Scanner {
 public:
  Scanner(LogFormat format, LogSink& sink)
      : format_(format), text_(sink), trace_(sink), tt_(sink) {}

  void Line(std::string_view raw, int64_t number, bool has_escape = true) {
    std::string_view line = has_escape ? StripAnsi(raw, scratch_) : raw;
    if (format_ == LogFormat::kTorchTrace) {
      trace_.Line(line, number);
      return;
    }
    if (tt_.Line(line, number)) return;
    text_.Line(line, number);
  }

  bool IgnoresIndentedLines() const {
    return format_ != LogFormat::kTorchTrace && tt_.IgnoresIndentedLines();
  }

  void Finish(int64_t last_line) {
    if (format_ == LogFormat::kTorchTrace) {
      trace_.Finish();
      return;
    }
    tt_.Finish(last_line);
    text_.Finish();
  }

 private:
  LogFormat format_;
  TorchTextParser text_;
  TorchTraceParser trace_;
  TtXlaParser tt_;
  std::string scratch_;
};

// Per site, the larger of two counts (the same run seen through two formats).
void TakeLarger(BreakSite& into, const BreakSite& from) {
  if (from.count > into.count) {
    int graphs = std::max(into.graphs_added, from.graphs_added);
    bool known = into.graphs_known || from.graphs_known;
    into = from;
    into.graphs_added = graphs;
    into.graphs_known = known;
  } else {
    into.graphs_added = std::max(into.graphs_added, from.graphs_added);
    if (into.registry_id.empty()) into.registry_id = from.registry_id;
  }
}

void AddCounts(BreakSite& into, const BreakSite& from) {
  into.count += from.count;
  into.duplicates += from.duplicates;
  into.frames_skipped += from.frames_skipped;
  into.graphs_added += from.graphs_added;
  into.graphs_known = into.graphs_known && from.graphs_known;
}

}  // namespace

LogSummary ReadLogFile(const std::string& path, Diagnostic* error) {
  LogSink sink(path);
  LineReader reader;
  if (absl::Status opened = reader.Open(path); !opened.ok()) {
    if (error != nullptr) *error = Diagnostic{Diagnostic::Level::kError, path, 0,
                                              "cannot open the log; check the path"};
    LogSummary empty = sink.Finish();
    return empty;
  }
  // Sniff the first lines, then replay them and stream the rest.
  std::vector<std::string> head;
  std::vector<int64_t> numbers;
  size_t head_bytes = 0;
  LogLine line;
  bool more = true;
  while (head.size() < kSniffLines && head_bytes < kSniffBytes) {
    if (!reader.Next(line)) {
      more = false;
      break;
    }
    head.emplace_back(line.text);
    numbers.push_back(line.number);
    head_bytes += line.text.size();
    if (line.clipped) {
      sink.Diagnose(line.number, "line longer than 16 MB; only its beginning was read");
    }
  }
  LogFormat format = Detect(head);
  Scanner scanner(format, sink);
  int64_t last = 0;
  for (size_t i = 0; i < head.size(); ++i) {
    scanner.Line(head[i], numbers[i]);
    last = numbers[i];
  }
  head.clear();
  head.shrink_to_fit();
  while (more) {
    if (scanner.IgnoresIndentedLines()) reader.SkipLinesStartingWith(' ');
    if (!reader.Next(line)) break;
    if (line.clipped) {
      sink.Diagnose(line.number, "line longer than 16 MB; only its beginning was read");
    }
    scanner.Line(line.text, line.number, line.has_escape);
  }
  last = std::max(last, reader.lines_read());  // the log may end in skipped lines
  scanner.Finish(last);
  if (!reader.status().ok()) {
    sink.Diagnose(last, absl::StrCat("stopped reading: ", reader.status().message()));
  }
  LogSummary summary = sink.Finish();
  summary.inputs.push_back(LogSummary::Input{path, format, reader.bytes_read(), last});
  bool anything = !summary.breaks.empty() || summary.dynamo_frames > 0 ||
                  !summary.dynamo_graphs.empty() || summary.mlir_modules > 0 ||
                  !summary.recompiles.empty() || !summary.failures.empty();
  if (!anything) {
    summary.diagnostics.push_back(LogDiagnostic{
        LogPlace{path, 0},
        last == 0 ? "the log is empty"
                  : "no graph breaks, Dynamo frames, MLIR modules or compile failures in this "
                    "log: either the run had none, or it was not logged with "
                    "TORCH_LOGS=graph_breaks (or +dynamo), TORCH_TRACE or "
                    "TTXLA_LOGGER_LEVEL=DEBUG"});
  }
  return summary;
}

namespace {

// What identifies a run: its break sites, and its graphs' frames. Two logs with the same
// non-empty fingerprint half are one run seen twice (TORCH_LOGS text and TORCH_TRACE, or
// graph_breaks and +dynamo), so their counts must not add up.
struct RunPrint {
  std::set<std::string> breaks;
  std::vector<std::tuple<std::string, std::string, int>> graphs;
};

RunPrint PrintOf(const LogSummary& s) {
  RunPrint p;
  for (const auto& [key, site] : s.breaks) p.breaks.insert(key);
  for (const DynamoGraph& g : s.dynamo_graphs) p.graphs.emplace_back(g.function, g.file, g.first_line);
  return p;
}

bool SameRun(const RunPrint& a, const RunPrint& b) {
  return (!a.breaks.empty() && a.breaks == b.breaks) || (!a.graphs.empty() && a.graphs == b.graphs);
}

using FailureKey = std::tuple<int, std::string, int, std::string>;

FailureKey KeyOf(const CompileFailure& f) {
  return std::make_tuple(static_cast<int>(f.kind), f.file, f.line, f.message);
}

}  // namespace

LogSummary MergeSummaries(std::vector<LogSummary> parts) {
  if (parts.size() == 1) return std::move(parts[0]);
  LogSummary out;
  std::vector<RunPrint> prints;
  std::map<FailureKey, size_t> failure_index;
  for (LogSummary& part : parts) {
    RunPrint print = PrintOf(part);
    bool same = std::any_of(prints.begin(), prints.end(),
                            [&](const RunPrint& p) { return SameRun(p, print); });
    prints.push_back(std::move(print));
    for (auto& input : part.inputs) out.inputs.push_back(std::move(input));
    for (auto& [key, site] : part.breaks) {
      auto [it, added] = out.breaks.try_emplace(key, site);
      if (added) continue;
      if (same) {
        TakeLarger(it->second, site);
      } else {
        AddCounts(it->second, site);
      }
    }
    if (!same || part.dynamo_graphs.size() > out.dynamo_graphs.size()) {
      if (same) out.dynamo_graphs.clear();
      for (auto& graph : part.dynamo_graphs) out.dynamo_graphs.push_back(std::move(graph));
    }
    out.dynamo_graphs_known = out.dynamo_graphs_known || part.dynamo_graphs_known;
    out.dynamo_frames = same ? std::max(out.dynamo_frames, part.dynamo_frames)
                             : out.dynamo_frames + part.dynamo_frames;
    if (!same || part.recompiles.size() > out.recompiles.size()) {
      if (same) out.recompiles.clear();
      for (auto& r : part.recompiles) out.recompiles.push_back(std::move(r));
    }
    for (auto& f : part.failures) {
      auto [it, added] = failure_index.try_emplace(KeyOf(f), out.failures.size());
      if (added) {
        out.failures.push_back(std::move(f));
      } else {
        CompileFailure& into = out.failures[it->second];
        into.count = same ? std::max(into.count, f.count) : into.count + f.count;
      }
    }
    for (auto& graph : part.tt_graphs) {
      graph.index = static_cast<int>(out.tt_graphs.size()) + 1;
      out.tt_graphs.push_back(std::move(graph));
    }
    out.mlir_modules += part.mlir_modules;
    if (out.torch_version.empty() && !part.torch_version.empty()) {
      out.torch_version = std::move(part.torch_version);
      out.torch_version_at = std::move(part.torch_version_at);
    }
    for (auto& d : part.diagnostics) out.diagnostics.push_back(std::move(d));
    out.diagnostics_dropped += part.diagnostics_dropped;
  }
  return out;
}

LogReadResult ReadLogs(const std::vector<std::string>& paths) {
  LogReadResult result;
  std::vector<LogSummary> parts;
  for (const std::string& path : paths) {
    std::error_code ec;
    std::vector<std::string> files;
    if (std::filesystem::is_directory(path, ec)) {
      for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
        std::string name = entry.path().filename().string();
        if (name.starts_with(".") || !entry.is_regular_file(ec)) continue;
        files.push_back(entry.path().string());
      }
      std::sort(files.begin(), files.end());
      if (files.empty()) {
        result.errors.push_back(Diagnostic{Diagnostic::Level::kError, path, 0,
                                           "directory holds no log files"});
      }
    } else if (std::filesystem::exists(path, ec)) {
      files.push_back(path);
    } else {
      result.errors.push_back(Diagnostic{Diagnostic::Level::kError, path, 0,
                                         "no such log file or directory; check the --log path"});
      continue;
    }
    for (const std::string& file : files) {
      Diagnostic error;
      LogSummary summary = ReadLogFile(file, &error);
      if (!error.message.empty()) {
        result.errors.push_back(std::move(error));
        continue;
      }
      parts.push_back(std::move(summary));
    }
  }
  if (parts.empty()) return result;
  result.summary = MergeSummaries(std::move(parts));
  return result;
}

}  // namespace gbreak
