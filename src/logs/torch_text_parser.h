#ifndef GBREAK_LOGS_TORCH_TEXT_PARSER_H_
#define GBREAK_LOGS_TORCH_TEXT_PARSER_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "logs/log_sink.h"
#include "logs/torch_prefix.h"

namespace gbreak {

// TORCH_LOGS text of every era (graph_breaks, +dynamo, recompiles, the recompile-limit warning,
// WON'T CONVERT, and torch._dynamo.exc tracebacks on stderr), one line at a time.
//
// Multi-line messages repeat the same prefix on every line, so a record is the run of lines of one
// process with a byte-identical prefix. One record stays open per process, so the output of
// several processes interleaved line by line still groups correctly.
class TorchTextParser {
 public:
  explicit TorchTextParser(LogSink& sink) : sink_(sink) {}

  void Line(std::string_view text, int64_t number);
  void Finish();

 private:
  enum class Kind {
    kBreak,
    kRecompile,
    kRecompileLimit,
    kWontConvert,
    kException,
    kIgnored,  // the `Graph break from Tensor.item()` warning, which quotes a break it precedes
  };
  struct Record {
    Kind kind = Kind::kBreak;
    std::string prefix;
    std::string compile_id;
    std::vector<std::string> lines;
    int64_t first_line = 0;
    bool open = false;
  };
  static constexpr size_t kMaxRecordLines = 4000;

  void SingleLine(const TorchLine& line, int64_t number);
  void NoteCompileReason(const TorchLine& line, std::string_view msg, int64_t number);
  bool StartsRecord(const TorchLine& line, Kind* kind) const;
  void Close(Record& record);
  void CloseBreak(Record& record);
  void CloseRecompile(Record& record);
  void CloseRecompileLimit(Record& record);
  void CloseWontConvert(Record& record);
  void CloseException(Record& record);

  LogSink& sink_;
  std::map<std::string, Record> open_;  // by process id ("" for unprefixed lines)
};

}  // namespace gbreak

#endif  // GBREAK_LOGS_TORCH_TEXT_PARSER_H_
