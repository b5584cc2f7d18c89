#ifndef GBREAK_ANALYSIS_PLACEMENT_H_
#define GBREAK_ANALYSIS_PLACEMENT_H_

#include <set>
#include <string>
#include <string_view>

#include "program/import_table.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// Where a statement sits in its function, which changes what a break there costs (Dynamo's
// documented behaviour): inside a loop (a loop body Dynamo's bytecode jumps back over before the
// function next returns) or a `with` block Dynamo cannot resume and runs the whole function
// eagerly; inside a torch.cond / while_loop body a break is a hard error; on the last
// statement it costs no extra graph.
enum class StatementPlacement { kPlain, kInLoop, kInWith, kLastStatement, kInHigherOrderOp };

StatementPlacement PlacementOf(TSNode node, std::string_view text, const ImportTable& imports);

// Whether CPython (3.11) compiles `node` to a code object of its own (a def, class, lambda,
// comprehension): its loops and returns are not the enclosing function's, and once that function
// runs eagerly Dynamo traces it as a frame of its own.
bool IsOwnCodeObject(TSNode node);

// The names of the functions a file passes to torch.cond / while_loop / scan / map: their bodies
// run as higher-order-op branches. Computed once per file (FileFacts) and handed to PlacementOf,
// which would otherwise walk the whole file for every finding.
std::set<std::string> HigherOrderOpBodyNames(TSNode root, std::string_view text,
                                             const ImportTable& imports);
StatementPlacement PlacementOf(TSNode node, std::string_view text, const ImportTable& imports,
                               const std::set<std::string>& higher_order_op_bodies);

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_PLACEMENT_H_
