#include "rules/entry_scope.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <map>
#include <memory>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/strings/ascii.h"
#include "program/call_conditions.h"
#include "program/export_scan.h"
#include "program/module_locator.h"
#include "program/program_graph.h"
#include "rules/reachability.h"
#include "source/parallel_for.h"
#include "source/paths.h"

namespace gbreak {
namespace {

// Rounds of "reach, then load what was reached": each round follows calls one module further.
// Real models need about a dozen; the cap only guards against a pathological search path.
constexpr int kMaxRounds = 200;

// One `--entry` value.
struct EntrySpec {
  std::string text;       // as given
  std::string script;     // a script path, or
  std::string qualified;  // module.Qualified.name
  std::string module;     // the module part of `qualified`
  CallStep source;        // the configuration line that names it (line 0: the command line)
  // The parameters the user's call passes (`Name(a, b)` or --inputs); unset: unknown.
  std::optional<std::set<std::string>> inputs;
  bool resolved = false;
  FunctionRef entry;      // what it resolved to
};

// `Name(a, b)` -> "Name" and {a, b}; a name without parentheses is returned unchanged. False
// when the parentheses are malformed.
bool SplitInputs(std::string* name, std::optional<std::set<std::string>>* inputs) {
  size_t open = name->find('(');
  if (open == std::string::npos) return name->find(')') == std::string::npos;
  if (name->back() != ')') return false;
  std::set<std::string> names;
  for (absl::string_view part :
       absl::StrSplit(absl::string_view(*name).substr(open + 1, name->size() - open - 2), ',')) {
    std::string item(absl::StripAsciiWhitespace(part));
    if (item.empty()) continue;
    if (!std::all_of(item.begin(), item.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; })) {
      return false;
    }
    names.insert(std::move(item));
  }
  name->resize(open);
  *inputs = std::move(names);
  return true;
}

bool IsGxFinding(const Finding& f) { return f.rule->code.starts_with("GX00"); }

// A file an entry run read, as the store knows it (EntryFileStore).
struct LoadedFile {
  std::string path;
  std::string module;  // as located ("" for a script)
  std::string key;     // "" when the store does not keep it (no store, or unreadable)
  std::string bytes;   // when its Prepare came from the store: parsed only if Finish must run
  bool from_store = false;
};

class EntryLoader {
 public:
  EntryLoader(const EntryScopeOptions& options, const RuleEngine& engine,
              const FileCheckOptions& check_options)
      : options_(options),
        engine_(engine),
        check_options_(check_options),
        locator_(ProjectRoots(options), options.library_roots),
        checkers_(static_cast<size_t>(std::max(1, options.threads))) {
    graph_.SetExportScanner([this](const std::string& dotted, const std::string& name) {
      return MayExport(dotted, name);
    });
  }

  EntryScopeResult Run();

 private:
  static std::vector<std::string> ProjectRoots(const EntryScopeOptions& options);
  bool ParseSpecs();
  // Checks the files in parallel and adds their summaries to the graph.
  void Load(const std::vector<std::pair<std::string, std::string>>& modules_and_paths);
  // One file's first half (FileChecker::Prepare), as the store kept it when it did (then the
  // file is parsed only if Finish must run on it) or made now.
  std::unique_ptr<PreparedFile> PrepareFile(size_t worker, const std::string& module,
                                            const std::string& path, LoadedFile* loaded);
  // Graph module m's second half (FileChecker::Finish), as the store kept it or made now.
  FileCheckResult FinishFile(size_t worker, size_t m,
                             const std::vector<std::pair<uint32_t, uint32_t>>& ranges,
                             FileChecker::ProgramFacts program);
  FileChecker& Checker(size_t worker);
  void RunRules(const std::map<FunctionRef, FunctionRef>& reached,
                const std::vector<FunctionRef>& entries);
  // True when `dotted` could be loaded: a file exists for it that is not in the graph under
  // this name yet (a file already read under another name is aliased instead).
  bool Loadable(const std::string& dotted);
  std::vector<FunctionRef> ResolveEntries(const ModuleProbe& probe, std::set<std::string>* wanted);
  // Whether the star-import source `dotted` may export `name` (a text scan of its file or its
  // package's files, remembered).
  bool MayExport(const std::string& dotted, const std::string& name);
  void KeepReachedFindings(const std::map<FunctionRef, FunctionRef>& reached);
  // The parameters each resolved entry is called with, where the user said (--inputs).
  std::map<FunctionRef, std::set<std::string>> EntryInputs() const;
  std::map<FunctionRef, std::set<std::string>> EntryConstructorArguments() const;
  std::map<FunctionRef, FunctionRef> WithoutDefaultGuardedCalls(
      const std::vector<FunctionRef>& entries, std::map<FunctionRef, FunctionRef> reached);

  const EntryScopeOptions& options_;
  const RuleEngine& engine_;
  FileCheckOptions check_options_;
  ModuleLocator locator_;
  std::vector<std::unique_ptr<FileChecker>> checkers_;
  std::vector<EntrySpec> specs_;
  ProgramGraph graph_;
  std::map<std::string, size_t> module_of_path_;  // path -> graph index
  std::map<std::pair<std::string, std::string>, bool> may_export_;  // (module, name) -> answer
  std::vector<std::unique_ptr<PreparedFile>> prepared_;  // prepared_[i] is graph module i
  std::vector<LoadedFile> loaded_;                       // likewise
  std::vector<FileCheckResult> results_;                 // after RunRules, likewise
  std::vector<size_t> script_modules_;
  bool aliased_ = false;  // this round gave a file already read another module name
  // Where a chain starts before its entry: a script's torch.compile call, or the configuration
  // line naming a module entry.
  std::map<FunctionRef, CallStep> compiled_at_;
  // Functions reached only under a condition gbreak cannot decide (ProgramGraph::ReachableFrom).
  std::map<FunctionRef, std::string> conditions_;
  // What the reached call sites run under, by their files (RunRules).
  SiteConditions site_conditions_;
  SitesNeverRun sites_never_run_;
  // Parameters holding their defaults in the final reached set (ProgramGraph::DefaultedParameters).
  std::map<FunctionRef, std::set<std::string>> defaulted_;
  EntryScopeResult out_;
};

std::vector<std::string> EntryLoader::ProjectRoots(const EntryScopeOptions& options) {
  // Python puts a script's directory first on sys.path.
  std::vector<std::string> roots;
  for (const std::string& entry : options.entries) {
    if (entry.find(':') == std::string::npos) roots.push_back(DirName(entry));
  }
  roots.insert(roots.end(), options.project_roots.begin(), options.project_roots.end());
  if (roots.empty()) roots.push_back(".");
  return roots;
}

bool EntryLoader::ParseSpecs() {
  bool ok = true;
  for (size_t i = 0; i < options_.entries.size(); ++i) {
    const std::string& text = options_.entries[i];
    EntrySpec spec;
    spec.text = text;
    if (i < options_.entry_sources.size()) spec.source = options_.entry_sources[i];
    size_t colon = text.find(':');
    if (colon != std::string::npos) {
      spec.module = text.substr(0, colon);
      std::string name = text.substr(colon + 1);
      bool inputs_ok = SplitInputs(&name, &spec.inputs);
      if (!spec.inputs && options_.inputs) {
        spec.inputs.emplace(options_.inputs->begin(), options_.inputs->end());
      }
      if (spec.module.empty() || name.empty() || !inputs_ok) {
        out_.diagnostics.push_back({Diagnostic::Level::kError, text, 0,
                                    "--entry: expected module:Qualified.name (e.g. "
                                    "transformers:GPT2Model, or transformers:GPT2Model(input_ids, "
                                    "attention_mask) with the inputs a call passes) or a path to "
                                    "a script"});
        ok = false;
        continue;
      }
      spec.qualified = spec.module + "." + name;
    } else if (IsRegularFile(text)) {
      spec.script = text;
    } else {
      out_.diagnostics.push_back(
          {Diagnostic::Level::kError, text, 0,
           "--entry: no such script; give a path to a .py file or module:Qualified.name"});
      ok = false;
      continue;
    }
    specs_.push_back(std::move(spec));
  }
  return ok;
}

void EntryLoader::Load(const std::vector<std::pair<std::string, std::string>>& modules_and_paths) {
  std::vector<std::unique_ptr<PreparedFile>> batch(modules_and_paths.size());
  std::vector<LoadedFile> loaded(batch.size());
  ParallelFor(batch.size(), static_cast<int>(checkers_.size()), [&](size_t worker, size_t item) {
    const auto& [module, path] = modules_and_paths[item];
    batch[item] = PrepareFile(worker, module, path, &loaded[item]);
  });
  for (size_t i = 0; i < batch.size(); ++i) {
    const auto& [module, path] = modules_and_paths[i];
    ModuleSummary summary;
    if (batch[i]->result.summary) summary = *std::move(batch[i]->result.summary);
    summary.path = path;
    if (!module.empty()) summary.module = module;
    summary.library = locator_.OriginOf(path) != "user";
    batch[i]->result.summary.reset();
    module_of_path_[path] = graph_.Add(std::move(summary));
    prepared_.push_back(std::move(batch[i]));
    loaded_.push_back(std::move(loaded[i]));
    out_.files.push_back(path);
  }
}

std::unique_ptr<PreparedFile> EntryLoader::PrepareFile(size_t worker, const std::string& module,
                                                       const std::string& path,
                                                       LoadedFile* loaded) {
  loaded->path = path;
  loaded->module = module;
  EntryFileStore* store = options_.store;
  std::optional<EntryFileStore::Source> source;
  if (store != nullptr) source = store->Read(path, module);
  if (!source.has_value()) return Checker(worker).Prepare(path, module);
  loaded->key = std::move(source->key);
  if (std::optional<FileCheckResult> kept = store->Prepared(loaded->key)) {
    auto file = std::make_unique<PreparedFile>();
    file->result = *std::move(kept);
    loaded->bytes = std::move(source->bytes);
    loaded->from_store = true;
    return file;
  }
  std::unique_ptr<PreparedFile> file =
      Checker(worker).PrepareText(path, module, std::move(source->bytes));
  store->KeepPrepared(loaded->key, file->result);
  return file;
}

FileCheckResult EntryLoader::FinishFile(size_t worker, size_t m,
                                        const std::vector<std::pair<uint32_t, uint32_t>>& ranges,
                                        FileChecker::ProgramFacts program) {
  LoadedFile& loaded = loaded_[m];
  EntryFileStore* store = options_.store;
  std::string finish_key;
  if (store != nullptr && !loaded.key.empty()) {
    finish_key = store->FinishKey(loaded.key, ranges, program);
    if (std::optional<FileCheckResult> kept = store->Finished(finish_key)) {
      prepared_[m].reset();  // its tree, when this run parsed it, is not needed
      return *std::move(kept);
    }
  }
  if (loaded.from_store) {
    // Its summary came from the store, and what the graph hands it now is new: parse it after
    // all (the summary made again is the one the graph has).
    prepared_[m] = Checker(worker).PrepareText(loaded.path, loaded.module, std::move(loaded.bytes));
    prepared_[m]->result.summary.reset();
  }
  FileCheckResult result = Checker(worker).Finish(*prepared_[m], &ranges, std::move(program));
  if (!finish_key.empty()) store->KeepFinished(finish_key, result);
  return result;
}

FileChecker& EntryLoader::Checker(size_t worker) {
  if (checkers_[worker] == nullptr) {
    checkers_[worker] = std::make_unique<FileChecker>(engine_, check_options_);
  }
  return *checkers_[worker];
}

// Runs the rules of every file read, only over the functions reached in it: most of a library
// file (modeling_utils.py is 5,000 lines) is never reached from one model's forward.
void EntryLoader::RunRules(const std::map<FunctionRef, FunctionRef>& reached,
                           const std::vector<FunctionRef>& entries) {
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> ranges(prepared_.size());
  for (const auto& [function, parent] : reached) {
    const FunctionSummary* f = graph_.Find(function.first, function.second);
    if (f != nullptr) ranges[function.first].emplace_back(f->start_byte, f->end_byte);
  }
  std::vector<FileChecker::ProgramFacts> program(prepared_.size());
  // Parameters no reached call passes hold their defaults (DynamicCache's ddp_cache_data=None).
  // (WithoutDefaultGuardedCalls computed them for the final `reached`.)
  for (auto& [function, names] : defaulted_) {
    const FunctionSummary* f = graph_.Find(function.first, function.second);
    if (f != nullptr) program[function.first].defaulted[f->start_byte] = std::move(names);
  }
  // The constructors of the classes the user named (`diffusers:UNet2DModel`), whose call is the
  // user's: what their parameters hold (self.x = x in __init__ reads it).
  for (auto& [init, names] : EntryConstructorArguments()) {
    const FunctionSummary* f = graph_.Find(init.first, init.second);
    if (f != nullptr && !defaulted_.contains(init)) {
      program[init.first].defaulted[f->start_byte] = std::move(names);
    }
  }
  // Parameters a call from another module passes a tensor.
  for (auto& [function, names] : graph_.TensorPassedParameters(reached)) {
    const FunctionSummary* f = graph_.Find(function.first, function.second);
    if (f != nullptr) program[function.first].tensor_passed[f->start_byte] = std::move(names);
  }
  // The reached call sites, for the conditions their files say they run under; the functions
  // they call (entries aside: the user's call is not among them) are called only there.
  const std::set<FunctionRef> entry_set(entries.begin(), entries.end());
  for (const auto& [callee, calls] : graph_.ReachedCallSites(reached)) {
    const FunctionSummary* f = graph_.Find(callee.first, callee.second);
    if (f != nullptr && !entry_set.contains(callee)) {
      program[callee.first].calls_known.insert(f->start_byte);
      if (std::all_of(calls.begin(), calls.end(),
                      [&](const auto& call) { return call.first.first == callee.first; })) {
        program[callee.first].calls_here.insert(f->start_byte);
      }
    }
    for (const auto& [caller, site] : calls) {
      if (site->end_byte > 0) {
        program[caller.first].call_sites.emplace_back(site->start_byte, site->end_byte);
      }
      if (site->built_end > 0) {
        program[caller.first].call_sites.emplace_back(site->built_start, site->built_end);
      }
    }
  }
  // The optional inputs of the entries whose call nobody described (no --inputs): what runs
  // under `if pixel_values is not None:` there depends on that call, and so does what runs
  // under a None test of a parameter they are handed on to.
  std::map<FunctionRef, std::set<std::string>> unknown;
  for (const FunctionRef& entry : entries) {
    if (defaulted_.contains(entry)) continue;  // the user said what the call passes
    const FunctionSummary* f = graph_.Find(entry.first, entry.second);
    if (f == nullptr) continue;
    std::set<std::string>& names = unknown[entry];
    for (const auto& [name, position] : f->literal_defaults) {
      if (!name.starts_with("*")) names.insert(name);
    }
  }
  for (auto& [function, names] : graph_.UnknownInputs(reached, std::move(unknown))) {
    const FunctionSummary* f = graph_.Find(function.first, function.second);
    if (f != nullptr) program[function.first].unknown_inputs[f->start_byte] = std::move(names);
  }
  // What the configuration fields of each model class default to (`self.layerdrop > 0.0` with
  // the configuration's `layerdrop: float = 0.0`), for the files with reached code; none for
  // the fields the run stores on a configuration.
  const std::set<std::string> written = graph_.ConfigFieldsWritten(reached);
  const ProgramGraph::BuiltFrom built_from = graph_.ConfigurationsOfBuiltClasses();
  for (size_t m = 0; m < prepared_.size(); ++m) {
    if (!ranges[m].empty()) {
      program[m].config_defaults = graph_.ConfigDefaults(m, options_.config, written, built_from);
    }
  }
  // The modules the reached imports hand out that replace themselves in sys.modules (read by
  // Run's rounds): every file's imports are decided, none deferred.
  std::set<std::string> replaced_imports;
  for (const auto& [function, parent] : reached) {
    const FunctionSummary* f = graph_.Find(function.first, function.second);
    if (f == nullptr) continue;
    for (const std::string& module : f->imported_modules) {
      const ModuleSummary* summary = graph_.ModuleNamed(module);
      if (summary != nullptr && summary->replaces_itself) replaced_imports.insert(module);
    }
  }
  for (size_t m = 0; m < prepared_.size(); ++m) program[m].replaced_imports = replaced_imports;
  results_.resize(prepared_.size());
  ParallelFor(prepared_.size(), static_cast<int>(checkers_.size()), [&](size_t worker, size_t m) {
    std::sort(ranges[m].begin(), ranges[m].end());
    // In file order, whatever order the graph's modules were read in: the store's key of what
    // Finish is handed must not change with an unrelated file (Finish reads them as a set).
    std::vector<std::pair<uint32_t, uint32_t>>& sites = program[m].call_sites;
    std::sort(sites.begin(), sites.end());
    sites.erase(std::unique(sites.begin(), sites.end()), sites.end());
    results_[m] = FinishFile(worker, m, ranges[m], std::move(program[m]));
  });
  for (size_t m = 0; m < results_.size(); ++m) {
    for (auto& [start, when] : results_[m].call_conditions) {
      site_conditions_[{m, start}] = std::move(when);
    }
    for (uint32_t start : results_[m].calls_never_run) sites_never_run_.emplace(m, start);
  }
  prepared_.clear();
  loaded_.clear();
}

bool EntryLoader::MayExport(const std::string& dotted, const std::string& name) {
  auto [it, inserted] = may_export_.try_emplace({dotted, name}, false);
  if (inserted) {
    const std::string& path = locator_.Locate(dotted);
    it->second = !path.empty() && FileOrPackageMayExport(path, name, &out_.depends_on);
  }
  return it->second;
}

bool EntryLoader::Loadable(const std::string& dotted) {
  const std::string& path = locator_.Locate(dotted);
  if (path.empty()) return false;
  if (auto known = module_of_path_.find(path); known != module_of_path_.end()) {
    graph_.Alias(dotted, known->second);  // resolvable now: the next round sees it
    aliased_ = true;
    return false;
  }
  return true;
}

std::vector<FunctionRef> EntryLoader::ResolveEntries(const ModuleProbe& probe,
                                                     std::set<std::string>* wanted) {
  std::vector<FunctionRef> entries;
  for (EntrySpec& spec : specs_) {
    if (!spec.script.empty()) continue;
    FunctionRef entry;
    spec.resolved = graph_.ResolveEntry(spec.qualified, &entry, &probe, wanted);
    if (!spec.resolved) continue;
    spec.entry = entry;
    entries.push_back(entry);
    if (spec.source.line > 0) compiled_at_.emplace(entry, spec.source);
  }
  for (size_t m : script_modules_) {
    const ModuleSummary& script = graph_.module(m);
    for (const FunctionSummary& f : script.functions) {
      if (f.entry) entries.emplace_back(m, f.name);
    }
    for (size_t i = 0; i < script.compiled.size(); ++i) {
      FunctionRef entry;
      if (!graph_.ResolveEntry(script.compiled[i], &entry, &probe, wanted)) continue;
      entries.push_back(entry);
      // The chain of what it reaches starts at the script's torch.compile call: the frame code
      // scanning can show when the entry itself lives in site-packages.
      int line = i < script.compiled_lines.size() ? script.compiled_lines[i] : 0;
      compiled_at_.emplace(entry, CallStep{script.path, line, "<module>"});
    }
  }
  return entries;
}

std::map<FunctionRef, std::set<std::string>> EntryLoader::EntryInputs() const {
  std::map<FunctionRef, std::set<std::string>> out;
  for (const EntrySpec& spec : specs_) {
    if (spec.resolved && spec.inputs) out[spec.entry].insert(spec.inputs->begin(), spec.inputs->end());
  }
  return out;
}

// A class named as a module entry is built by the user, with the configuration the run uses
// (`--config`) as its keyword arguments when it has no configuration class of its own (a
// diffusers model: `UNet2DModel(**config)`): each parameter of its own __init__ with a literal
// default holds that default, or the literal --config gives for it (LiteralHeldName). By
// __init__, names held.
std::map<FunctionRef, std::set<std::string>> EntryLoader::EntryConstructorArguments() const {
  std::map<FunctionRef, std::set<std::string>> out;
  for (const EntrySpec& spec : specs_) {
    if (!spec.resolved || !spec.entry.second.ends_with(".forward")) continue;
    std::string class_name = spec.entry.second.substr(0, spec.entry.second.size() - 8);
    // A model built from a configuration object is passed it (`config=None` is not left None).
    if (graph_.HasConfigurationClass(spec.entry.first, class_name)) continue;
    FunctionRef init{spec.entry.first, class_name + ".__init__"};
    const FunctionSummary* f = graph_.Find(init.first, init.second);
    if (f == nullptr) continue;
    std::set<std::string>& held = out[init];
    for (const auto& [name, position] : f->literal_defaults) {
      auto given = options_.config.find(name);
      held.insert(given == options_.config.end() ? name : LiteralHeldName(name, given->second));
    }
  }
  return out;
}

// Parameters that hold their defaults keep some calls from running (`if pixel_values is not
// None: self.get_image_features(...)` when no call passes pixel_values): what only those calls
// reach is not compiled. Dropping it can leave more parameters unpassed, so this repeats until
// nothing changes (each round only removes functions).
std::map<FunctionRef, FunctionRef> EntryLoader::WithoutDefaultGuardedCalls(
    const std::vector<FunctionRef>& entries, std::map<FunctionRef, FunctionRef> reached) {
  std::map<FunctionRef, std::set<std::string>> inputs = EntryInputs();
  // Forwards other than the entries are submodules: only the program's calls call them.
  const std::set<FunctionRef> entry_set(entries.begin(), entries.end());
  // Loads nothing: every module reached is read already.
  ModuleProbe nothing_to_load = [](const std::string&) { return false; };
  for (int round = 0; round < kMaxRounds; ++round) {
    defaulted_ = graph_.DefaultedParameters(reached, inputs, &entry_set);
    conditions_.clear();
    std::map<FunctionRef, FunctionRef> fewer =
        graph_.ReachableFrom(entries, nothing_to_load, nullptr, &defaulted_, &conditions_);
    bool same = fewer.size() == reached.size();
    reached = std::move(fewer);
    if (same) return reached;  // defaulted_ is that of `reached`: RunRules uses it
  }
  defaulted_ = graph_.DefaultedParameters(reached, inputs, &entry_set);
  return reached;
}

void EntryLoader::KeepReachedFindings(const std::map<FunctionRef, FunctionRef>& reached) {
  for (size_t m = 0; m < results_.size(); ++m) {
    const ModuleSummary& module = graph_.module(m);
    std::string origin = locator_.OriginOf(module.path);
    std::vector<Finding>& findings = results_[m].findings;
    std::erase_if(findings, [&](const Finding& f) {
      if (RequirementUnmet(graph_, f.requirement)) return true;
      return !IsGxFinding(f) && !reached.contains({m, f.function});
    });
    for (Finding& f : findings) {
      f.reached = true;
      f.origin = origin;
      f.module = module.module;
      if (IsGxFinding(f)) continue;
      if (auto when = conditions_.find({m, f.function}); when != conditions_.end()) {
        f.conditions.push_back(when->second);
        f.message += " [only when " + when->second + "]";
      }
      // Walk back to the entry: the chain reads entry first.
      std::vector<CallStep> chain;
      FunctionRef at{m, f.function};
      for (size_t guard = 0; guard < reached.size(); ++guard) {
        const FunctionSummary* function = graph_.Find(at.first, at.second);
        chain.push_back({graph_.module(at.first).path, function ? function->line : 0, at.second});
        const FunctionRef& parent = reached.at(at);
        if (parent == at) break;
        at = parent;
      }
      if (auto root = compiled_at_.find(at); root != compiled_at_.end()) {
        chain.push_back(root->second);
      }
      std::reverse(chain.begin(), chain.end());
      f.call_chain = std::move(chain);
    }
  }
}

EntryScopeResult EntryLoader::Run() {
  if (!ParseSpecs()) return std::move(out_);
  // Scripts first: they are read whatever they reach.
  std::vector<std::pair<std::string, std::string>> scripts;
  for (const EntrySpec& spec : specs_) {
    if (!spec.script.empty()) scripts.emplace_back("", spec.script);
  }
  Load(scripts);
  for (size_t m = 0; m < prepared_.size(); ++m) script_modules_.push_back(m);

  ModuleProbe probe = [this](const std::string& dotted) { return Loadable(dotted); };
  std::map<FunctionRef, FunctionRef> reached;
  std::vector<FunctionRef> entries;
  bool capped = true;
  for (int round = 0; round < kMaxRounds; ++round) {
    std::set<std::string> wanted;
    aliased_ = false;
    entries = ResolveEntries(probe, &wanted);
    reached = graph_.ReachableFrom(entries, probe, &wanted);
    // The configuration classes of the modules reached: their defaults fold conditions.
    std::set<size_t> reached_modules;
    for (const auto& [function, parent] : reached) reached_modules.insert(function.first);
    for (size_t m : reached_modules) graph_.WantConfigurations(m, probe, &wanted);
    // What the reached functions' imports hand out: running an import reads the module, and
    // whether it is a lazy package decides #imports-replaced-module?.
    for (const auto& [function, parent] : reached) {
      const FunctionSummary* f = graph_.Find(function.first, function.second);
      if (f == nullptr) continue;
      for (const std::string& module : f->imported_modules) {
        if (graph_.ModuleNamed(module) == nullptr && Loadable(module)) wanted.insert(module);
      }
    }
    std::vector<std::pair<std::string, std::string>> batch;
    std::set<std::string> batch_paths;
    for (const std::string& module : wanted) {
      const std::string& path = locator_.Locate(module);
      if (path.empty() || module_of_path_.contains(path)) continue;
      if (batch_paths.insert(path).second) batch.emplace_back(module, path);
    }
    if (batch.empty() && !aliased_) {
      capped = false;
      break;
    }
    Load(batch);
  }
  if (capped && !specs_.empty()) {
    // Silently analyzing less than was asked would read as "no breaks there".
    out_.diagnostics.push_back(
        {Diagnostic::Level::kWarning, specs_.front().text, 0,
         absl::StrCat("stopped following calls into new modules after ", kMaxRounds,
                      " rounds (a chain of modules each calling the next); modules further "
                      "down the chain are not analyzed")});
  }

  for (const EntrySpec& spec : specs_) {
    if (!spec.script.empty() || spec.resolved) continue;
    std::string name = spec.qualified.substr(spec.module.size() + 1);
    size_t class_module;
    std::string class_name;
    std::string why;
    if (locator_.Locate(spec.module).empty()) {
      why = absl::StrCat("module `", spec.module, "` is not on the search path (",
                         absl::StrJoin(locator_.roots(), ", "),
                         "); give --python or --site-packages for installed libraries");
    } else if (graph_.ResolveClass(spec.qualified, &class_module, &class_name)) {
      // Found, but its forward is inherited from code gbreak does not read (torch.nn.Sequential
      // runs its layers in turn): saying "cannot find" would be wrong.
      const ModuleSummary& m = graph_.module(class_module);
      auto bases = m.classes.find(class_name);
      why = absl::StrCat(
          "class `", name, "` (", m.path, ") has no `forward` of its own or from a base class "
          "gbreak reads",
          bases == m.classes.end() || bases->second.empty()
              ? ""
              : absl::StrCat(" (bases: ", absl::StrJoin(bases->second, ", "), ")"),
          "; give a method or a function as the entry");
    } else {
      why = absl::StrCat("`", name, "` is not a class or function gbreak can find in `",
                         spec.module, "`");
    }
    out_.diagnostics.push_back(
        {Diagnostic::Level::kError, spec.text, 0, absl::StrCat("--entry: ", why)});
  }
  reached = WithoutDefaultGuardedCalls(entries, std::move(reached));
  RunRules(reached, entries);
  // Functions reached only through calls made under conditions gbreak cannot decide run only
  // then (the conditions of the entries' optional inputs, found before, stay).
  CallConditions calls =
      ConditionsOfCalls(graph_, reached, entries, site_conditions_, sites_never_run_);
  for (auto& [function, when] : calls.when) conditions_.emplace(function, std::move(when));
  // What only a branch that folds away calls (a submodule built under `if
  // config.do_stable_layer_norm:`, False by default) is never traced.
  if (!calls.unreached.empty()) reached = std::move(calls.reached);
  KeepReachedFindings(reached);
  out_.results = std::move(results_);
  std::sort(out_.files.begin(), out_.files.end());
  const std::set<std::string>& looked_in = locator_.directories_looked_in();
  out_.depends_on.insert(out_.depends_on.end(), looked_in.begin(), looked_in.end());
  std::sort(out_.depends_on.begin(), out_.depends_on.end());
  out_.depends_on.erase(std::unique(out_.depends_on.begin(), out_.depends_on.end()),
                        out_.depends_on.end());
  return std::move(out_);
}

}  // namespace

EntryScopeResult CheckFromEntries(const EntryScopeOptions& options, const RuleEngine& engine,
                                  const FileCheckOptions& check_options) {
  FileCheckOptions deferred = check_options;
  deferred.region.defer_reachability = true;  // the program-wide graph decides, from the entries
  deferred.region.note_tensor_arguments = true;  // TensorPassedParameters
  return EntryLoader(options, engine, deferred).Run();
}

}  // namespace gbreak
