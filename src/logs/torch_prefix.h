#ifndef GBREAK_LOGS_TORCH_PREFIX_H_
#define GBREAK_LOGS_TORCH_PREFIX_H_

#include <string_view>

namespace gbreak {

// A torch logging line split into its prefix fields and message. Two prefix forms exist:
//   glog (torch ≥ 2.2):  [rank0]:V0515 21:32:02.058000 49093 torch/_dynamo/x.py:556] [0/0] [__graph_breaks] msg
//   2.1:                 [2023-10-04 16:31:40,313] [0/0] torch._dynamo.symbolic_convert: [INFO] msg
// Lines with neither (torch 2.0, tracebacks, other programs) have prefixed == false and msg ==
// the whole line.
struct TorchLine {
  bool prefixed = false;
  char level = 0;               // V I W E C (glog) or D I W E C (2.1)
  std::string_view prefix;      // the whole prefix, for grouping the lines of one record
  std::string_view pid;         // "" in the 2.1 form
  std::string_view source;      // "torch/_dynamo/symbolic_convert.py:556" or the logger name
  std::string_view compile_id;  // "0/0", "1/0_1", "!0/0/0"; "" outside a compile
  std::string_view artifact;    // "graph_breaks", "recompiles", … ; "" for plain loggers
  std::string_view msg;
};

TorchLine SplitTorchLine(std::string_view line);

// Is this the start of a glog-prefixed line (cheap test used by format detection)?
bool LooksLikeGlog(std::string_view line);

}  // namespace gbreak

#endif  // GBREAK_LOGS_TORCH_PREFIX_H_
