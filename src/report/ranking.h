#ifndef GBREAK_REPORT_RANKING_H_
#define GBREAK_REPORT_RANKING_H_

#include <cstddef>
#include <vector>

#include "rules/finding.h"

namespace gbreak {

// How much a finding matters, 0 to 100 (SARIF's `result.rank` scale). What raises it, in order of
// weight: the log saw Dynamo break there; the rule's severity; how sure we are; where the break
// sits (inside a loop or a `with` block Dynamo gives up on the whole function, inside a
// higher-order-op body it is a hard error, as the last statement it costs no extra graph). A log
// that was given and shows no break there lowers it.
double FindingRank(const Finding& finding);

// Indices of `findings`, most important first: confirmed runtime break count, then FindingRank,
// then the findings' own (file, line) order, so ties stay deterministic.
std::vector<size_t> ImportanceOrder(const std::vector<Finding>& findings);

}  // namespace gbreak

#endif  // GBREAK_REPORT_RANKING_H_
