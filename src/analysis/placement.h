#ifndef GBREAK_ANALYSIS_PLACEMENT_H_
#define GBREAK_ANALYSIS_PLACEMENT_H_

#include <string_view>

#include "program/import_table.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// Where a statement sits in its function, which changes what a break there costs (Dynamo's
// documented behaviour): inside a loop or a `with` block Dynamo cannot resume and runs the whole
// function eagerly; inside a torch.cond / while_loop body a break is a hard error; on the last
// statement it costs no extra graph.
enum class StatementPlacement { kPlain, kInLoop, kInWith, kLastStatement, kInHigherOrderOp };

StatementPlacement PlacementOf(TSNode node, std::string_view text, const ImportTable& imports);

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_PLACEMENT_H_
