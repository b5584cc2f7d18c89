#ifndef GBREAK_CLI_LINT_COMMAND_H_
#define GBREAK_CLI_LINT_COMMAND_H_

#include <optional>
#include <string>
#include <vector>

#include "rules/rule_selection.h"
#include "source/discovery.h"

namespace gbreak {

// Exit codes, as ruff and pre-commit users expect them.
inline constexpr int kExitClean = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitError = 2;  // usage, configuration or I/O error

struct LintOptions {
  std::vector<std::string> paths;
  DiscoveryOptions discovery;
  RuleSelection selection;
  std::vector<std::string> rule_dirs;
  int threads = 0;  // 0: every core
  double max_file_megabytes = 10;
  // text | concise | json | json-lines | sarif | github | markdown
  std::string output_format = "text";
  std::string output_file;             // "" or "-": standard output
  std::string mode = "both";  // eval | train | both: which self.training arms to analyze
  std::string dtype = "float32";  // float32 | float16 | bfloat16: what dtype tests fold to
  bool exit_zero = false;
  // `--error-paths`: also report findings that run only on the way to an exception (an
  // `except` body, a block that ends by raising); left out by default.
  bool error_paths = false;
  // `--no-fail-on-conditional`: findings that break only under a condition gbreak could not
  // decide ("[only when `pixel_values` is given]") are shown but do not make the exit status 1.
  bool fail_on_conditional = true;
  bool fail_on_conditional_given = false;  // on the command line: wins over the config file
  bool statistics = false;  // counts per rule instead of findings
  bool stats = false;       // run statistics on stderr
  // The result cache of whole-tree runs (cache/result_cache.h): `--no-cache` (or
  // GBREAK_NO_CACHE=1) turns it off; `--cache-dir` (or GBREAK_CACHE_DIR) says where it lives.
  bool no_cache = false;
  std::string cache_dir;
  bool fix = false;         // `--fix`: make the safe mechanical edits (cli/fix_command.h)
  bool diff = false;        // `--diff`: print those edits as a unified diff, change nothing
  // `--unsafe-fixes`: --fix and --diff also make the edits that may change behaviour
  // (FixSafety::kUnsafe); without it those are only suggested in words.
  bool unsafe_fixes = false;
  // The torch version and Dynamo settings rules are selected for (rules/dynamo_settings.h):
  // `--torch-version`, `--dynamo-config KEY=VALUE` (and its shorthands).
  std::string torch_version;
  std::vector<std::string> dynamo_config;
  // Runtime logs to cross-check the findings against (`--log`; docs/logs.md).
  std::vector<std::string> logs;
  // Entry mode (`--entry module:Qualified.name` or a script): analyze only what they reach,
  // following imports into the project (`paths` are its roots) and into site-packages.
  std::vector<std::string> entries;
  // `--inputs a,b`: the forward parameters the user's call of a module entry passes (the others
  // hold their defaults); unset when not given.
  std::optional<std::vector<std::string>> inputs;
  // `--config config.json|KEY=VALUE` (repeatable): the model configuration the user runs.
  std::vector<std::string> model_config;
  // `--write-patches` (`--patches-file PATH`): write the patch file of an entry run
  // (report/patch_script.h) to PATH, or beside the script / here when no path is given.
  bool write_patches = false;
  std::string patches_file;
  std::string python;                      // `--python`: its sys.path's site-packages
  std::vector<std::string> site_packages;  // `--site-packages DIR`
};

// Runs `gbreak lint`; returns the process exit code.
int RunLint(const LintOptions& options);

}  // namespace gbreak

#endif  // GBREAK_CLI_LINT_COMMAND_H_
