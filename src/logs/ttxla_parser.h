#ifndef GBREAK_LOGS_TTXLA_PARSER_H_
#define GBREAK_LOGS_TTXLA_PARSER_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "logs/log_sink.h"
#include "logs/mlir_loc.h"

namespace gbreak {

// The MLIR module dumps of a tt-xla debug log (logs.md §1): `MLIR Module <stage>:` headers, module
// text, `#locN = loc(...)` aliases, the END OF MLIR MODULE separator. Modules are grouped into
// graphs at each `vhlo` header (the count per graph changed across tt-xla versions: 6, 7, 8, 9),
// and the first module of each graph is the location evidence (logs.md §2.6 step 8): only that
// module's locations are collected and resolved; the later stages' lines are recognised and
// skipped, which is most of a log's bytes. Only the current module's location table is held.
class TtXlaParser {
 public:
  explicit TtXlaParser(LogSink& sink) : sink_(sink) {}

  // Takes the line if it belongs to the module structure (header, body, alias, separator, tt-xla
  // error); false hands it to the other parsers.
  bool Line(std::string_view text, int64_t number);
  void Finish(int64_t last_line);

  bool in_module() const { return in_module_; }
  // Indented lines change nothing now: the body of a later stage (its locations are not
  // collected, and its graph has its module name), where Line() would only skip them one by one.
  bool IgnoresIndentedLines() const {
    return in_module_ && !collect_locs_ && !graph_.module_name.empty();
  }

 private:
  void StartModule(std::string stage, int64_t number, bool has_header);
  void EndModule(int64_t number);
  void BodyLine(std::string_view text);
  void AliasLine(std::string_view text);
  void ErrorLine(std::string_view message, int64_t number);
  void StartGraph(int64_t number);
  void EndGraph();
  void Absorb(const LocView& loc, int64_t count);
  SourceFrame::Kind Kind(std::string_view file);
  static bool IsSeparator(std::string_view text);
  static bool ParseHeader(std::string_view text, std::string* stage);
  static bool LooksLikeMlir(std::string_view text);

  LogSink& sink_;
  ModuleLocs locs_;
  bool in_module_ = false;
  bool headerless_ = false;
  bool in_pass_dump_ = false;
  std::string stage_;
  std::string module_name_;
  int64_t module_line_ = 0;
  std::string content_stage_;  // inferred from ops, for header-less modules

  bool in_graph_ = false;
  bool evidence_module_ = false;  // the current module is its graph's first
  // The current module's locations are collected: the evidence module, and every module of a
  // header-less log (whether one starts a graph is known only from its content).
  bool collect_locs_ = false;
  TtGraph graph_;
  bool through_bridge_ = false;
  bool any_frames_ = false;
  std::map<std::tuple<std::string, int, std::string>, int64_t> sites_;  // attribution frames
  std::map<std::pair<std::string, std::string>, CodeRange> ranges_;
  std::map<std::string, SourceFrame::Kind, std::less<>> kinds_;  // ClassifyFrameFile, memoised
  std::set<std::string> graph_problems_;  // location problems already reported for this graph
  bool truncating_ = false;
  std::string last_diagnostic_;  // an MLIR `loc(...): error:` line waiting for its ERR line
};

}  // namespace gbreak

#endif  // GBREAK_LOGS_TTXLA_PARSER_H_
