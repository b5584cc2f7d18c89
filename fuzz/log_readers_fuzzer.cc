// The runtime-log readers. One source, four targets (GBREAK_FUZZ_LOG_FORMAT): TORCH_LOGS text
// (graph_breaks, recompiles, and `+dynamo` debug logs: the same parser, different seed corpora),
// TORCH_TRACE, tt-xla, and `file`: a whole log file through ReadLogFile (line reader, format
// detection and every parser) as `gbreak lint --log` reads it.

#include <cstdint>
#include <string>

#include "fuzz/fuzz_util.h"
#include "logs/log_sink.h"
#include "logs/logs.h"
#include "logs/torch_text_parser.h"
#include "logs/torch_trace_parser.h"
#include "logs/ttxla_parser.h"

#define GBREAK_LOG_TEXT 1
#define GBREAK_LOG_TRACE 2
#define GBREAK_LOG_TTXLA 3
#define GBREAK_LOG_FILE 4

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = gbreak::fuzz::AsText(data, size);
#if GBREAK_FUZZ_LOG_FORMAT == GBREAK_LOG_FILE
  std::string path = gbreak::fuzz::WriteScratch("run.log", text);
  gbreak::Diagnostic error;
  (void)gbreak::ReadLogFile(path, &error);
#else
  gbreak::LogSink sink("run.log");
#if GBREAK_FUZZ_LOG_FORMAT == GBREAK_LOG_TEXT
  gbreak::TorchTextParser parser(sink);
  gbreak::fuzz::FeedLines(text, parser);
  parser.Finish();
#elif GBREAK_FUZZ_LOG_FORMAT == GBREAK_LOG_TRACE
  gbreak::TorchTraceParser parser(sink);
  gbreak::fuzz::FeedLines(text, parser);
  parser.Finish();
#elif GBREAK_FUZZ_LOG_FORMAT == GBREAK_LOG_TTXLA
  gbreak::TtXlaParser parser(sink);
  int64_t lines = gbreak::fuzz::FeedLines(text, parser);
  parser.Finish(lines);
#else
#error "GBREAK_FUZZ_LOG_FORMAT names no log format"
#endif
  (void)sink.Finish();
#endif
  return 0;
}
