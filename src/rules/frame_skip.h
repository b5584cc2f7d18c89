#ifndef GBREAK_RULES_FRAME_SKIP_H_
#define GBREAK_RULES_FRAME_SKIP_H_

#include <cstdint>
#include <vector>

#include "analysis/file_facts.h"
#include "rules/finding.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// When Dynamo breaks the graph inside a loop of a function (placement kInLoop: the bytecode jumps
// back over the break before the function next returns), it cannot resume: it gives up on the
// whole frame and runs it eagerly (torch/_dynamo/symbolic_convert.py, maybe_has_backedge ->
// "graph break in loop"). The same happens for a break inside a `with` block of a context
// manager Dynamo does not trace (kInWith), and for a break Dynamo cannot resume from wherever it
// is (Finding::resumes: a slice built from a tensor breaks in BUILD_SLICE, and Dynamo skips the
// rest of the function: "Encountered graph break that we cannot resume from").
// Nothing later in that function's own code is traced, so nothing later in it can break
// (functions it calls are compiled as frames of their own and keep their findings).
//
// Drops the findings of `path` that lie in a function after such a break, and says on the
// break's finding how many it hid. A break counts when it is sure to happen on every run that
// reaches it (no undecided condition, confidence at least `likely`, in every mode the later
// finding is in). `content_offset` is the file's byte-order-mark length (Finding offsets include
// it, the tree's do not).
//
// A call, in a loop or `with` block, to a function of the same file that breaks on every run
// counts as a break at the call: Dynamo inlines the callee, breaks inside it, and cannot resume
// the caller there (corpus/regions/break_in_helper_called_in_loop.py). A function breaks on
// every run when it holds a sure break or makes an unconditional call whose every target of this
// file does: a helper, a method, a submodule's forward (`self.attn(x)`, `layer(x)` in `for layer
// in self.layers:`; corpus/regions/break_in_submodule_called_in_loop.py).
void DropFindingsAfterFrameSkip(std::vector<Finding>* findings, const std::string& path,
                                FileFacts& facts, uint32_t content_offset);

// A size read from a graph input of the frame does not break: measured on torch 2.13 and 2.14.1,
// `torch.arange(0, h)`, `x.view(h, -1)` and `F.pad(x, (0, h))` with `h` a 0-d integer tensor the
// frame receives compile without a break (`h + 1` computed in the frame breaks). After a sure break
// in a function, Dynamo compiles the rest of it as a frame of its own (a resume function, or the
// function itself once its caller broke at the call: corpus/regions/size_of_frame_input.py),
// whose inputs are the function's parameters and the locals bound before the break.
//
// Drops the findings of `path` whose pattern marks values `frame-input-ok` when a sure break of
// their function comes first and each of those values is such a name.
void DropSizeReadsOfFrameInputs(std::vector<Finding>* findings, const std::string& path,
                                FileFacts& facts, uint32_t content_offset);

// A frame Dynamo runs eagerly is not compiled, so nothing in it is guarded and nothing in it can
// recompile: drops the recompilation findings of every function that has a break in a loop or a
// `with` block (any of them, also one under a condition: the finding says where the run may
// skip the frame). Measured on torch 2.13 (corpus side_effects/threading_lock_context.py: a
// counter bumped under a lock neither breaks again nor recompiles).
void DropRecompilesInSkippedFrames(std::vector<Finding>* findings);

}  // namespace gbreak

#endif  // GBREAK_RULES_FRAME_SKIP_H_
