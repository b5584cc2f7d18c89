// gbreak: finds where torch.compile (TorchDynamo) will break the graph in Python code.

#include <algorithm>
#include <functional>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "absl/strings/ascii.h"
#include "absl/strings/str_split.h"

#include "cli/flag_hint.h"
#include "cli/lint_command.h"
#include "cli/logs_command.h"
#include "cli/rules_command.h"

namespace gbreak {
namespace {

void AddLintOptions(CLI::App& lint, LintOptions& o) {
  lint.add_option("paths", o.paths, "Files or directories to check (default: .)");
  lint.add_option("--exclude", o.discovery.excludes,
                  "Glob of paths to skip (repeatable); matched against names and paths")
      ->allow_extra_args(false);
  lint.add_flag("--force-exclude", o.discovery.force_exclude,
                "Apply --exclude even to files named on the command line (pre-commit)");
  lint.add_flag("--include-site-packages", o.discovery.include_site_packages,
                "Walk into site-packages directories");
  lint.add_option("--select", o.selection.select,
                  "Rule codes or prefixes to run instead of the defaults (repeatable; ALL)")
      ->delimiter(',')
      ->allow_extra_args(false);
  lint.add_option("--extend-select", o.selection.extend_select,
                  "Rule codes or prefixes to add (repeatable)")
      ->delimiter(',')
      ->allow_extra_args(false);
  lint.add_option("--ignore", o.selection.ignore, "Rule codes or prefixes to skip (repeatable)")
      ->delimiter(',')
      ->allow_extra_args(false);
  lint.add_option("--rules-dir", o.rule_dirs, "Add the rules in this directory (repeatable)")
      ->allow_extra_args(false);
  lint.add_option("--threads,-j", o.threads, "Worker threads (default: every core)")
      ->check(CLI::NonNegativeNumber);
  lint.add_option("--max-file-size", o.max_file_megabytes,
                  "Skip files larger than this many MB, with a warning (default: 10)")
      ->check(CLI::PositiveNumber);
  lint.add_option("--output-format", o.output_format,
                  "text (default), concise, json, json-lines, sarif, github or markdown "
                  "(docs/outputs.md)")
      ->check(CLI::IsMember(
          {"text", "concise", "json", "json-lines", "sarif", "github", "markdown"}));
  lint.add_option("--output-file,-o", o.output_file, "Write the report here (default: stdout)");
  lint.add_option("--mode", o.mode,
                  "Analyze the eval or the train branches of self.training, or both (default); "
                  "findings in one mode's branches say so")
      ->check(CLI::IsMember({"eval", "train", "both"}));
  lint.add_option("--dtype", o.dtype,
                  "The dtype the model runs in: float32 (default, PyTorch's default; code under "
                  "`x.dtype == torch.float16` is then not traced), float16 or bfloat16")
      ->check(CLI::IsMember({"float32", "float16", "bfloat16"}));
  lint.add_flag("--exit-zero", o.exit_zero, "Exit 0 even when there are findings");
  lint.add_flag("--fail-on-conditional,!--no-fail-on-conditional", o.fail_on_conditional,
                "Whether findings under a condition gbreak could not decide ([only when ...]) "
                "make the exit status 1 (default: they do, or the configuration file's "
                "fail-on-conditional)")
      ->each([&o](const std::string&) { o.fail_on_conditional_given = true; });
  lint.add_flag("--error-paths", o.error_paths,
                "Also report findings on error paths (except bodies, blocks that end by "
                "raising), marked [only on an error path]");
  lint.add_flag("--statistics", o.statistics, "Print the number of findings per rule instead");
  lint.add_flag("--stats", o.stats, "Print files, bytes and timings to stderr");
  lint.add_flag("--no-cache", o.no_cache,
                "Neither read nor write the result cache (also GBREAK_NO_CACHE=1)");
  lint.add_option("--cache-dir", o.cache_dir,
                  "Where the result cache lives (default: .gbreak_cache beside the nearest "
                  "gbreak.toml or pyproject.toml, else here; also GBREAK_CACHE_DIR)");
  lint.add_flag("--fix", o.fix, "Apply the safe fixes (rewrites files), then report what remains");
  lint.add_flag("--diff", o.diff, "Print the safe fixes as a unified diff; change no file");
  lint.add_flag("--unsafe-fixes", o.unsafe_fixes,
                "With --fix or --diff, also make the fixes that may change behaviour (e.g. the "
                "exception a failing check raises); without it they are suggestions");
  lint.add_option("--torch-version", o.torch_version,
                  "Select the rules for this torch version (default: 2.13)");
  lint.add_option("--dynamo-config", o.dynamo_config,
                  "A torch._dynamo.config value, KEY=VALUE (repeatable; lists comma-separated, "
                  "e.g. reorderable_logging_functions=builtins.print)")
      ->allow_extra_args(false);
  lint.add_flag_callback(
      "--capture-scalar-outputs",
      [&o] { o.dynamo_config.push_back("capture_scalar_outputs=true"); },
      "Same as --dynamo-config capture_scalar_outputs=true");
  lint.add_option("--entry", o.entries,
                  "Analyze only what this reaches: module:Qualified.name (e.g. "
                  "transformers:GPT2Model) or a script's torch.compile targets (repeatable)")
      ->allow_extra_args(false);
  lint.add_option_function<std::string>(
         "--inputs",
         [&o](const std::string& value) {
           if (!o.inputs) o.inputs.emplace();
           for (absl::string_view name : absl::StrSplit(value, ',', absl::SkipWhitespace())) {
             o.inputs->emplace_back(absl::StripAsciiWhitespace(name));
           }
         },
         "The forward parameters the call of each --entry passes, comma-separated (e.g. "
         "input_ids,attention_mask): the others hold their defaults, so code only an omitted "
         "input reaches (`if pixel_values is not None:`) is not analyzed, and those named are "
         "not None")
      ->allow_extra_args(false);
  lint.add_option("--config", o.model_config,
                  "The model configuration the entries run with: a config.json (sub-"
                  "configurations such as text_config apply to the classes built from them) or "
                  "KEY=VALUE, KEY may be text_config.FIELD (repeatable, over the `config` key "
                  "of the configuration file); conditions on those fields fold to these values "
                  "instead of the configuration class's defaults")
      ->allow_extra_args(false);
  lint.add_flag("--write-patches", o.write_patches,
                "With --entry: write a Python file that patches the library functions holding "
                "fixable breaks (and sets the Dynamo settings that trace others), without editing "
                "any library file: <script>_fixed.py beside a script entry (it then runs the "
                "script), gbreak_patches.py here for a module entry (import it first)");
  lint.add_option("--patches-file", o.patches_file,
                  "Where --write-patches writes (implies it)");
  lint.add_option("--python", o.python,
                  "Follow imports into this interpreter's site-packages (and default "
                  "--torch-version to its torch)");
  lint.add_option("--site-packages", o.site_packages,
                  "Follow imports into this directory of installed packages (repeatable)")
      ->allow_extra_args(false);
  // One value per --log, like every other repeatable option: a vector option otherwise takes
  // every word up to the next option, so `--log run.log model.py` read model.py as a log and
  // linted `.` instead.
  lint.add_option("--log", o.logs,
                  "Runtime log to cross-check: TORCH_LOGS text, a TORCH_TRACE file or "
                  "directory, a tt-xla debug log (repeatable; docs/logs.md)")
      ->allow_extra_args(false);
  lint.add_flag_callback(
      "--capture-dynamic-output-shape-ops",
      [&o] { o.dynamo_config.push_back("capture_dynamic_output_shape_ops=true"); },
      "Same as --dynamo-config capture_dynamic_output_shape_ops=true");
}

// The long options ("--name") of `app` and of the subcommand named first on the command line.
std::vector<std::string> LongFlags(const CLI::App& app, int argc, char** argv) {
  std::vector<const CLI::App*> scopes = {&app};
  for (int i = 1; i < argc && scopes.size() == 1; ++i) {
    if (argv[i][0] == '-') continue;
    for (const CLI::App* sub : app.get_subcommands(std::function<bool(const CLI::App*)>())) {
      if (sub->get_name() == argv[i]) scopes.push_back(sub);
    }
    break;
  }
  std::vector<std::string> flags;
  for (const CLI::App* scope : scopes) {
    for (const CLI::Option* option : scope->get_options()) {
      for (const std::string& name : option->get_lnames()) flags.push_back("--" + name);
    }
  }
  return flags;
}

// "did you mean" lines for each `--flag` on the command line that no option of the command has.
std::string FlagHints(const CLI::App& app, int argc, char** argv) {
  std::vector<std::string> known = LongFlags(app, argc, argv);
  std::string hints;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg.size() < 3 || arg.substr(0, 2) != "--") continue;
    std::string_view name = arg.substr(0, arg.find('='));
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    if (std::string nearest = NearestFlag(name, known); !nearest.empty()) {
      hints += "gbreak: unknown option " + std::string(name) + ": did you mean " + nearest + "?\n";
    }
  }
  return hints;
}

int Main(int argc, char** argv) {
  CLI::App app{"gbreak: finds where torch.compile (TorchDynamo) will break the graph", "gbreak"};
  app.set_version_flag("--version", std::string("gbreak ") + GBREAK_VERSION);
  app.require_subcommand(1);

  LintOptions lint_options;
  CLI::App* lint = app.add_subcommand("lint", "Report the lines that will break the graph");
  AddLintOptions(*lint, lint_options);

  std::vector<std::string> rule_dirs;
  std::string rules_format = "text";
  CLI::App* rules = app.add_subcommand("rules", "List the rules");
  rules->add_option("--rules-dir", rule_dirs, "Add the rules in this directory (repeatable)")
      ->allow_extra_args(false);
  rules->add_option("--output-format", rules_format, "text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));

  std::string code;
  CLI::App* explain = app.add_subcommand("explain", "Explain one rule: why Dynamo breaks, the fix");
  explain->add_option("code", code, "Rule code or name, e.g. SE001 or print-call")->required();
  explain->add_option("--rules-dir", rule_dirs, "Add the rules in this directory (repeatable)")
      ->allow_extra_args(false);

  LogsOptions logs_options;
  CLI::App* logs = app.add_subcommand(
      "logs", "Summarize runtime logs: graph counts, breaks by site, recompiles, failures");
  logs->add_option("logs", logs_options.paths,
                   "Log files or TORCH_TRACE directories (TORCH_LOGS text, TORCH_TRACE, tt-xla)")
      ->required();
  logs->add_option("--output-format", logs_options.output_format, "text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
  logs->add_option("--output-file,-o", logs_options.output_file,
                   "Write the summary here (default: stdout)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help or --version
    std::cerr << "gbreak: error: " << e.what() << "\n"
              << FlagHints(app, argc, argv)
              << "Run `gbreak --help` (or `gbreak SUBCOMMAND --help`) for the options.\n";
    return kExitError;
  }
  if (*lint) return RunLint(lint_options);
  if (*rules) return RunRules(rule_dirs, rules_format);
  if (*explain) return RunExplain(code, rule_dirs);
  if (*logs) return RunLogs(logs_options);
  return kExitError;
}

}  // namespace
}  // namespace gbreak

int main(int argc, char** argv) { return gbreak::Main(argc, argv); }
