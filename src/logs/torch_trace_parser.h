#ifndef GBREAK_LOGS_TORCH_TRACE_PARSER_H_
#define GBREAK_LOGS_TORCH_TRACE_PARSER_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "logs/log_sink.h"

namespace gbreak {

// TORCH_TRACE structured logs (dynamo.md §b.7): one glog-prefixed JSON object per record, then its
// payload lines, each starting with a tab. Only the records gbreak needs are parsed as JSON
// (string table, dynamo_start, the graph-break and recompile artifacts, output graphs,
// compilation metrics); the rest, and payloads it does not need, are skipped unparsed.
class TorchTraceParser {
 public:
  explicit TorchTraceParser(LogSink& sink) : sink_(sink) {}

  void Line(std::string_view text, int64_t number);
  void Finish();

 private:
  enum class Pending { kNone, kBreakReason, kRecompileReasons, kTorchVersion, kSkip };
  void Record(std::string_view json, int64_t number);
  void ClosePayload();

  LogSink& sink_;
  std::map<int64_t, std::string> files_;  // the `str` intern table
  Pending pending_ = Pending::kNone;
  std::string payload_;
  std::string compile_id_;
  int64_t record_line_ = 0;
  static constexpr size_t kMaxPayload = 1 << 20;
};

}  // namespace gbreak

#endif  // GBREAK_LOGS_TORCH_TRACE_PARSER_H_
