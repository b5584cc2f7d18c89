#ifndef GBREAK_ANALYSIS_GUARDS_H_
#define GBREAK_ANALYSIS_GUARDS_H_

#include <string_view>

#include "program/import_table.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// The execution mode a compiled run is in. `self.training` is a constant within one run.
enum class Mode { kEval, kTrain };

// What a condition is while Dynamo traces, if that is known.
enum class Truth { kFalse, kTrue, kUnknown };

// Evaluates conditions the way Dynamo does while tracing: torch.compiler.is_compiling() (and
// torch._dynamo.is_compiling(), transformers' is_torchdynamo_compiling(), ...) is True;
// torch.jit.is_scripting()/is_tracing(), torch.onnx.is_in_onnx_export() and TYPE_CHECKING are
// False; `self.training` is the mode's value; `not`, `and`, `or`, literals and a local variable
// assigned once from such a call fold as Python folds them.
Truth EvaluateUnderCompile(TSNode condition, std::string_view text, const ImportTable& imports,
                           Mode mode);

// True when Dynamo never traces `node` in `mode`: it sits in an if/elif/else branch or a
// conditional-expression arm whose condition folds the other way, or after an
// `if <true under compile>: return/raise` in an enclosing block.
bool IsGuardedAway(TSNode node, std::string_view text, const ImportTable& imports, Mode mode);

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_GUARDS_H_
