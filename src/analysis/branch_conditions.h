#ifndef GBREAK_ANALYSIS_BRANCH_CONDITIONS_H_
#define GBREAK_ANALYSIS_BRANCH_CONDITIONS_H_

#include <string>
#include <vector>

#include "analysis/file_facts.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// The conditions, within its function, that decide whether `node` runs at all while Dynamo
// traces, when gbreak cannot fold them: the tests of the if/elif/else branches and
// conditional-expression arms around it (`if len(unused_kwargs) > 0: logger.warning(...)`
// gives "`len(unused_kwargs) > 0`"; an else arm gives "not `...`"). A break there happens only
// when the condition holds, so an entry's verdict is "breaks only when ..." rather than
// "breaks". Left out: tests that fold in every analyzed mode (guards.h: the branch is either
// always or never traced), and tests on tensor data (the test itself is the break, reported
// on its own line).
std::vector<std::string> UndecidedConditions(TSNode node, FileFacts& facts);

// Of those, the ones about how the function is called or configured: tests that read only what
// the function was given (its parameters, `self`, module-level names), as an early exit's must
// to count. A test on a value the function computed (`if padding_len > 0:`, `if to_drop:`, a
// loop index) picks out the path a run takes, so a call under it is no condition on what the
// callee runs under (call_conditions.h).
std::vector<std::string> UndecidedInputConditions(TSNode node, FileFacts& facts);

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_BRANCH_CONDITIONS_H_
