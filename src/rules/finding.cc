#include "rules/finding.h"

namespace gbreak {

std::string_view PlacementName(Placement placement) {
  switch (placement) {
    case Placement::kPlain:
      return "plain";
    case Placement::kInLoop:
      return "in-loop";
    case Placement::kInWith:
      return "in-with";
    case Placement::kLastStatement:
      return "last-statement";
    case Placement::kInHigherOrderOp:
      return "in-higher-order-op";
  }
  return "plain";
}

}  // namespace gbreak
