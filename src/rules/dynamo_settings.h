#ifndef GBREAK_RULES_DYNAMO_SETTINGS_H_
#define GBREAK_RULES_DYNAMO_SETTINGS_H_

// The torch version and the `torch._dynamo.config` values a run assumes, and the conditions a rule
// states on them (`torch = ">=2.4"`, `unless_config = ["capture_scalar_outputs"]` in its TOML).
//
// A condition is one of
//   "KEY"          the boolean setting KEY is true
//   "KEY=VALUE"    the setting KEY equals VALUE (booleans: true/false)
//   "KEY:NAME"     the list setting KEY contains NAME (a qualified name, "builtins.print")
//   "torch<2.12"   the torch version lies in a range (">=2.4", "<2.12", ">=2.4,<2.12"): a pattern
//                  for a behaviour Dynamo changed in a release
// Known keys and their Dynamo 2.13 defaults are listed in KnownDynamoSettings().

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rules/rule.h"

namespace gbreak {

struct DynamoSettingInfo {
  std::string_view key;
  bool is_list;                 // a set of functions, given as qualified names
  std::string_view default_value;  // booleans: "true"/"false"; lists: ""
  std::string_view description;
};

// Every setting gbreak knows, in a stable order.
const std::vector<DynamoSettingInfo>& KnownDynamoSettings();

// The settings of one run (or one file, when configuration files differ).
class DynamoSettings {
 public:
  // The torch version rules are selected for when none is given.
  static constexpr std::string_view kDefaultTorchVersion = "2.13";

  DynamoSettings();

  // `KEY=VALUE` from `--dynamo-config` or a config file. A list setting takes comma-separated
  // qualified names, each added to the list; `KEY=` empties it. Aliases are accepted
  // (ignore_logger_methods = ignore_logging_functions).
  absl::Status Set(std::string_view assignment);
  absl::Status SetTorchVersion(std::string_view version);

  const std::string& torch_version() const { return torch_version_; }
  bool Holds(std::string_view condition) const;  // see the header comment
  // True when the rule's torch range and config conditions hold.
  bool Applies(const Rule& rule) const;

  // A canonical, sorted rendering ("torch=2.13 capture_scalar_outputs=true"), for tests and for
  // grouping files with equal settings.
  std::string ToString() const;

 private:
  std::string torch_version_;
  std::map<std::string, std::vector<std::string>, std::less<>> values_;
};

// A query may condition single patterns on the settings with directive comments on the lines
// just before a top-level pattern:
//   ;; unless: capture_scalar_outputs
//   ;; when: trace_numpy=false
//   ;; when: torch<2.12
//   ((call ...) @report ...)
// Returns the query with the patterns whose conditions fail blanked out (replaced by spaces, so
// line and column positions in error messages stay right).
std::string ApplyQueryDirectives(std::string_view query, const DynamoSettings& settings);
// Checks every directive of a query (well-formed, known settings); the message names the line.
absl::Status ValidateQueryDirectives(std::string_view query);

// Checks that a condition string is well-formed and names a known setting.
absl::Status ValidateCondition(std::string_view condition);
// Checks a version range like ">=2.1", ">=2.1,<2.6", "==2.4".
absl::Status ValidateVersionRange(std::string_view range);
// True when `version` ("2.4", "2.4.1", "2.13.0+cpu") lies in `range` ("" is every version).
bool VersionInRange(std::string_view version, std::string_view range);
// The release a version belongs to, as --torch-version names it: "2.14.1+cu130" -> "2.14"; ""
// when `version` is not one.
std::string TorchRelease(std::string_view version);

}  // namespace gbreak

#endif  // GBREAK_RULES_DYNAMO_SETTINGS_H_
