#ifndef GBREAK_REPORT_REPRO_H_
#define GBREAK_REPORT_REPRO_H_

#include <optional>
#include <string>
#include <string_view>

#include "rules/finding.h"

namespace gbreak {

// A minimal script that makes Dynamo hit one finding's break, for the markdown report.
struct Repro {
  std::string script;  // Python source
  // True when the script runs as is; false when a line is marked `# EDIT:` (a constructor that
  // needs arguments, say) and the reader has to fill it in.
  bool complete = true;
  std::string target;  // what it compiles, e.g. "Net().forward" or "helper"
  // True: compiled with fullgraph=True, the break raises torch._dynamo.exc.Unsupported. False:
  // for breaks fullgraph=True would hide (tensor-to-Python conversions, which Dynamo then
  // captures symbolically), the script uses torch._dynamo.explain and raises
  // RuntimeError("graph break: ...").
  bool fullgraph = true;
};

// Builds the script from the finding's file (`source`, its bytes): it imports the module by path,
// builds the smallest object that reaches the break (the enclosing top-level function, or an
// instance of the enclosing class when its constructor needs no arguments), makes small random
// tensors for the parameters, and calls it through
// `torch.compile(..., fullgraph=True, backend="eager")`, so the break raises
// torch._dynamo.exc.Unsupported instead of silently splitting the graph.
//
// Returns nullopt when no script makes sense: gbreak's own diagnostics, recompilation hazards
// (not breaks), or a break at module level (outside any function).
std::optional<Repro> MakeRepro(const Finding& finding, std::string_view source);

}  // namespace gbreak

#endif  // GBREAK_REPORT_REPRO_H_
