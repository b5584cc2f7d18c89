#include "cli/lint_command.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "cache/result_cache.h"
#include "cli/cache_location.h"
#include "cli/catalog.h"
#include "cli/config.h"
#include "cli/fix_command.h"
#include "cli/logs_command.h"
#include "cli/output_file.h"
#include "cli/patch_command.h"
#include "cli/python_env.h"
#include "cli/model_config.h"
#include "program/module_names.h"
#include "report/json_writer.h"
#include "report/lint_report.h"
#include "report/output_formats.h"
#include "report/text_writer.h"
#include "report/verdict.h"
#include "rules/dynamo_settings.h"
#include "rules/entry_scope.h"
#include "rules/file_check.h"
#include "rules/reachability.h"
#include "rules/rule_engine.h"
#include "source/absl_compat.h"
#include "source/parallel_for.h"

namespace gbreak {
namespace {

void PrintError(absl::string_view message) { std::cerr << "gbreak: error: " << message << "\n"; }

FileCheckOptions CheckOptionsFor(const LintOptions& options) {
  FileCheckOptions check_options;
  check_options.max_file_bytes =
      static_cast<uint64_t>(options.max_file_megabytes * 1024.0 * 1024.0);
  check_options.region.defer_reachability = true;  // settled across files
  check_options.region.eval = options.mode != "train";
  check_options.region.train = options.mode != "eval";
  check_options.region.reduced_precision = options.dtype != "float32";
  return check_options;
}

// Adds the per-file results to the report, in the order given; findings end sorted.
void MergeResults(std::vector<FileCheckResult>& results, LintReport& report) {
  for (FileCheckResult& result : results) {
    (result.analyzed ? report.stats.files_checked : report.stats.files_skipped) += 1;
    report.stats.bytes += result.bytes;
    report.stats.parse_time += result.parse_time;
    report.stats.analysis_time += result.analysis_time;
    for (Finding& f : result.findings) report.findings.push_back(std::move(f));
    for (Diagnostic& d : result.diagnostics) report.diagnostics.push_back(std::move(d));
  }
  std::sort(report.findings.begin(), report.findings.end());
}

// Checks every file in parallel. Results land in per-file slots and are merged in file order,
// so the report is the same whatever the thread count.
// The result cache for this run, or null when it is off or cannot be used (said on stderr: the
// run goes on without it).
std::unique_ptr<ResultCache> OpenCache(const RuleEngine& engine,
                                       const FileCheckOptions& check_options,
                                       const LintOptions& options) {
  std::optional<std::string> dir = CacheDirectory(options.no_cache, options.cache_dir);
  if (!dir.has_value()) return nullptr;
  absl::StatusOr<std::unique_ptr<ResultCache>> cache =
      ResultCache::Open(*dir, ResultCache::RunFingerprint(engine, check_options), engine,
                        check_options.max_file_bytes);
  if (!cache.ok()) {
    std::cerr << "gbreak: warning: " << cache.status().message()
              << "; running without the result cache (--no-cache silences this)\n";
    return nullptr;
  }
  return *std::move(cache);
}

// The end of a run with the result cache: its warnings, its counts, the report.
LintReport FinishCachedRun(std::vector<FileCheckResult>& results, ResultCache& cache,
                           LintReport& report) {
  for (const std::string& warning : cache.Finish()) {
    std::cerr << "gbreak: warning: " << warning << "\n";
  }
  report.stats.cache_used = true;
  report.stats.cache_hits = static_cast<size_t>(cache.hits());
  report.stats.cache_misses = static_cast<size_t>(cache.misses());
  MergeResults(results, report);
  return std::move(report);
}

// `stats` are the files' stats as discovery took them (stats[i] is files[i]'s), or empty.
LintReport CheckFiles(const std::vector<std::string>& files, const std::vector<FileStat>& stats,
                      const RuleEngine& engine, const LintOptions& options) {
  LintReport report;
  int threads = options.threads > 0 ? options.threads : DefaultThreadCount();
  report.stats.threads = static_cast<int>(
      std::max<size_t>(1, std::min<size_t>(static_cast<size_t>(threads), files.size())));
  FileCheckOptions check_options = CheckOptionsFor(options);
  std::unique_ptr<ResultCache> cache = OpenCache(engine, check_options, options);

  if (cache != nullptr) {
    if (std::optional<std::vector<FileCheckResult>> kept =
            cache->ReuseRun(files, stats, report.stats.threads)) {
      return FinishCachedRun(*kept, *cache, report);
    }
  }
  std::vector<FileCheckResult> results(files.size());
  std::vector<std::unique_ptr<FileChecker>> checkers(static_cast<size_t>(report.stats.threads));
  ModuleNames module_names;
  ParallelFor(files.size(), report.stats.threads, [&](size_t worker, size_t item) {
    if (checkers[worker] == nullptr) {
      checkers[worker] = std::make_unique<FileChecker>(engine, check_options);
    }
    results[item] =
        cache != nullptr
            ? cache->Check(*checkers[worker], files[item])
            : checkers[worker]->Check(files[item], module_names.ModuleOf(files[item]));
  });
  // What crosses files is settled from every file's summary, cached or not: a file's cached
  // findings in a function another file calls come and go with that call.
  if (cache == nullptr) {
    SettleReachability(results, GraphDisposal::kBuryUntilExit);  // the process ends after it
  } else {
    // Rare (a cached summary that does not decode) and called from worker threads: a checker
    // of its own each time.
    auto recheck = [&](const std::string& path) {
      return FileChecker(engine, check_options).Check(path);
    };
    cache->Settle(files, results, report.stats.threads, recheck,
                  GraphDisposal::kBuryUntilExit);  // the process ends after it
    return FinishCachedRun(results, *cache, report);
  }
  MergeResults(results, report);
  return report;
}

// Everything an entry run's result depends on besides the files it reads and the rules and
// check options (the cache's fingerprint): the key of its kept result. Each part is framed by
// its length, so no two requests run together into the same text.
std::string EntryRequest(const EntryScopeOptions& scope) {
  std::string out;
  auto add = [&out](std::string_view part) {
    absl::StrAppend(&out, part.size(), ":", ToAbsl(part), ";");
  };
  add("entries");
  for (const std::string& entry : scope.entries) add(entry);
  add("written at");
  for (const CallStep& step : scope.entry_sources) {
    add(step.path);
    add(absl::StrCat(step.line));
    add(step.function);
  }
  add(scope.inputs.has_value() ? "inputs" : "inputs unknown");
  for (const std::string& input : scope.inputs.value_or(std::vector<std::string>{})) add(input);
  add("config");
  for (const auto& [field, value] : scope.config) {
    add(field);
    add(value);
  }
  add("project roots");
  for (const std::string& root : scope.project_roots) add(root);
  add("library roots");
  for (const std::string& root : scope.library_roots) add(root);
  return out;
}

// Entry mode (`--entry`): only what the entries reach is read, parsed and reported.
LintReport CheckEntries(const std::vector<std::string>& entries,
                        const std::vector<CallStep>& entry_sources,
                        const std::vector<std::string>& library_roots, const RuleEngine& engine,
                        const LintOptions& options,
                        const std::map<std::string, std::string>& model_config,
                        std::vector<std::string>* files) {
  LintReport report;
  EntryScopeOptions scope;
  scope.entries = entries;
  scope.entry_sources = entry_sources;
  scope.inputs = options.inputs;
  scope.config = model_config;
  scope.project_roots = options.paths;
  scope.library_roots = library_roots;
  scope.threads = options.threads > 0 ? options.threads : DefaultThreadCount();
  report.stats.threads = scope.threads;
  // A run asked again with nothing it read changed is read back whole (docs/cache.md).
  const FileCheckOptions check_options = CheckOptionsFor(options);
  std::unique_ptr<ResultCache> cache = OpenCache(engine, check_options, options);
  // Otherwise each file's check is taken from it where what it depends on is unchanged.
  scope.store = cache.get();
  std::string request = cache != nullptr ? EntryRequest(scope) : "";
  std::optional<EntryScopeResult> kept;
  if (cache != nullptr) kept = cache->ReuseEntryRun(request);
  EntryScopeResult result =
      kept.has_value() ? *std::move(kept) : CheckFromEntries(scope, engine, check_options);
  if (cache != nullptr) {
    if (!kept.has_value()) cache->KeepEntryRun(request, result);
    for (const std::string& warning : cache->Finish()) {
      std::cerr << "gbreak: warning: " << warning << "\n";
    }
    report.stats.cache_used = true;
    report.stats.cache_hits = static_cast<size_t>(cache->hits());
    report.stats.cache_misses = static_cast<size_t>(cache->misses());
  }
  report.entry_run = true;
  report.diagnostics = std::move(result.diagnostics);
  MergeResults(result.results, report);
  *files = std::move(result.files);
  return report;
}

// The site-packages directories to follow imports into, and the torch version found there.
absl::Status FindLibraries(const LintOptions& options, std::vector<std::string>* library_roots,
                           std::string* torch_version) {
  *library_roots = options.site_packages;
  if (options.python.empty()) return absl::OkStatus();
  absl::StatusOr<PythonEnvironment> python = QueryPython(options.python);
  if (!python.ok()) return python.status();
  library_roots->insert(library_roots->end(), python->site_packages.begin(),
                        python->site_packages.end());
  if (torch_version->empty()) *torch_version = python->torch_version;
  return absl::OkStatus();
}

}  // namespace

int RunLint(const LintOptions& options) {
  absl::Time start = absl::Now();
  absl::StatusOr<std::vector<Rule>> catalog = LoadCatalog(options.rule_dirs);
  if (!catalog.ok()) {
    PrintError(catalog.status().message());
    return kExitError;
  }
  absl::StatusOr<std::vector<Rule>> selected = SelectRules(*catalog, options.selection);
  if (!selected.ok()) {
    PrintError(selected.status().message());
    return kExitError;
  }
  std::vector<std::string> library_roots;
  std::string torch_version = options.torch_version;
  if (absl::Status status = FindLibraries(options, &library_roots, &torch_version); !status.ok()) {
    PrintError(status.message());
    return kExitError;
  }
  DynamoSettings settings;
  if (!torch_version.empty()) {
    if (absl::Status status = settings.SetTorchVersion(torch_version); !status.ok()) {
      PrintError(absl::StrCat("--torch-version: ", status.message()));
      return kExitError;
    }
  }
  for (const std::string& assignment : options.dynamo_config) {
    if (absl::Status status = settings.Set(assignment); !status.ok()) {
      PrintError(absl::StrCat("--dynamo-config: ", status.message()));
      return kExitError;
    }
  }
  // Configuration files ([tool.gbreak] / gbreak.toml): the run's settings come from the one in
  // the working directory under the command line; rules are selected per file (cli/config.h).
  LintConfiguration configuration(options.selection, torch_version, options.dynamo_config);
  if (absl::StatusOr<DynamoSettings> run_settings = configuration.RunSettings(); run_settings.ok()) {
    settings = *std::move(run_settings);
  } else {
    PrintError(run_settings.status().message());
    return kExitError;
  }
  // The model configuration: the file's `config`, then --config (later values win).
  std::vector<std::string> model_config_values = configuration.RunModelConfig();
  model_config_values.insert(model_config_values.end(), options.model_config.begin(),
                             options.model_config.end());
  absl::StatusOr<std::map<std::string, std::string>> model_config =
      ReadModelConfig(model_config_values);
  if (!model_config.ok()) {
    PrintError(absl::StrCat("--config: ", model_config.status().message()));
    return kExitError;
  }
  bool fail_on_conditional = options.fail_on_conditional;
  if (!options.fail_on_conditional_given) {
    fail_on_conditional = configuration.RunFailOnConditional().value_or(fail_on_conditional);
  }
  std::vector<std::string> paths = options.paths;
  if (paths.empty()) paths.push_back(".");
  // Entry mode reads only what the entries reach; otherwise every file under the paths.
  std::vector<std::string> entries = options.entries;
  std::vector<CallStep> entry_sources;
  if (entries.empty()) {
    entries = configuration.RunEntries();
    for (const auto& [path, line] : configuration.RunEntrySources()) {
      entry_sources.push_back({path, line, "<configuration>"});
    }
  }
  bool write_patches = options.write_patches || !options.patches_file.empty();
  if (write_patches && entries.empty()) {
    PrintError("--write-patches needs --entry (a script or module:Class): the patches are for "
               "the library code a run reaches");
    return kExitError;
  }
  DiscoveryResult discovered;
  if (entries.empty()) {
    DiscoveryOptions discovery = options.discovery;
    discovery.threads = options.threads > 0 ? options.threads : DefaultThreadCount();
    discovered = DiscoverFiles(paths, discovery);
  } else {
    for (const std::string& entry : entries) {
      if (entry.find(':') == std::string::npos) discovered.files.push_back(entry);
    }
  }
  if (absl::Status status = configuration.Load(discovered.files, *catalog); !status.ok()) {
    PrintError(status.message());
    return kExitError;
  }
  if (configuration.any()) {
    discovered.KeepOnly(configuration.FilterExcluded(discovered.files, paths,
                                                     options.discovery.force_exclude));
    selected->clear();
    for (const Rule& rule : *catalog) {
      if (configuration.SelectedAnywhere(rule)) selected->push_back(rule);
    }
  }
  std::erase_if(*selected, [&](const Rule& rule) { return !settings.Applies(rule); });
  for (Rule& rule : *selected) {
    rule.query_source = ApplyQueryDirectives(rule.query_source, settings);
  }
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create(*std::move(selected));
  if (!engine.ok()) {
    PrintError(engine.status().message());
    return kExitError;
  }

  LintReport report = entries.empty()
                          ? CheckFiles(discovered.files, discovered.stats, **engine, options)
                          : CheckEntries(entries, entry_sources, library_roots, **engine, options,
                                         *model_config, &discovered.files);
  if (configuration.any()) {
    std::erase_if(report.findings,
                  [&](const Finding& f) { return !configuration.Keeps(f.path, *f.rule); });
  }
  // Code that runs only on the way to an exception is not what the user's run does.
  if (!options.error_paths) {
    size_t before = report.findings.size();
    std::erase_if(report.findings, [](const Finding& f) { return f.error_path; });
    if (size_t hidden = before - report.findings.size(); hidden > 0) {
      std::cerr << "gbreak: " << hidden << " finding" << (hidden == 1 ? "" : "s")
                << " on error paths not shown (--error-paths shows them)\n";
    }
  }
  // Unsafe edits are made only when asked for; without the flag their findings keep them in
  // words (ruff's convention), and --fix/--diff say how many were left out.
  if (!options.unsafe_fixes) {
    size_t hidden = DropUnsafeEdits(report.findings);
    if (options.fix || options.diff) NoteHiddenFixes(hidden);
  }
  if (write_patches &&
      !WritePatches(report, options, entries, std::string(settings.torch_version()))) {
    return kExitError;
  }
  if (options.fix && !options.diff && HasFixes(report.findings)) {
    return FixAndRelint(report, options);
  }
  report.diagnostics.insert(report.diagnostics.begin(), discovered.diagnostics.begin(),
                            discovered.diagnostics.end());
  if (!options.logs.empty()) {
    CrosscheckLogs(options.logs, discovered.files, settings.torch_version(), report);
  }
  report.stats.wall_time = absl::Now() - start;

  bool io_error = false;
  for (const Diagnostic& d : report.diagnostics) {
    std::cerr << "gbreak: " << FormatDiagnostic(d) << "\n";
    io_error = io_error || d.level == Diagnostic::Level::kError;
  }
  if (options.diff) return ShowFixes(report, options, io_error);

  for (const Rule& rule : (*engine)->rules()) report.rules.push_back(&rule);
  FormattedReport formatted =
      FormatReport(report, options.output_format, options.statistics, GBREAK_VERSION);
  for (const std::string& warning : formatted.warnings) {
    std::cerr << "gbreak: warning: " << warning << "\n";
  }
  const std::string& output = formatted.text;
  if (absl::Status written = WriteOutput(options.output_file, output); !written.ok()) {
    PrintError(written.message());
    return kExitError;
  }
  if (options.stats) std::cerr << WriteRunStats(report);

  if (io_error) return kExitError;
  // Breaks only the log saw count like findings (every summary counts them too).
  bool found = fail_on_conditional ? FindingCount(report) > 0
                                            : UnconditionalCount(report) > 0;
  if (found && !options.exit_zero) return kExitFindings;
  return kExitClean;
}

}  // namespace gbreak
