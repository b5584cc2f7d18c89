#ifndef GBREAK_LOGS_BREAK_REPORT_H_
#define GBREAK_LOGS_BREAK_REPORT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "logs/log_events.h"

namespace gbreak {

// One graph-break report, every era (dynamo.md §b.2): the text of TORCH_LOGS=graph_breaks and the
// payload of TORCH_TRACE's dynamo_graph_break_reason artifact.
struct BreakReport {
  SourceFrame at;          // the site: the innermost frame outside torch
  SourceFrame printed_at;  // the location the report printed (may be inside torch)
  std::string reason;       // the root cause (first block); "" when the report prints none
  std::string registry_id;  // of the root cause
  std::string explanation;
  std::vector<std::string> hints;
  std::vector<std::string> chained;  // later blocks' reasons (`*** While handling …`)
  std::vector<SourceFrame> user_stack;
  bool duplicate = false;   // user stack suppressed: a repeat of an earlier report
  bool frame_skipped = false;  // Dynamo gave up on the frame and ran it eagerly
};

// A frame no user can change: torch's own (and its kin, ClassifyFrameFile's kInternal) or the
// Python standard library's (`.../lib/python3.N/functools.py`, outside site-packages). A break
// is pinned on the innermost frame that is not.
bool IsTorchOrStdlib(const SourceFrame& frame);

// Does this message line start a graph-break report?
bool IsBreakReportStart(std::string_view msg);

// Parses the message lines of one report (prefixes already stripped). nullopt when the lines do
// not name a location.
std::optional<BreakReport> ParseBreakReport(const std::vector<std::string>& lines);

// `  File "f.py", line 12, in forward` → frame (any indentation).
std::optional<SourceFrame> ParseTracebackFrame(std::string_view line);

}  // namespace gbreak

#endif  // GBREAK_LOGS_BREAK_REPORT_H_
