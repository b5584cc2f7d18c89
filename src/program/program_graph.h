#ifndef GBREAK_PROGRAM_PROGRAM_GRAPH_H_
#define GBREAK_PROGRAM_PROGRAM_GRAPH_H_

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"

namespace gbreak {

// One call a function makes, as far as which of the callee's parameters it passes goes.
// The name DefaultedParameters holds for a function when every reached call puts `count`
// arguments in its `*var_positional` ("*caches=2"; "*caches" says none), so that
// `if len(caches) == 1:` folds. Counts up to kMaxVariadicCount are tried as guards.
constexpr int kMaxVariadicCount = 4;
inline std::string VariadicCountName(std::string_view var_positional, int count) {
  return "*" + std::string(var_positional) + "=" + std::to_string(count);
}

// The name DefaultedParameters holds for a parameter every reached call passes the same literal
// ("return_dict=False"; "return_dict" alone says it holds its default).
inline std::string LiteralHeldName(std::string_view parameter, std::string_view literal) {
  return std::string(parameter) + "=" + std::string(literal);
}

// The name DefaultedParameters holds for a parameter that is given a value, not None: an input
// the user said an entry's call passes (`--inputs input_ids`), or a parameter every reached call
// hands such an input on to unchanged (`self.embed(input_ids)`). `if input_ids is None:` is then
// false.
inline constexpr std::string_view kGivenValue = "<given>";
inline std::string GivenHeldName(std::string_view parameter) {
  return LiteralHeldName(parameter, kGivenValue);
}

// The literal `parameter` holds in a function's held names (LiteralHeldName), as written; none
// when it holds no literal (only its default, or a given value). Its held names sort together.
inline std::optional<std::string> HeldLiteralOf(const std::set<std::string>& held,
                                                std::string_view parameter) {
  std::string prefix = LiteralHeldName(parameter, "");
  for (auto it = held.lower_bound(prefix); it != held.end() && it->starts_with(prefix); ++it) {
    std::string literal = it->substr(prefix.size());
    if (literal != kGivenValue) return literal;
  }
  return std::nullopt;
}

// An external callee that is a property read, not a call (`self.scheduler.init_noise_sigma`):
// "pkg.Scheduler.init_noise_sigma#property". The program graph follows it only when the name
// resolves to a getter (FunctionSummary::property): reading any other attribute runs nothing.
constexpr std::string_view kPropertyReadSuffix = "#property";
inline std::string PropertyReadName(std::string_view qualified) {
  return std::string(qualified) + std::string(kPropertyReadSuffix);
}

struct CallSite {
  std::string callee;       // as in local_callees / external_callees (no "()" suffixes)
  // The call's bytes in its file, for what the file's analysis says of it (the conditions it
  // runs under); 0, 0 when the call is not an expression of its own (a decorator's wrapper).
  uint32_t start_byte = 0, end_byte = 0;
  bool local = false;       // a function of the same module
  int positional = 0;       // positional arguments
  std::vector<std::string> keywords;
  bool splat = false;       // *x or **x that may hold anything: passes anything
  // The *x / **x arguments that hand on what the caller was given: its own `*args` / `**kwargs`
  // ("*args", "**kwargs") or a parameter (`**attention_kwargs`, also after
  // `attention_kwargs = attention_kwargs or {}`). When the caller's is empty (a variadic no
  // call fills, a parameter that holds its default None), the splat passes nothing.
  std::vector<std::string> splat_sources;
  // Arguments that hand on a parameter of the caller unchanged (`f(x=x)`, `f(mask)`): keyword
  // name or "#<position>" -> the caller's parameter. When that parameter holds its default, so
  // does what it is passed to.
  std::map<std::string, std::string> forwarded;
  // Arguments that are tensors where the call is made (keyword name or "#<position>"), as the
  // caller's file infers them (an entry's unannotated parameter taken as a tensor, as its
  // findings take it): a parameter that some reached call passes a tensor holds one on that
  // call (TensorPassedParameters).
  std::vector<std::string> tensor_arguments;
  // Arguments written as a literal: True, False, None, a number or a plain string (keyword name
  // or "#<position>" -> the literal as written): a parameter every reached call passes the same
  // literal holds it (`return_dict=False` from every caller folds `if not return_dict:`,
  // `set_attention_type("original_full")` folds `if value == "original_full":`).
  std::map<std::string, std::string> literals;
  // A submodule's forward (`self.encoder(x)` running HubertEncoderStableLayerNorm.forward): the
  // bytes, in the caller's file, of the constructor its class's __init__ built that submodule
  // with (`HubertEncoderStableLayerNorm(config)` under `if config.do_stable_layer_norm:`). The
  // forward runs from this call only when that constructor ran; 0, 0 for any other call.
  uint32_t built_start = 0, built_end = 0;
  // That constructor hands the caller's class its own configuration (`Attention(config)`,
  // `Attention(config=self.config)` in an `__init__` that never rebinds `config`): the built
  // class's `config` is an instance of the caller's configuration class.
  bool built_with_config = false;
};

// What the program-wide call graph needs from one function, gathered while its file was parsed
// (files are never parsed twice).
struct FunctionSummary {
  std::string name;  // qualified within the module: "helper", "Net.forward"
  int line = 0;      // 1-based line of its `def`
  uint32_t start_byte = 0, end_byte = 0;  // its definition's bytes
  bool entry = false;     // compiled by itself: a forward method, a torch.compile target
  bool disabled = false;  // torch.compiler.disable: Dynamo does not enter it
  // torch.compiler.disable(recursive=False): its own frame is skipped, but its callees are
  // compiled as frames of their own.
  bool disabled_own_frame_only = false;
  // A compile-time constant (torch._dynamo.assume_constant_result, `_dynamo_marked_constant`):
  // Dynamo calls it while tracing and keeps the result; its body is never traced, no break.
  bool constant_result = false;
  // Decorated with @property: reading the attribute runs it (Dynamo inlines the getter).
  bool property = false;
  // The fields it stores on a configuration object (`decoder_config.is_decoder = True` on the
  // copy a decoder is built from), sorted: once it runs, the run holds more than one value of
  // them (ProgramGraph::ConfigFieldsWritten).
  std::vector<std::string> config_fields_written;
  // The nested functions it returns (a decorator's wrapper, a decorator factory's decorator),
  // qualified in the module: a callee "d()" in another function means "what d returns".
  std::vector<std::string> returns;
  // A closure that runs in place of the function it wraps (functools.wraps, or it calls the
  // function its maker was given): what a decorated call ends up running.
  bool wrapper = false;
  // Of a wrapper: the keyword arguments it adds to what its caller passed when it calls the
  // function it wraps (`kwargs["use_cache"] = ...`), "**" when it may add any keyword, "*" when
  // it may add positional arguments. The decorated function's parameters it names do not hold
  // their defaults, whatever its call sites pass.
  std::vector<std::string> adds_arguments;
  // Parameters with a literal default (`ddp_cache_data=None`), by name, with their position
  // among the arguments a caller passes (self not counted).
  std::vector<std::pair<std::string, int>> literal_defaults;
  // What a caller can pass it (self not counted): the named parameters in order, how many of
  // them a positional argument can fill, and its `*args` / `**kwargs` names ("" when absent).
  struct Signature {
    std::vector<std::string> named;
    int positional = 0;
    std::string var_positional, var_keyword;
    // Where a call's positional arguments fill named[index]; keyword-only parameters get
    // numeric_limits<int>::max() (no positional argument reaches them), as literal_defaults.
    int PositionOf(size_t index) const {
      return static_cast<int>(index) < positional ? static_cast<int>(index)
                                                  : std::numeric_limits<int>::max();
    }
  } signature;
  std::vector<CallSite> calls;
  // Methods it replaces on a class it is given (`cls.forward = forward` in a class decorator,
  // `forward` a function nested in it), by method name. A class so decorated runs the
  // replacement as the method.
  struct Rebinding {
    std::string replacement;  // the nested function, qualified in the module
    // The replacement calls the method it replaced (captured before: `original = cls.forward`)
    // every time...
    bool runs_original = false;
    // ...or only when a call hands it back (`REGISTRY.get(self.config.impl, original)(...)`):
    // that call's text, the condition under which the original runs.
    std::string original_when;
  };
  std::map<std::string, Rebinding> rebinds;
  // Callees (as in local_callees / external_callees) that every call of them reaches only under
  // a condition on a parameter: for each such call, the parameters any of which, holding its
  // default, keeps the call from running (`if pixel_values is not None: self.encode(...)`).
  // A variadic is named with its stars ("*args": no extra positional argument is passed), and
  // names joined by a space must all hold (`if len(args) > 0 or kwargs.get("scale")`:
  // "*args **kwargs").
  std::map<std::string, std::vector<std::vector<std::string>>> guarded_callees;
  // The module objects its own import statements hand it (CompiledRegion::ImportedModule): a
  // reached function's imports run, so those modules are read (are they lazy packages?).
  std::vector<std::string> imported_modules;
  std::vector<std::string> local_callees;     // functions of the same module it calls
  // Qualified names it calls elsewhere. A trailing "()" per call of the result: a decorator
  // `@pkg.timed` makes the decorated function call "pkg.timed()", the wrapper timed returns.
  std::vector<std::string> external_callees;
};

// One module: its functions, what its top-level names are bound to by imports (for re-exports),
// and its classes' bases (for methods inherited across modules).
struct ModuleSummary {
  std::string path;
  std::string module;  // dotted name, "" when unknown
  std::vector<FunctionSummary> functions;
  std::map<std::string, std::vector<std::string>> imports;   // name -> qualified targets
  std::map<std::string, std::vector<std::string>> classes;   // class -> qualified bases
  // Configuration classes: class -> field -> the literal it defaults to (`layerdrop: float =
  // 0.0` in the class body, or an `__init__` parameter's literal default stored unchanged in
  // `self.layerdrop`), for fields no method assigns otherwise. Literals as written: `0.0`,
  // `True`, `None`, `"sdpa"`.
  std::map<std::string, std::map<std::string, std::string>> class_fields;
  // Model classes: class -> the qualified class of the configuration they are built from
  // (`def __init__(self, config: BartConfig)`, a class-level `config: BartConfig` or
  // `config_class = BartConfig`).
  std::map<std::string, std::string> class_config;
  // Configuration classes: class -> sub-configuration field -> its default, from
  // `sub_configs_defaults = {...}`: "type:<model type>" or "class:<qualified configuration
  // class>" (auto_models.h).
  std::map<std::string, std::map<std::string, std::string>> sub_configs;
  // transformers auto classes: class -> the module-level dict (model type -> model class name)
  // its `_model_mapping` picks from ("MODEL_MAPPING_NAMES" for AutoModel).
  std::map<std::string, std::string> auto_class_maps;
  // Those dicts: NAME -> model type -> class name.
  std::map<std::string, std::map<std::string, std::string>> model_type_maps;
  // class -> its decorators, qualified, with "()" when the decorator is a call's result
  // (`@use_impl` -> "pkg.use_impl", `@use_impl(x=1)` -> "pkg.use_impl()").
  std::map<std::string, std::vector<std::string>> class_decorators;
  std::vector<std::string> star_imports;  // modules imported with `from M import *`, qualified
  // Module-level dicts of classes (`ATTENTION_CLASSES = {"sdpa": Sdpa, "flash": Flash}`), the
  // config-selected class maps: NAME -> the qualified classes. A callee "pkg.mod.NAME[].forward"
  // means the forward of every one of them.
  std::map<std::string, std::vector<std::string>> class_maps;
  // What the module hands to torch.compile (`torch.compile(model)` with `model = Net(...)`,
  // `model.compile()`, `torch.compile(Net(...))`): qualified classes or functions.
  std::vector<std::string> compiled;
  std::vector<int> compiled_lines;  // the 1-based line of each `compiled` entry's compile call
  // An installed library's module (site-packages), not the user's project. The wrappers of its
  // decorators are not entered: transformers' capture_outputs / merge_with_config_defaults keep
  // their breaks behind keyword flags (output_hidden_states=True, debug_io=True) that a default
  // call never sets, and following them reported dozens of breaks no run showed.
  bool library = false;
  // Running the module puts an object of another class than types.ModuleType in its place in
  // sys.modules (a lazy package: ReplacesOwnModule), so importing it hands out that object.
  bool replaces_itself = false;
};

// A function of the program: (index of its module in the graph, qualified name in the module).
using FunctionRef = std::pair<size_t, std::string>;

// Asked about a dotted module name the program does not hold yet: true when a file for it could
// be loaded (entry runs load files as the call graph reaches them).
using ModuleProbe = std::function<bool(const std::string& dotted)>;

// Asked whether the module or package `dotted` (a source of `from dotted import *`) may define or
// re-export `name`, without parsing it: used when a package star-imports too many modules to
// follow them all (transformers.models) and none is named like `name`.
using ExportScanner = std::function<bool(const std::string& dotted, const std::string& name)>;

// The dotted module name of a file, from the packages (`__init__.py`) it sits in:
// a/pkg/sub/mod.py -> "pkg.sub.mod" when pkg/ and sub/ are packages; a/pkg/__init__.py -> "pkg".
std::string ModuleNameOf(const std::string& path);

// The dotted name of the module file `path` in the package named `package` ("" at the top
// level): "pkg.mod" for pkg/mod.py, "pkg" for pkg/__init__.py. ModuleNameOf finds the package by
// walking the file system; a caller that knows it (memoized per directory) asks this.
std::string ModuleNameIn(const std::string& package, const std::string& path);

// Resolves a relative qualified name (".helpers.f", "..base.Base") against the module it is
// written in; absolute names are returned unchanged.
std::string ResolveRelative(const std::string& name, const std::string& module, bool is_package);

// The functions reachable from every entry through local and cross-module calls.
class ProgramGraph {
 public:
  // Adds a module; returns its index.
  size_t Add(ModuleSummary module);
  // The module named `dotted`, if the program holds it (by its name or an alias).
  const ModuleSummary* ModuleNamed(const std::string& dotted) const;
  // Makes `name` another dotted name of module `index` (a file imported under two names).
  void Alias(const std::string& name, size_t index) { by_name_[name] = index; }
  // Sets how star-imported modules that do not carry a name's prefix are searched for it.
  void SetExportScanner(ExportScanner scanner) { export_scanner_ = std::move(scanner); }

  // (path, function name) pairs reached from every function marked `entry`; a nested function is
  // reached with its parent.
  std::set<std::pair<std::string, std::string>> Reachable() const;

  // The functions reached from `entries`, each mapped to the function that first reached it (an
  // entry maps to itself), so a call chain can be walked back. Callees in modules the program
  // does not hold yet are asked of `probe`; the loadable ones are added to `wanted`.
  // With `defaulted` (DefaultedParameters), calls a parameter's default guards away are not
  // followed. With `conditions`, functions reached only through a call that runs under a
  // condition gbreak cannot decide get it there ("pixel_values is given": a call under
  // `if pixel_values is not None:` in an entry whose inputs are unknown; the replaced method
  // a class decorator's registry lookup may hand back); the others are reached whatever happens.
  std::map<FunctionRef, FunctionRef> ReachableFrom(
      const std::vector<FunctionRef>& entries, const ModuleProbe& probe,
      std::set<std::string>* wanted,
      const std::map<FunctionRef, std::set<std::string>>* defaulted = nullptr,
      std::map<FunctionRef, std::string>* conditions = nullptr) const;

  // Resolves a qualified callee to the (module index, function name) it denotes, if the program
  // holds it: through re-exports, `from M import *`, and base classes. With a probe, modules
  // that could be loaded to get further are added to `wanted`.
  bool Resolve(const std::string& qualified, size_t* module, std::string* function,
               int depth = 0, const ModuleProbe* probe = nullptr,
               std::set<std::string>* wanted = nullptr) const;

  // The function a class decorator put in place of `Class.method` (`module` holds the class):
  // a rebinding function among the decorator, what it returns, and the functions nested in it
  // that it calls. False when no decorator of the class rebinds the method.
  bool ReboundMethod(size_t module, const std::string& class_name, const std::string& method,
                     FunctionRef* out, int depth, const ModuleProbe* probe,
                     std::set<std::string>* wanted,
                     const FunctionSummary::Rebinding** how = nullptr) const;

  // The class a qualified name denotes, through re-exports and star imports: (module index,
  // class name).
  // With a probe, modules that could be loaded to get further are added to `wanted`.
  // Every reached call site, by the function it calls, with the function that makes it.
  using CallSites =
      std::map<FunctionRef, std::vector<std::pair<FunctionRef, const CallSite*>>>;
  CallSites ReachedCallSites(const std::map<FunctionRef, FunctionRef>& reached) const;
  // The keywords each reached function's `**kwargs` may hold (nullopt: any): those its calls
  // pass and it does not name, the ones handed on from a caller's own `**kwargs`, and those its
  // decorators' wrappers add. An entry's are the user's inputs it does not name (any without
  // --inputs).
  using KeywordsHeld = std::map<FunctionRef, std::optional<std::set<std::string>>>;
  // ArgumentsAddedByWrappers by function, each found once per DefaultedParameters.
  using WrapperAdditions = std::map<FunctionRef, std::set<std::string>>;
  KeywordsHeld KeywordsInVarKeyword(
      const CallSites& sites, const std::map<FunctionRef, std::set<std::string>>& entry_inputs,
      const std::set<FunctionRef>* entries, WrapperAdditions* wrappers) const;
  // ArgumentsAddedByWrappers(function), from `cache` when it was found before.
  const std::set<std::string>& AddedByWrappers(const FunctionRef& function,
                                               WrapperAdditions* cache) const;
  // The wrappers a decorator hands out, applied `calls` times (`@d`: 1, `@d(...)`: 2).
  std::vector<FunctionRef> ReturnedWrappers(const FunctionRef& decorator, int calls) const;
  // What the wrappers of `function`'s decorators add to the arguments of its calls
  // (FunctionSummary::adds_arguments, joined).
  std::set<std::string> ArgumentsAddedByWrappers(const FunctionRef& function) const;

  bool ResolveClass(const std::string& qualified, size_t* module, std::string* class_name,
                    int depth = 0, const ModuleProbe* probe = nullptr,
                    std::set<std::string>* wanted = nullptr) const;
  // Adds to `wanted` the modules the configuration classes of module `index`'s classes (and
  // their bases) live in that the program does not hold yet: ConfigDefaults needs them, though
  // no call reaches them.
  void WantConfigurations(size_t index, const ModuleProbe& probe,
                          std::set<std::string>* wanted) const;

  // For each class of module `index` built from a configuration class the program holds (its
  // own or a base's `class_config`): the literal defaults of that configuration's fields, its
  // bases' included (the nearest class's default wins). class -> field -> literal.
  // `overrides` (field -> literal: the configuration the user runs, `--config`) replace the
  // defaults of the fields they name, for every class built from a configuration class.
  // A field named with a path (`text_config.hidden_size`: a sub-configuration's field) replaces
  // the default only for classes built from the configuration class that path holds.
  // The `written` fields (ConfigFieldsWritten) have no default: the run holds more than one
  // value of them. A class that names no configuration class of its own is built from the one
  // `built_from` gives (ConfigurationsOfBuiltClasses).
  using BuiltFrom = std::map<std::pair<size_t, std::string>, std::string>;
  // Whether class `class_name` of module `index` is built from a configuration class (its own
  // or a base's `class_config`): one that is not takes its settings as constructor keywords.
  bool HasConfigurationClass(size_t index, const std::string& class_name) const;
  std::map<std::string, std::map<std::string, std::string>> ConfigDefaults(
      size_t index, const std::map<std::string, std::string>& overrides = {},
      const std::set<std::string>& written = {}, const BuiltFrom& built_from = {}) const;

  // The configuration class of the classes that name none themselves (`def __init__(self,
  // config):` unannotated, as most of a model's layers are) but that a class with one builds
  // with its own configuration (CallSite::built_with_config: `self.attention =
  // YosoSelfAttention(config)` in a class built from YosoConfig), through any number of such
  // steps: (module index, class) -> the qualified configuration class. A class built from two
  // different ones gets none.
  BuiltFrom ConfigurationsOfBuiltClasses() const;

  // The configuration fields the run stores on a configuration object: those the `reached`
  // functions store, and those the `__init__` of their classes does (building the model runs
  // it: T5's `decoder_config.is_decoder = True` before it builds its decoder). A class the run
  // never builds stores nothing (WhisperForCausalLM's `config.is_encoder_decoder = False`).
  std::set<std::string> ConfigFieldsWritten(
      const std::map<FunctionRef, FunctionRef>& reached) const;

  // The entry function a compiled object denotes: `Class.forward` (possibly inherited) for a
  // class, the function itself otherwise.
  bool ResolveEntry(const std::string& qualified, FunctionRef* entry, const ModuleProbe* probe,
                    std::set<std::string>* wanted) const;

  // For each reached function, the parameters with a literal default that no reached call site
  // passes (every call of DynamicCache(...) in a model omits `ddp_cache_data`): within the
  // compiled region they hold their default. A parameter passed only as a parameter of the
  // caller that holds its default holds it too. Its variadics no call fills are in the set too,
  // with their stars ("*args", "**kwargs": empty). Functions no reached call site calls
  // (entries) are left out, their callers being outside the region, unless `entry_inputs` says
  // what the user's call passes them (`--inputs`): then their other parameters hold their
  // defaults. Functions marked `entry` (every forward) are left out too, unless `entries` (the
  // run's entries) is given and does not hold them: then they are submodules, called only by
  // the calls of the program.
  std::map<FunctionRef, std::set<std::string>> DefaultedParameters(
      const std::map<FunctionRef, FunctionRef>& reached,
      const std::map<FunctionRef, std::set<std::string>>& entry_inputs = {},
      const std::set<FunctionRef>* entries = nullptr) const;
  // (An entry whose inputs are given is in the result even when it passes every parameter.)

  // `unknown` (the optional inputs of entries whose call nobody described, by entry) and the
  // parameters of other reached functions that depend on them alone: every reached call either
  // leaves the parameter out (its default) or hands on one of those unchanged, and one does
  // (`self.compute_position_ids(image_grid_thw=image_grid_thw)` in a forward given no
  // `--inputs`). Whether such a parameter is None is the user's call's to say, as the entry's is.
  std::map<FunctionRef, std::set<std::string>> UnknownInputs(
      const std::map<FunctionRef, FunctionRef>& reached,
      std::map<FunctionRef, std::set<std::string>> unknown) const;

  // The parameters of reached functions that some reached call passes a tensor, by
  // function (a helper in another module: transformers' `torch_compilable_check(cond, ...)`
  // called with a tensor condition): its file's own inference sees only its own calls.
  std::map<FunctionRef, std::set<std::string>> TensorPassedParameters(
      const std::map<FunctionRef, FunctionRef>& reached) const;

  // True when `qualified` resolves to a function disabled for Dynamo.
  bool IsDisabled(const std::string& qualified) const {
    size_t module;
    std::string function;
    if (!Resolve(qualified, &module, &function)) return false;
    const FunctionSummary* f = Find(module, function);
    return f != nullptr && f->disabled;
  }

  const ModuleSummary& module(size_t index) const { return modules_[index]; }
  size_t size() const { return modules_.size(); }
  const FunctionSummary* Find(size_t module, const std::string& name) const;

 private:
  // The fields the user gives for the sub-configuration at `path` (`text_config`,
  // `thinker_config.text_config`), and the configuration classes it may be: those of its
  // `model_type` when given, else what the configuration classes that declare the field
  // default it to.
  struct SubConfiguration {
    std::map<std::string, std::string> fields;
    std::set<std::string> model_types;
    std::set<std::string> classes;  // qualified
  };
  SubConfiguration SubConfigurationAt(const std::string& path,
                                      std::map<std::string, std::string> fields) const;
  void ApplySubConfigurations(const std::vector<SubConfiguration>& subs, size_t config_module,
                              const std::string& config_class,
                              std::map<std::string, std::string>* fields) const;

  // (Pointers into the module's star_imports.)
  std::vector<const std::string*> StarCandidates(size_t module, const std::string& name,
                                                 bool scan_others) const;
  // Calls `attempt(source, wanted)` on the star-import sources of `module` that may define
  // `name` until one says yes: first those StarCandidates names first, then, once those are all
  // read and none did, the others the export scanner finds.
  bool FromStarSources(
      size_t module, const std::string& name, std::set<std::string>* wanted,
      absl::FunctionRef<bool(const std::string&, std::set<std::string>*)> attempt) const;
  // The longest prefix of `qualified` that is a module of the program: its index, and the rest
  // of the name after it. False when none is; with a probe, a prefix that could be loaded is
  // added to `wanted` (and false returned: the next round resolves it).
  bool SplitModule(const std::string& qualified, const ModuleProbe* probe,
                   std::set<std::string>* wanted, size_t* index, std::string* rest) const;
  // "Owner@auto(AutoModel|text_config).forward" (auto_callee.h) -> "transformers.LlamaModel.forward":
  // the owner's configuration class, the default model type of that field, the class the auto
  // class's mapping gives for it. Empty when a module on the way is not held yet (then asked of
  // `probe`) or a link is not declared.
  std::vector<std::string> AutoTargets(const std::string& callee, const ModuleProbe* probe,
                                       std::set<std::string>* wanted) const;
  // An external callee as the qualified functions it denotes: a class map's or an auto build's
  // targets, any other as itself.
  std::vector<std::string> ExpandCallee(const std::string& callee, const ModuleProbe* probe,
                                        std::set<std::string>* wanted) const;
  // "pkg.mod.NAME[].rest" -> "Cls.rest" for every class of the class map NAME (through
  // re-exports); empty when the map's module is not held yet (then asked of `probe`).
  std::vector<std::string> ClassMapTargets(const std::string& callee, const ModuleProbe* probe,
                                           std::set<std::string>* wanted, int depth = 0) const;

  std::vector<ModuleSummary> modules_;
  // Per module, the last segment of each star_imports source lowercased without underscores
  // (`.qwen2_5_vl` -> "qwen25vl"), made once in Add: StarCandidates compares them with every
  // name it is asked for, and transformers.models has hundreds.
  std::vector<std::vector<std::string>> star_keys_;
  std::map<std::string, size_t> by_name_;  // dotted module name -> index
  ExportScanner export_scanner_;
};

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_PROGRAM_GRAPH_H_
