#ifndef GBREAK_CLI_CONFIG_H_
#define GBREAK_CLI_CONFIG_H_

// Project configuration, in the conventions ruff users know: `[tool.gbreak]` in pyproject.toml,
// or the top level of gbreak.toml (which wins when a directory has both). The configuration that
// applies to a file is the nearest one found walking up from the file's directory; a
// pyproject.toml without `[tool.gbreak]` is skipped. Keys:
//
//   select, extend-select, ignore   rule codes, prefixes or names (as on the command line)
//   exclude, extend-exclude         globs, matched against paths relative to the config's directory
//   per-file-ignores                { "glob" = ["CODE", ...] }
//   entry                           entry scripts (string or list)
//   torch-version                   "2.4"
//   dynamo-config                   { capture_scalar_outputs = true,
//                                     reorderable_logging_functions = ["builtins.print"] }
//   capture-scalar-outputs, capture-dynamic-output-shape-ops   shorthands (booleans)
//   config                          the model configuration entry runs use (as --config): the
//                                   path of a config.json, or a table of fields whose tables
//                                   are sub-configurations ({ num_experts = 4,
//                                   text_config = { model_type = "llama", ... } })
//   fail-on-conditional             whether findings under an undecided condition fail the run
//
// An unknown key, a code that matches no rule, or a value of the wrong type is an error that names
// the file and the key. Command-line flags override: `--select` replaces `select`,
// `--extend-select`/`--ignore` add to the configured ones, `--torch-version` and `--dynamo-config`
// win over the file's values, `--config` values over `config`'s.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rules/dynamo_settings.h"
#include "rules/rule.h"
#include "rules/rule_selection.h"

namespace gbreak {

struct ProjectConfig {
  std::string path;  // the file it came from
  std::string dir;   // the directory it governs (absolute, normalized)
  RuleSelection selection;
  std::vector<std::string> exclude;  // exclude + extend-exclude
  std::vector<std::pair<std::string, std::vector<std::string>>> per_file_ignores;
  std::vector<std::string> entry;
  std::vector<int> entry_lines;  // the 1-based line of each `entry` string in `path`
  std::string torch_version;               // "" when not set
  std::vector<std::string> dynamo_config;  // KEY=VALUE
  // The `config` key as ReadModelConfig takes it: a config.json's path (made absolute) or
  // KEY=VALUE with a sub-configuration's fields as `text_config.FIELD`.
  std::vector<std::string> model_config;
  std::optional<bool> fail_on_conditional;
};

// Parses one configuration file's text. `pyproject` selects the `[tool.gbreak]` table; returns
// nullopt when a pyproject.toml has none.
absl::StatusOr<std::optional<ProjectConfig>> ParseConfig(std::string_view text,
                                                         const std::string& path, bool pyproject);

// Checks every code in a configuration against the catalog (selectors as on the command line).
absl::Status ValidateConfigCodes(const ProjectConfig& config, const std::vector<Rule>& catalog);

// Finds and caches the nearest configuration of files. Not thread-safe.
class ConfigResolver {
 public:
  // The configuration that applies to `file` (nullptr: none), or the error reading it.
  absl::StatusOr<const ProjectConfig*> ForFile(const std::string& file);
  // The configuration for a directory (the nearest one at or above it).
  absl::StatusOr<const ProjectConfig*> ForDirectory(const std::string& dir);
  // Every configuration loaded so far.
  std::vector<const ProjectConfig*> Loaded() const;

 private:
  std::map<std::string, const ProjectConfig*> by_dir_;
  // ForFile's answers by the directory part of the file's path as given ("" for none).
  std::map<std::string, const ProjectConfig*> by_spelled_dir_;
  std::vector<std::unique_ptr<ProjectConfig>> configs_;
};

// What applies to one file: the configuration's selection with the command line on top, the
// per-file ignores that match it, and the Dynamo settings.
struct EffectiveSelection {
  RuleSelection selection;
  DynamoSettings settings;
};
absl::StatusOr<EffectiveSelection> Effective(const ProjectConfig* config, const std::string& file,
                                             const RuleSelection& cli,
                                             const std::string& cli_torch_version,
                                             const std::vector<std::string>& cli_dynamo_config);

// Whether a rule is on under a selection (the logic of SelectRules, for one rule).
bool RuleSelected(const Rule& rule, const RuleSelection& selection);

// Whether `file` is excluded by its configuration's `exclude`/`extend-exclude`.
bool ExcludedByConfig(const ProjectConfig& config, const std::string& file);

// The configuration side of one `gbreak lint` run: loads the configurations of the discovered
// files, drops files they exclude, says which rules the engine must run (the union over the
// configurations) and which findings each file keeps.
class LintConfiguration {
 public:
  LintConfiguration(RuleSelection cli, std::string cli_torch_version,
                    std::vector<std::string> cli_dynamo_config)
      : cli_(std::move(cli)),
        cli_torch_version_(std::move(cli_torch_version)),
        cli_dynamo_config_(std::move(cli_dynamo_config)) {}

  // The settings for the whole run: the configuration of the working directory under the
  // command line. Errors name the file and key.
  absl::StatusOr<DynamoSettings> RunSettings();
  // The `entry` list of the working directory's configuration (empty when none).
  std::vector<std::string> RunEntries();
  // The configuration file and line where each of RunEntries() is written.
  std::vector<std::pair<std::string, int>> RunEntrySources();
  // The working directory's configuration's `config` (ProjectConfig::model_config) and
  // `fail-on-conditional` (nullopt when not set).
  std::vector<std::string> RunModelConfig();
  std::optional<bool> RunFailOnConditional();
  // Loads the configurations of `files` and checks their codes against `catalog`.
  absl::Status Load(const std::vector<std::string>& files, const std::vector<Rule>& catalog);
  bool any() const { return !resolver_.Loaded().empty(); }
  // Drops the files their configuration excludes (files named in `explicit_paths` stay unless
  // `force_exclude`).
  std::vector<std::string> FilterExcluded(const std::vector<std::string>& files,
                                          const std::vector<std::string>& explicit_paths,
                                          bool force_exclude);
  // Whether some configuration (or the command line) selects the rule.
  bool SelectedAnywhere(const Rule& rule);
  // Whether `file` keeps findings of `rule`.
  bool Keeps(const std::string& file, const Rule& rule);

 private:
  absl::StatusOr<const EffectiveSelection*> For(const std::string& file);

  RuleSelection cli_;
  std::string cli_torch_version_;
  std::vector<std::string> cli_dynamo_config_;
  ConfigResolver resolver_;
  std::map<std::string, EffectiveSelection> by_file_;
};

}  // namespace gbreak

#endif  // GBREAK_CLI_CONFIG_H_
