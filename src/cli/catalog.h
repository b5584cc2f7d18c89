#ifndef GBREAK_CLI_CATALOG_H_
#define GBREAK_CLI_CATALOG_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/rule.h"

namespace gbreak {

// The built-in rules plus those of each --rules-dir, in code order.
absl::StatusOr<std::vector<Rule>> LoadCatalog(const std::vector<std::string>& rule_dirs);

}  // namespace gbreak

#endif  // GBREAK_CLI_CATALOG_H_
