#include "rules/rule.h"

namespace gbreak {

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "warning";
}

std::string_view ConfidenceName(Confidence confidence) {
  switch (confidence) {
    case Confidence::kPossible:
      return "possible";
    case Confidence::kLikely:
      return "likely";
    case Confidence::kCertain:
      return "certain";
  }
  return "possible";
}

}  // namespace gbreak
