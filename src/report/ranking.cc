#include "report/ranking.h"

#include <algorithm>
#include <numeric>

namespace gbreak {
namespace {

double SeverityWeight(Severity severity) {
  switch (severity) {
    case Severity::kError: return 30;
    case Severity::kWarning: return 20;
    case Severity::kInfo: return 10;
  }
  return 0;
}

double ConfidenceWeight(Confidence confidence) {
  switch (confidence) {
    case Confidence::kCertain: return 15;
    case Confidence::kLikely: return 10;
    case Confidence::kPossible: return 0;
  }
  return 0;
}

double PlacementWeight(Placement placement) {
  switch (placement) {
    case Placement::kInHigherOrderOp: return 10;  // a hard error, not just a break
    case Placement::kInLoop:
    case Placement::kInWith: return 8;  // the whole function runs eagerly
    case Placement::kPlain: return 5;
    case Placement::kLastStatement: return 0;  // no extra graph
  }
  return 0;
}

int ConfirmedCount(const Finding& f) {
  return f.runtime.kind == RuntimeStatus::Kind::kConfirmed ? std::max(f.runtime.break_count, 1)
                                                            : 0;
}

}  // namespace

double FindingRank(const Finding& f) {
  double rank = SeverityWeight(f.rule->severity) + ConfidenceWeight(f.confidence) +
                PlacementWeight(f.placement);
  switch (f.runtime.kind) {
    case RuntimeStatus::Kind::kConfirmed: rank += 40; break;
    case RuntimeStatus::Kind::kNotSeen: rank -= 15; break;
    case RuntimeStatus::Kind::kNotChecked: break;
  }
  return std::clamp(rank, 0.0, 100.0);
}

std::vector<size_t> ImportanceOrder(const std::vector<Finding>& findings) {
  std::vector<size_t> order(findings.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::vector<double> ranks;
  ranks.reserve(findings.size());
  for (const Finding& f : findings) ranks.push_back(FindingRank(f));
  // Stable: equal findings keep the report's deterministic (file, line, column, rule) order.
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    int ca = ConfirmedCount(findings[a]), cb = ConfirmedCount(findings[b]);
    if (ca != cb) return ca > cb;
    return ranks[a] > ranks[b];
  });
  return order;
}

}  // namespace gbreak
