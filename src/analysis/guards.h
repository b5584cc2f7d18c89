#ifndef GBREAK_ANALYSIS_GUARDS_H_
#define GBREAK_ANALYSIS_GUARDS_H_

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string_view>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/call_index.h"
#include "analysis/function_bindings.h"
#include "program/import_table.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// The execution mode a compiled run is in. `self.training` is a constant within one run.
enum class Mode { kEval, kTrain };

// What a condition is while Dynamo traces, if that is known.
enum class Truth { kFalse, kTrue, kUnknown };

// The truths of the conditions of one file already evaluated, per mode. Folding a name can walk
// the whole file (a parameter default no caller overrides, a module constant), and the same
// conditions are asked about for every finding under them, so one file keeps one cache (in its
// CompiledRegion). Keys are tree nodes: a cache must not outlive its tree.
class TruthCache {
 public:
  const Truth* Find(TSNode node, Mode mode) const {
    auto it = truths_.find(Key(node, mode));
    return it == truths_.end() ? nullptr : &it->second;
  }
  void Put(TSNode node, Mode mode, Truth truth) { truths_[Key(node, mode)] = truth; }
  // Per block: the start byte of its first statement that ends the traced path (a return, a
  // raise, an `if <true while compiling>: return`), so a block is scanned once, not per finding.
  const uint32_t* FindExit(TSNode block, Mode mode) const {
    auto it = exits_.find(Key(block, mode));
    return it == exits_.end() ? nullptr : &it->second;
  }
  void PutExit(TSNode block, Mode mode, uint32_t start) { exits_[Key(block, mode)] = start; }
  // Per if statement: the start byte of its first clause whose test is true (guards.cc).
  const uint32_t* FindFirstTrue(TSNode if_statement, Mode mode) const {
    auto it = first_true_.find(Key(if_statement, mode));
    return it == first_true_.end() ? nullptr : &it->second;
  }
  void PutFirstTrue(TSNode if_statement, Mode mode, uint32_t start) {
    first_true_[Key(if_statement, mode)] = start;
  }
  // Per node: whether IsGuardedAway holds for it.
  const bool* FindGuarded(TSNode node, Mode mode) const {
    auto it = guarded_.find(Key(node, mode));
    return it == guarded_.end() ? nullptr : &it->second;
  }
  void PutGuarded(TSNode node, Mode mode, bool guarded) { guarded_[Key(node, mode)] = guarded; }
  // Parameters the program-wide call graph found no call in the region passes (function start
  // byte -> names): they hold their literal default. Setting them forgets what was folded.
  void SetDefaulted(std::map<uint32_t, std::set<std::string>> defaulted) {
    defaulted_ = std::move(defaulted);
    ForgetFolds();
  }
  // Functions the program-wide call graph saw every reached call of, in any module (function
  // start bytes): what they are passed is IsDefaulted's answer, not their own file's calls'.
  void SetCallsKnown(std::set<uint32_t> functions) {
    calls_known_ = std::move(functions);
    ForgetFolds();
  }
  bool CallsKnown(uint32_t function_start) const { return calls_known_.contains(function_start); }
  // Of those, the functions whose every reached call is in this file: what this file's calls
  // pass is all they are passed.
  void SetCallsHere(std::set<uint32_t> functions) {
    calls_here_ = std::move(functions);
    ForgetFolds();
  }
  bool CallsHere(uint32_t function_start) const { return calls_here_.contains(function_start); }
  // What the configuration fields of each class's configuration default to (class name ->
  // field -> literal as written), from the program graph (ProgramGraph::ConfigDefaults): reads of
  // `config.x` / `self.config.x` (and attributes copied from them in __init__) fold to them.
  void SetConfigDefaults(std::map<std::string, std::map<std::string, std::string>> defaults) {
    config_defaults_ = std::move(defaults);
    ForgetFolds();
  }
  const std::string* ConfigDefault(std::string_view class_name, std::string_view field) const {
    auto c = config_defaults_.find(std::string(class_name));
    if (c == config_defaults_.end()) return nullptr;
    auto f = c->second.find(std::string(field));
    return f == c->second.end() ? nullptr : &f->second;
  }
  // The optional inputs of entries whose call the user did not describe (no --inputs): function
  // start byte -> parameters with a literal default. Whether `if pixel_values is not None:`
  // runs there depends on that call: code under it carries the condition (branch_conditions.h).
  void SetUnknownInputs(std::map<uint32_t, std::set<std::string>> inputs) {
    unknown_inputs_ = std::move(inputs);
  }
  bool IsUnknownInput(uint32_t function_start, std::string_view name) const {
    auto it = unknown_inputs_.find(function_start);
    return it != unknown_inputs_.end() && it->second.contains(std::string(name));
  }
  bool IsDefaulted(uint32_t function_start, const std::string& name) const {
    auto it = defaulted_.find(function_start);
    return it != defaulted_.end() && it->second.contains(name);
  }
  // The literal every reached call passes parameter `name` of the function, as written
  // (`"original_full"`, `2`: LiteralHeldName), if the program graph found one.
  std::optional<std::string> HeldLiteral(uint32_t function_start, std::string_view name) const;
  // The calls of the file by their callee's text (`f`, `self.f`, `Net`): folding a defaulted
  // parameter asks for a function's call sites once per condition. From the file's shared index
  // when one was given, else from an index of `root` made here.
  void UseCallIndex(CallIndex* index) { index_ = index; }
  CallIndex* call_index() const { return index_; }
  const std::vector<TSNode>& CallsTo(TSNode root, std::string_view text, std::string_view callee);
  // What the file's functions bind, by name (analysis/function_bindings.h): the file's shared
  // index when one was given, else one made here for `text`.
  void UseBindingIndex(BindingIndex* index) { bindings_ = index; }
  BindingIndex& Bindings(std::string_view text) {
    if (bindings_ == nullptr) {
      own_bindings_ = std::make_unique<BindingIndex>(text);
      bindings_ = own_bindings_.get();
    }
    return *bindings_;
  }
  // The module-level `name = value` statements of the file `root` is the tree of, by the text
  // of their target: how many there are, and the value of the last. Gathered on first use.
  struct ModuleAssignment {
    int count = 0;
    TSNode value{};
  };
  using ModuleAssignments = std::map<std::string, ModuleAssignment, std::less<>>;
  const ModuleAssignments& AssignedAtModuleLevel(TSNode root, std::string_view text);
  // The `self.<name> = value` (and augmented) assignments in a class's body, by name: how many
  // (an augmented one counts two), and the value and function of the last. Assignments in a
  // setter nothing in the class calls (a public method such as `set_chunk_feed_forward`) are
  // left out: the model is analyzed as built.
  struct SelfAssignment {
    int count = 0;
    TSNode value{};
    TSNode function{};
  };
  using SelfAssignments = std::map<std::string, SelfAssignment, std::less<>>;
  const SelfAssignments& AssignedToSelf(TSNode class_definition, std::string_view text);
  // Those two depend on the tree alone, not on the facts a cache folds under: a cache made for
  // one hypothesis (CompiledRegion::DefaultGuards makes one per parameter held at its default,
  // per function) asks `base`, the file's cache, instead of walking the class bodies again.
  void ShareAssignmentsWith(TruthCache* base) { assignments_base_ = base; }

  // A question about `name` at `node` that folding asks while answering it (a fill guarded by a
  // test of the same collection): BeginAsking is false when it is already being asked, and the
  // asker gives up (unknown) instead of recursing for ever; EndAsking when answered.
  bool BeginAsking(int question, TSNode node, std::string_view name, Mode mode) {
    return asking_.emplace(question, ts_node_start_byte(node), std::string(name),
                           static_cast<int>(mode)).second;
  }
  void EndAsking(int question, TSNode node, std::string_view name, Mode mode) {
    asking_.erase({question, ts_node_start_byte(node), std::string(name), static_cast<int>(mode)});
  }

  // Comparisons whose truth differs from one instance of a class to the next: they read a
  // per-layer list of the configuration at an index only the running layer knows
  // (`self.layer_type == "sliding_attention"` with `self.layer_type =
  // config.layer_types[layer_idx]` and a `layer_types` holding both kinds). Neither arm folds,
  // and both run in some layer of the model, so the test is no condition on what runs.
  void PutVaries(TSNode comparison, Mode mode) { varies_.insert(Key(comparison, mode)); }
  bool Varies(TSNode comparison, Mode mode) const {
    return varies_.contains(Key(comparison, mode));
  }

 private:
  // What was folded under the facts before: truths, exits, clauses, guarded nodes.
  void ForgetFolds() {
    varies_.clear();
    truths_.clear();
    exits_.clear();
    first_true_.clear();
    guarded_.clear();
  }
  static std::tuple<const void*, uint32_t, int> Key(TSNode node, Mode mode) {
    return {node.id, ts_node_start_byte(node), static_cast<int>(mode)};
  }
  std::map<std::tuple<const void*, uint32_t, int>, Truth> truths_;
  std::set<std::tuple<const void*, uint32_t, int>> varies_;
  std::map<std::tuple<const void*, uint32_t, int>, uint32_t> exits_;
  std::map<std::tuple<const void*, uint32_t, int>, uint32_t> first_true_;
  std::map<std::tuple<const void*, uint32_t, int>, bool> guarded_;
  std::map<uint32_t, std::set<std::string>> defaulted_;
  std::set<uint32_t> calls_known_;
  std::set<uint32_t> calls_here_;
  std::map<uint32_t, std::set<std::string>> unknown_inputs_;
  std::map<std::string, std::map<std::string, std::string>> config_defaults_;
  CallIndex* index_ = nullptr;
  std::unique_ptr<CallIndex> own_index_;
  BindingIndex* bindings_ = nullptr;
  std::unique_ptr<BindingIndex> own_bindings_;
  std::unique_ptr<ModuleAssignments> module_assignments_;
  std::map<uint32_t, SelfAssignments> self_assignments_;  // by class start byte
  TruthCache* assignments_base_ = nullptr;
  std::set<std::tuple<int, uint32_t, std::string, int>> asking_;
};

// Evaluates conditions the way Dynamo does while tracing: torch.compiler.is_compiling() (and
// torch._dynamo.is_compiling(), transformers' is_torchdynamo_compiling(), ...) is True;
// torch.jit.is_scripting()/is_tracing(), torch.onnx.is_in_onnx_export() and TYPE_CHECKING are
// False; `self.training` is the mode's value; `not`, `and`, `or`, literals and a local variable
// assigned once from such a call fold as Python folds them.
//
// Dtype tests fold for the dtype the run uses: by default a float32 run (PyTorch's default
// dtype), where `x.dtype == torch.float16` / `torch.bfloat16` / `torch.half` is False (and `!=`,
// `not in` True); with `reduced_precision` (`--dtype float16|bfloat16`) they stay unknown.
// The `x` of `isinstance(x, torch.Tensor)` (the class resolved through the imports); null for
// any other expression.
TSNode TensorTypeTestSubject(TSNode call, std::string_view text, const ImportTable& imports);

Truth EvaluateUnderCompile(TSNode condition, std::string_view text, const ImportTable& imports,
                           Mode mode, TruthCache* cache = nullptr,
                           bool reduced_precision = false);

// True when Dynamo never traces `node` in `mode`: it sits in an if/elif/else branch or a
// conditional-expression arm whose condition folds the other way, or after an
// `if <true under compile>: return/raise` in an enclosing block.
bool IsGuardedAway(TSNode node, std::string_view text, const ImportTable& imports, Mode mode,
                   TruthCache* cache = nullptr, bool reduced_precision = false);

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_GUARDS_H_
