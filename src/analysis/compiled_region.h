#ifndef GBREAK_ANALYSIS_COMPILED_REGION_H_
#define GBREAK_ANALYSIS_COMPILED_REGION_H_

#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "analysis/definition_index.h"
#include "analysis/guards.h"
#include "analysis/loop_elements.h"
#include "program/import_table.h"
#include "program/program_graph.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// How to decide what is compiled.
struct RegionOptions {
  // Which execution modes to analyze (`--mode`). `self.training` branches are folded per mode.
  bool eval = true;
  bool train = true;
  // Keep code this file does not reach from its own entries: another file may call it, and the
  // program-wide call graph decides later (whole-tree and entry runs over several files).
  bool defer_reachability = false;
  // The run is in float16/bfloat16 (`--dtype`): `x.dtype == torch.float16` tests do not fold.
  bool reduced_precision = false;
  // Note which call arguments are tensors in the summaries (CallSite::tensor_arguments): entry
  // runs tell each file which parameters a call from another module passes a tensor. It asks
  // the value inference about every argument, so a whole-tree run, which does not use it,
  // leaves it off.
  bool note_tensor_arguments = false;
};

// Where Dynamo traces in one file.
//
// Entries: the `forward` method of every class (what Dynamo traces when an nn.Module is compiled),
// functions decorated with torch.compile, and functions passed to torch.compile(...). From there
// the region closes over the calls Dynamo inlines that this file can resolve: module functions,
// `self.method(...)`, `super().method(...)` and `Base.method(self, ...)` of classes in the file,
// and functions nested in a traced one. Functions decorated with (or rebound to)
// torch.compiler.disable / torch._dynamo.disable are not entered, and branches Dynamo never takes
// (is_compiling() guards, TYPE_CHECKING, the other mode's `self.training` arm) are left out.
// Functions this file does not reach may still be reached from another file; Location says
// which, so the program-wide call graph can settle them.
//
// The implementation is split by concept: compiled_region.cc (entries, disabled functions,
// callees, reachability, property reads, decorator wrappers), compiled_region_attributes.cc (what
// a parameter or `self.<attr>` holds), compiled_region_external.cc (calls into other modules),
// compiled_region_configuration.cc (configuration classes, call conditions) and
// compiled_region_summary.cc (the file's summary for the program graph).
class CompiledRegion {
 public:
  CompiledRegion(TSNode root, std::string_view text, const ImportTable& imports,
                 RegionOptions options);

  struct Location {
    bool traced = false;     // inside some function, not guarded away in every selected mode
    bool eval = false;       // traced in eval mode
    bool train = false;      // traced in train mode
    bool reachable = false;  // its function is reached from an entry of this file
    TSNode function{};       // the innermost enclosing function
    // The module-level function or method whose call reaches this code (through nested functions
    // it refers to); null when a nested function on the way is never used.
    TSNode outermost{};
  };
  Location Locate(TSNode node);

  bool IsDisabled(TSNode function) const;
  // Disabled with recursive=False: skipped itself, but its callees are compiled.
  bool IsDisabledOwnFrameOnly(TSNode function) const;
  // The folded conditions of this file (guards.h), shared by every question about it.
  TruthCache* truth_cache() { return &truth_cache_; }
  // What the file's functions bind (analysis/function_bindings.h): the region's own index until
  // the file's shared one is given. Its guard folding asks the same index.
  void UseBindingIndex(BindingIndex* index) {
    bindings_ = index;
    truth_cache_.UseBindingIndex(index);
  }
  BindingIndex& bindings() const { return *bindings_; }
  bool defers_reachability() const { return options_.defer_reachability; }
  // The dotted module name Summarize() was given ("" before, or when unknown), and whether the
  // file is a package's __init__.
  const std::string& module() const { return module_; }
  bool is_package() const { return is_package_; }
  const RegionOptions& options() const { return options_; }
  // True when `call` invokes a function of this file that Dynamo skips (decorated with, or
  // rebound to, torch.compiler.disable): the call site itself is the graph break.
  bool CallsDisabled(TSNode call);
  // The function a call invokes, if this file defines it (null otherwise).
  TSNode CalleeOf(TSNode call);
  // The functions of this file a call may run: its callee, the overrides in subclasses of a
  // `self.method(...)`, the method of a `self.<attr>.method(...)` whose class __init__ assigned,
  // and functions handed to it as arguments (torch.cond branches, checkpointed functions).
  // Kept: a whole-tree run asks twice per call (reachability here, then the file's summary).
  const std::vector<TSNode>& LocalTargetsOf(TSNode call);
  // The qualified name of the function of another module a call invokes by an imported name
  // (`kernels.flash_attn_func(...)` -> "pkg.kernels.flash_attn_func"); "" for calls of this
  // file, of torch and of builtins. Qualified against the module Summarize() was given.
  std::string ExternalCallee(TSNode call);
  // The module object an import statement hands the function it runs in (IMPORT_NAME's result):
  // the top-level package of `import a.b` (and of `import a.b as c`, which then reads
  // attributes of it), the module named by `from a.b import c`, the package `from .. import c`
  // names. "" when it cannot be named: a relative import in a file whose module is unknown. Of
  // `import a, b`, the first. Qualified against the module Summarize() was given.
  std::string ImportedModule(TSNode statement) const;
  // The qualified name of a function in this file ("Net.forward", "helper", "outer.inner").
  std::string QualifiedName(TSNode function) const;
  // The top-level class of this file named `name`; null when there is none.
  TSNode ClassNamed(std::string_view name) const;

  // The fields `function` stores on a configuration object (`decoder_config.is_decoder = True`,
  // `setattr(config, "x", v)`): FunctionSummary::config_fields_written.
  std::vector<std::string> ConfigurationFieldsWritten(TSNode function) const;
  // ImportedModule of each import statement in the function's own code (not in functions
  // nested in it), in order.
  std::vector<std::string> ImportedModulesIn(TSNode function) const;
  // This file's part of the program-wide call graph (`module` is its dotted name).
  ModuleSummary Summarize(const std::string& path, const std::string& module, bool is_package);
  // Parameters the program-wide graph found no call in the region passes (function start byte
  // -> names): conditions on them fold to their defaults (`if ddp_cache_data is not None:`).
  void SetDefaultedParameters(std::map<uint32_t, std::set<std::string>> defaulted);
  // Whether an expression is a tensor (the file's value inference): call sites in summaries
  // note which arguments are (CallSite::tensor_arguments).
  void UseTensorTest(std::function<bool(TSNode)> is_tensor) { is_tensor_ = std::move(is_tensor); }

  // Classes instantiated into `self.<attr>` in a class's __init__, or its same-file bases' (the callee expressions:
  // `Linear`, `nn.LSTM`, `Block` of `ModuleList([Block(c) ...])`), by attribute.
  using AttributeClasses = std::map<std::string, std::vector<TSNode>, std::less<>>;
  const AttributeClasses& AttributeClassesOf(TSNode class_definition) const;
  // When `name` (an identifier) holds each element of `for name in self.<attribute>:` (also through
  // enumerate, zip and a slice): that `self.<attribute>`, whose elements __init__ built. Else null.
  TSNode LoopedContainer(TSNode name);
  // Adds what `init` (an __init__) assigns to each `self.<attr>` (AttributeClassesOf).
  void AddInitAttributes(TSNode init, AttributeClasses* attributes) const;
  // The class of this file parameter `parameter` of `function` is annotated with (`processor:
  // "AttnProcessor"`, `Optional[Block]`), as its name node; null for any other annotation.
  TSNode AnnotatedClass(TSNode function, std::string_view parameter) const;
  // The imported class the parameter `name` of the function around `at` is annotated with
  // (`config: PreTrainedConfig | None`), as written, when the function never rebinds it; null
  // for any other annotation.
  TSNode ImportedClassAnnotating(TSNode at, std::string_view name) const;

  // The calls in this file of instances of `class_definition` (a class of this file) that other
  // classes build in __init__ (`self.layers = nn.ModuleList([Layer() ...])`, then
  // `layer(h, flag)`): the submodule calls of their methods; a null node for an instance handed
  // elsewhere. Gathered for every class of the file on first use.
  const std::vector<TSNode>& CallsOfModule(TSNode class_definition);

 private:
  TSNode ResolveCallee(TSNode call);  // CalleeOf, uncached
  void FindEntriesAndDisabled();
  // What `call` (a torch.compile(x) or x.compile() call) compiles when x is not a function of
  // this file: the class or function x was built from, as qualified names.
  std::vector<std::string> CompiledObjectNames(TSNode call, bool method_compile) const;
  // The value last assigned to a plain name anywhere in the file (`model = Net(config)`).
  TSNode AssignedValue(std::string_view name) const;
  void ComputeReachable();
  std::vector<TSNode> CallsIn(TSNode function) const;
  TSNode MethodOf(TSNode class_definition, std::string_view name, int depth) const;
  TSNode FindMethod(TSNode class_definition, std::string_view name, int depth) const;
  TSNode ModuleFunction(std::string_view name) const;
  // A function Dynamo calls while tracing and never enters (assume_constant_result, or a
  // decorator of this module that sets `_dynamo_marked_constant`).
  bool IsConstantResult(TSNode function) const;
  bool MarksConstant(TSNode decorator) const;
  // The function `name` denotes at `at`: nested in an enclosing function, else of the module.
  TSNode FunctionVisibleAt(TSNode at, std::string_view name) const;
  // definitions_.In(container, type) (analysis/definition_index.h).
  using Definitions = DefinitionIndex::Definitions;
  const Definitions& DefinitionsIn(TSNode container, std::string_view type) const;
  // The classes a module-level dict of classes maps to (`ATTENTION_CLASSES = {"sdpa": Sdpa,
  // ...}`): its value expressions, empty when `name` is no such dict.
  std::vector<TSNode> ClassMapValues(std::string_view name) const;
  // All of them: a module's submodules.
  std::vector<TSNode> SubmoduleClassCalls(TSNode class_definition) const;
  // The top-level classes of this file (by name, first wins), found once: by the methods their
  // bodies define, and those with several bases.
  struct ClassIndex {
    std::map<std::string, std::vector<TSNode>, std::less<>> by_method;
    std::vector<TSNode> multi_base;
  };
  const ClassIndex& Classes() const;
  // Whether `cls` derives from the class named `ancestor` through bases named in this file,
  // directly or not. `known` keeps the answers found on the way, for the next question about the
  // same ancestor.
  bool DerivesFrom(TSNode cls, std::string_view ancestor,
                   std::map<const void*, bool>& known) const;
  // The subclasses of `owner` in this file whose `method` may differ from what their bases run:
  // those that define it, and those with several bases. In document order.
  std::vector<TSNode> OverridingSubclasses(TSNode owner, std::string_view method) const;
  // The nested functions `function` hands out with `return name` (a decorator's wrapper).
  // `return decorate(fn)` hands out what the nested `decorate` returns.
  std::vector<TSNode> ClosuresReturnedBy(TSNode function, int depth = 0) const;
  // A closure that runs in place of the function it wraps: `@functools.wraps(fn)`, or it calls
  // a parameter of the function that made it.
  bool IsWrapper(TSNode closure) const;
  // A closure's calls of a parameter of the function that made it (the function it wraps).
  std::vector<TSNode> WrappedCalls(TSNode closure) const;
  // What a wrapper adds to its caller's arguments when it calls the function it wraps
  // (FunctionSummary::adds_arguments).
  std::vector<std::string> AddedArgumentsOf(TSNode wrapper) const;
  std::vector<TSNode> FindLocalTargets(TSNode call);
  // Attribute reads in `function` that may run a property getter: `self.p` and `self.<attr>.p`
  // neither called nor assigned to (nested classes left out).
  std::vector<TSNode> PropertyReadsIn(TSNode function) const;
  // The getters of this file such a read runs: a property of the method's class (or of a
  // subclass overriding it), or of the class __init__ assigned to `self.<attr>`.
  std::vector<TSNode> LocalPropertyTargets(TSNode read) const;
  // The getters of other modules it may run, as PropertyReadName callees: `self.<attr>.p` of a
  // class imported (or inherited from one) that __init__ assigned. `self.p` of a base of another
  // module is left out: every `self.<name>` read of every method would be asked of the program
  // graph, while what real models read that way (`self.device`, `self.dtype`) traces.
  void AddExternalPropertyTargets(TSNode read, TSNode owner,
                                  const std::function<std::string(const std::string&)>& qualify,
                                  const std::string& module, std::vector<std::string>* out) const;
  // What calling a decorated function runs first: the wrappers its decorators of this file
  // return (`@timed` -> timed's `wrapper`; `@deprecated("...")` -> the wrapper of the
  // decorator it returns).
  std::vector<TSNode> LocalDecoratorWrappers(TSNode function);
  // The same for decorators of other modules, as qualified names with one "()" per call the
  // program graph must follow: `@timed` -> "pkg.decorators.timed()".
  std::vector<std::string> ExternalDecoratorCalls(TSNode function, const std::string& module,
                                                  bool is_package) const;
  // The targets of `call` in other modules, as qualified names for the program graph.
  void AddExternalTargets(TSNode call, TSNode owner, const std::vector<std::string>& owner_bases,
                          const std::function<std::string(const std::string&)>& qualify,
                          const std::string& module, std::vector<std::string>* out);
  // The forwards of the classes of a class map `self.x = MAP[key](...)` builds: local ones, or
  // "pkg.MAP[].forward" for an imported map.
  // The callee text of `method` on the submodule an auto class builds
  // (`AutoModel.from_config(config.text_config)` in `owner`'s __init__), for the program graph
  // to resolve (program/auto_callee.h); "" when the call is no such build.
  std::string AutoCalleeFor(TSNode from_config_call, TSNode owner,
                            const std::function<std::string(const std::string&)>& qualify,
                            const std::string& method) const;
  void AddClassMapForwards(std::string_view map,
                           const std::function<std::string(const std::string&)>& qualify,
                           FunctionSummary* f) const;
  // The parameters of `function` with a literal default, with the position a caller passes
  // them at (self not counted; keyword-only ones at INT_MAX).
  std::vector<std::pair<std::string, int>> LiteralDefaults(TSNode function) const;
  // What a caller can pass `function` (FunctionSummary::Signature).
  FunctionSummary::Signature SignatureOf(TSNode function) const;
  // What `call` passes, for each function it may call outside this file's own resolution.
  // `parameters`: the caller's unrebound parameters (UnreboundParameters), for
  // CallSite::forwarded.
  void AddCallSites(TSNode call, const std::vector<std::string>& owner_bases,
                    const std::function<std::string(const std::string&)>& qualify,
                    const std::set<std::string>& parameters, std::vector<CallSite>* out);
  // The arguments `call` (made in `caller`) passes, as a CallSite without its callee.
  CallSite ArgumentsOf(TSNode call, TSNode caller, const std::set<std::string>& parameters) const;
  // What a `*x` / `**x` argument in `caller` hands on (CallSite::splat_sources): "*args" /
  // "**kwargs" for the caller's own variadics, a parameter's name, or "" when it may hold
  // anything.
  // A local bound once to a dict comprehension that keeps the keys of such a source
  // (`kwargs_encoder = {k: v for k, v in kwargs.items() if ...}`) hands on part of it: nothing
  // when it is empty, never a key it lacks.
  std::string SplatSource(TSNode splat, TSNode caller) const;
  std::string NameSource(std::string_view name, TSNode caller, int depth) const;
  // The source (NameSource) of what a dict comprehension iterates, when it keeps the keys as
  // they are; "" otherwise.
  std::string ComprehensionSource(TSNode comprehension, TSNode caller, int depth) const;
  // The calls of submodule `self.<attr>` in `function` (`self.ff(x)`, `self.ff.forward(x)`), by
  // attribute; an attribute `function` uses otherwise (iterates, indexes, hands on) maps to a
  // null node among them: it may be called in ways no call site shows.
  // Loops over a container of them (`for i, m in enumerate(self.layers): m(x)`) and indexing
  // (`self.layers[i](x)`) count as calls; code guarded away in the run calls nothing.
  // Computed once per function (both the function's own summary and its class's CallsOfModule
  // ask).
  using SubmoduleCalls = std::map<std::string, std::vector<TSNode>, std::less<>>;
  const SubmoduleCalls& SubmoduleCallsIn(TSNode function);
  SubmoduleCalls FindSubmoduleCalls(TSNode function);
  // Whether a submodule's constructor (the class named in a call, in an `__init__`) passes that
  // `__init__`'s own configuration on: `config` (never rebound there) or `self.config`, as the
  // first positional argument or as `config=` (CallSite::built_with_config).
  bool PassesOwnConfiguration(TSNode constructor) const;
  // The call sites of the submodules' forwards in method `function` of `owner`, and their
  // forwards as callees of `f` (local or external).
  void AddSubmoduleCalls(TSNode function, TSNode owner,
                         const std::function<std::string(const std::string&)>& qualify,
                         const std::set<std::string>& parameters, FunctionSummary* f);
  // The literal-default parameters of `function` (`defaults`) any of which, holding its
  // default, keeps `call` from running in every traced mode: `if pixel_values is not None:`.
  // Only those among `named` (ConditionNames) are tried. `hypotheses` keeps one fold cache per
  // parameter, for the next call of the same function.
  // The function's variadics are tried too, each alone and together ("*args **kwargs").
  std::vector<std::string> DefaultGuards(
      TSNode function, TSNode call, const std::vector<std::pair<std::string, int>>& defaults,
      const FunctionSummary::Signature& signature,
      const std::set<std::string, std::less<>>& named,
      std::map<std::string, std::unique_ptr<TruthCache>>* hypotheses);
  // The names a function's if/elif/conditional-expression conditions mention (nested functions
  // and classes left out).
  std::set<std::string, std::less<>> ConditionNames(TSNode function) const;
  // The methods `function` replaces on an object it is given, with the nested function it puts
  // there (`experts_class.forward = forward` in a class decorator), and whether that function
  // runs the original it saved (`original = experts_class.forward`): always, or when the call
  // it hands the original to (a registry lookup's default) gives it back.
  struct Rebound {
    TSNode replacement{};
    bool runs_original = false;
    std::string original_when;  // the call's text
  };
  std::map<std::string, Rebound> MethodsRebound(TSNode function) const;
  // A class's part of the configuration model (ModuleSummary::class_fields, class_config).
  void SummarizeConfiguration(TSNode class_definition, const std::string& class_name,
                              const std::function<std::string(const std::string&)>& qualify,
                              ModuleSummary* summary) const;
  // Whether `object` is a model configuration: `config`, `<anything>.config`, what one holds
  // (`config.text_config`), a copy of one (`copy.deepcopy(config)`), what its methods return, or
  // a local of `function` bound to any of these.
  bool IsConfigurationObject(TSNode object, TSNode function, int depth) const;
  // The qualified class a type annotation or expression names (`BartConfig | None`).
  std::string ClassNamedBy(TSNode type,
                           const std::function<std::string(const std::string&)>& qualify,
                           const std::string& module) const;
  // A node's text on one line (runs of whitespace as one space), cut at `limit` characters.
  std::string CollapsedText(TSNode node, size_t limit) const;
  // The parameters of `function` that hold what the call gave wherever they hold their default:
  // never rebound, or (a None default) rebound only under `if p is not None:`. An argument
  // naming one hands on the function's default when the function was given none.
  std::set<std::string> UnreboundParameters(TSNode function) const;
  // Records `torch.compiler.disable(...)` applied through an assignment.
  void NoteDisabledAssignment(TSNode disable_call);
  bool IsReferencedIn(TSNode outer, TSNode nested) const;
  static uint32_t Key(TSNode n) { return ts_node_start_byte(n); }

  TSNode root_;
  std::string_view text_;
  const ImportTable& imports_;
  RegionOptions options_;
  std::vector<TSNode> entries_;
  std::set<uint32_t> disabled_;                 // function start bytes
  std::set<uint32_t> constant_result_;          // marked compile-time constants: called, not traced
  std::set<std::string> disabled_names_;        // module-level names rebound to disable(...)
  std::map<std::pair<uint32_t, uint32_t>, TSNode> callees_;  // CalleeOf, by the call's bytes
  absl::flat_hash_map<const void*, std::vector<TSNode>> local_targets_;  // by the call's node id
  // `@torch.compiler.disable(recursive=False)`: only the function's own frame is skipped; what it
  // calls is compiled as frames of their own.
  std::set<uint32_t> disabled_own_frame_only_;
  // `f = torch.compiler.disable(...)` in a function: (function start byte, name).
  std::set<std::pair<uint32_t, std::string>> disabled_locals_;
  // `self.block.forward = torch.compiler.disable(...)` in a method: (class start byte, "block").
  std::set<std::pair<uint32_t, std::string>> disabled_attributes_;
  mutable std::map<uint32_t, AttributeClasses> attribute_classes_;  // by class start byte
  // LoopedContainer's index of each function asked about, by the function's node id.
  absl::flat_hash_map<const void*, std::unique_ptr<LoopElements>> loop_elements_;
  // CallsOfModule's answers, by class start byte; empty until first asked.
  std::optional<std::map<uint32_t, std::vector<TSNode>>> module_calls_;
  std::map<uint32_t, SubmoduleCalls> submodule_calls_;  // by function start byte
  mutable std::unique_ptr<ClassIndex> classes_;
  std::vector<std::string> compiled_objects_;   // qualified classes/functions compiled by calls
  std::vector<int> compiled_lines_;             // the line of each one's compile call
  std::map<uint32_t, bool> reachable_;          // function start byte -> reached
  bool computed_ = false;
  std::string module_;      // as given to Summarize, for ExternalCallee
  bool is_package_ = false;
  TruthCache truth_cache_;
  std::unique_ptr<BindingIndex> own_bindings_;
  BindingIndex* bindings_;
  std::function<bool(TSNode)> is_tensor_;
  DefinitionIndex definitions_;
  // MethodOf(class, name, 0), by class node then name: summaries and reachability ask alike.
  mutable std::map<const void*, std::map<std::string, TSNode, std::less<>>> methods_;
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_COMPILED_REGION_H_
