#ifndef GBREAK_ANALYSIS_VALUE_INFERENCE_H_
#define GBREAK_ANALYSIS_VALUE_INFERENCE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/call_index.h"
#include "analysis/definition_index.h"
#include "analysis/guards.h"
#include "analysis/isinstance_narrowing.h"
#include "analysis/value.h"
#include "program/import_table.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// A small abstract interpretation over one file: the Value of any expression, from the function
// it sits in, which is what tells `if x.sum() > 0` (a tensor test: a break) from
// `if x.shape[0] > 8` (a size test: a guard, no break) in model code. A read of a variable sees
// the assignments that can reach it in source order (those before it, and in a loop those after
// it too), less those a later assignment that surely ran in between hides (`n = n.item()`: below,
// n is a number); a closure's read sees them all (BindingSite). Functions are analyzed when first asked about;
// one analyzed midway through another's analysis (a helper, at a call in its caller) is analyzed
// again if what it read there changes, so answers do not depend on the order of the questions.
//
// Sources of knowledge:
//  - parameters of a `forward` method or a `@torch.compile` function are tensors unless annotated
//    or defaulted otherwise; other functions' parameters join the arguments of their calls in
//    this file;
//  - torch.* and tensor-method results are tensors, except the documented non-tensor ones (sizes,
//    dtypes, predicates such as is_floating_point, .item(), torch.equal);
//  - arithmetic and comparisons with a tensor operand are tensors;
//  - `self.<attr>` from `__init__` (and other methods' assignments, each evaluated in its
//    method): submodules are modules (calling one gives a tensor),
//    nn.Parameter / register_buffer / torch.* values are tensors, config values constants;
//    `self.training` is a constant;
//  - calls of functions and methods defined in this file return their return statements' join.
class ValueInference {
 public:
  // `calls`: the file's call index (shared with the guard folding).
  ValueInference(TSNode root, std::string_view text, const ImportTable& imports, CallIndex& calls);
  ~ValueInference();
  ValueInference(const ValueInference&) = delete;
  ValueInference& operator=(const ValueInference&) = delete;

  // The value of `expression`, evaluated in the function that contains it.
  Value Evaluate(TSNode expression);
  // The modes the run traces (--mode): an assignment Dynamo never runs in any of them (under
  // `if self.training:` in an eval run, or under a guard that folds under compile) binds nothing.
  // Set before the first Evaluate.
  void SetModes(bool eval, bool train) {
    eval_ = eval;
    train_ = train;
  }

  // True when `function` is a compiled entry whose unannotated parameters are tensors: a method
  // named `forward`, or a function decorated with torch.compile.
  bool IsTensorEntry(TSNode function);
  // Whether the file imports numpy: only then can its constructors receive numpy scalars.
  bool ImportsNumpy();

  // The calls in this file of the instances of a module class (`layer(h, output_attentions)`
  // for `self.layers = nn.ModuleList([Layer() ...])`), from the compiled region's submodule
  // calls; a null node stands for an instance handed elsewhere, called with anything. Set by
  // FileFacts: a forward's unannotated parameter takes the kinds its module's callers pass
  // (a flag, not a tensor) before it is assumed to be a tensor.
  using ModuleCallFinder = std::function<std::vector<TSNode>(TSNode class_definition)>;
  void SetModuleCalls(ModuleCallFinder finder) { module_calls_ = std::move(finder); }
  // The parameters some reached call passes a tensor, including calls in other modules
  // (function start byte -> names; the program-wide graph's TensorPassedParameters).
  void SetTensorPassed(std::map<uint32_t, std::set<std::string>> passed) {
    tensor_passed_ = std::move(passed);
    ForgetAnalyses();
  }
  // The parameters no reached call passes (function start byte -> names; the program-wide
  // graph's DefaultedParameters, with what an entry's --inputs leave out): such a parameter
  // holds its default (`guidance: torch.Tensor = None` the call does not pass is None), and
  // the tests of it fold when deciding which assignments run. Set before the first Evaluate.
  void SetDefaulted(std::map<uint32_t, std::set<std::string>> defaulted) {
    truths_.SetDefaulted(std::move(defaulted));
    ForgetAnalyses();
  }
  // Whether some reached call passes parameter `name` of `function` a tensor.
  bool TensorPassed(TSNode function, std::string_view name) const {
    auto it = tensor_passed_.find(ts_node_start_byte(function));
    return it != tensor_passed_.end() && it->second.contains(std::string(name));
  }

 private:
  struct Scope;
  struct ClassInfo;

  // Drops what was analyzed under the facts known before (the file's summary for the program
  // graph evaluates values before the program-wide facts arrive): asked again, it is analyzed
  // under the new ones.
  void ForgetAnalyses();
  Scope& ScopeOf(TSNode function);  // null node: module level
  void Analyze(Scope& scope);
  void AnalyzeBindings(Scope& scope);
  // `name` was read from `read` while its analysis is under way, on behalf of the analyses
  // started since (`seen`: the value then, null if unbound): each of them keeps what it saw.
  void NotePartialRead(const Scope& read, const std::string& name, uint32_t at,
                       const std::optional<Value>& seen);
  // Whether what `scope`'s analysis read mid-analysis from other scopes is final and unchanged
  // (fresh), has changed (stale), or may still change (pending: one is still being analyzed).
  enum class Staleness { kFresh, kStale, kPending };
  Staleness StalenessOf(const Scope& scope, int depth) const;
  // Where a binding takes effect (after its right-hand side), and the outermost loop of the
  // function around it (a for/while statement or a comprehension; 0..0 when none): a read sees
  // the bindings before it, and, inside that loop, those after it (the next iteration's).
  // `covers_end`: the end of the block the binding surely runs in before any read up to there
  // (the rest of its block; a for loop's body), which hides the bindings before it from those
  // reads (`n = x.sum()`, then `n = n.item()`: below, n is a number only). 0: none.
  struct BindingSite {
    uint32_t at = 0;
    uint32_t loop_start = 0, loop_end = 0;
    uint32_t covers_end = 0;
    bool VisibleFrom(uint32_t read) const {
      return at <= read || (loop_start <= read && read < loop_end);
    }
  };
  static constexpr uint32_t kReadAnywhere = UINT32_MAX;  // a closure's read: every binding
  void Bind(Scope& scope, TSNode target, const Value& value, const BindingSite& site,
            bool* changed);
  static Value ElementOf(const Value& iterable);
  bool KeepsDtype(TSNode call, std::string_view method) const;
  void BindIteration(Scope& scope, TSNode target, TSNode iterable, const BindingSite& site,
                     bool* changed);
  // The join of `name`'s bindings in `scope` that a read at byte `read` can see; every binding
  // when none of them can (a read Python would reject) or for kReadAnywhere. Null if unbound.
  static std::optional<Value> VisibleValue(const Scope& scope, const std::string& name,
                                           uint32_t read);
  Value Eval(TSNode node, Scope& scope, int depth);
  Value EvalAttribute(TSNode node, Scope& scope, int depth);
  Value EvalCall(TSNode node, Scope& scope, int depth);
  Value EvalMethodCall(TSNode call, TSNode attribute, Scope& scope, int depth);
  Value EvalNamedCall(TSNode call, const std::string& name, Scope& scope, int depth);
  Value EvalBinary(TSNode node, Scope& scope, int depth);
  Value Lookup(const std::string& name, Scope& scope, uint32_t read);
  // `position`: the parameter's place among the function's parameters.
  Value ParameterValue(TSNode function, TSNode parameter, const std::string& name,
                       size_t position);
  Value ReturnValue(TSNode function);
  // What the calls of `function`'s module (a submodule's forward) pass for parameter `name` at
  // `position` (self counted), joined; Unknown when no call in this file says.
  Value ModuleCallersPass(TSNode function, const std::string& name, size_t position);
  // What the calls of helper `function` in this file pass for parameter `name` at `position`
  // (counted with self/cls, which no call passes; a static method has none).
  Value HelperCallersPass(TSNode function, const std::string& name, size_t position);
  // What `function` returns element by element, when each of its return statements returns a
  // tuple of `arity` elements (`return seq_len, None, None` and `return seq_len, lengths, mask`);
  // empty otherwise. Unpacking its call (`a, b, c = f(...)`) binds each name its own kind.
  std::vector<Value> ReturnElements(TSNode function, size_t arity);
  // The local function or method (`f(...)`, `self.f(...)`) `call` runs, or null.
  TSNode LocalCallee(TSNode call);
  Value SelfAttribute(TSNode at, const std::string& name);
  ClassInfo& ClassOf(TSNode class_definition);
  // Notes the `self.x = value` assignments of a method other than __init__.
  void NoteAssignmentsToSelf(TSNode method, ClassInfo& info);
  Value ArgumentsAtCalls(TSNode function, const std::string& name, size_t position);
  // What a call that leaves parameter `name` of `function` out passes: its default when that is
  // None or a plain literal; unknown for any other default (evaluated where the function is
  // defined) and for a parameter without one.
  Value OmittedValue(TSNode function, const std::string& name);
  // The join of what `calls` pass for parameter `name` at `position` (a null call: unknown; a
  // call that leaves it out: `omitted`, the parameter's default). Unknown when no call passes it:
  // those calls say nothing of what other modules' calls pass.
  Value JoinArguments(const std::vector<TSNode>& calls, const std::string& name, size_t position,
                      const Value& omitted);
  // A call's arguments indexed once (a helper's parameters each look at every call of it: a
  // 5,000-argument call was read 5,000 times, each read walking the arguments from the first).
  struct CallArguments {
    std::vector<TSNode> all;                                   // comments left out
    std::vector<size_t> positional;                            // into `all`, in order
    std::map<std::string_view, size_t, std::less<>> keywords;  // name -> into `all`
    size_t first_splat = SIZE_MAX;                             // a * or ** argument
  };
  const CallArguments& ArgumentsOf(TSNode call);
  TSNode FunctionNamed(TSNode scope_owner, const std::string& name);
  TSNode SubmoduleForward(TSNode owner, const std::string& attribute);
  TSNode FindSubmoduleForward(TSNode owner, const std::string& attribute);

  TSNode root_;
  std::string_view text_;
  const ImportTable& imports_;
  std::map<uint32_t, std::unique_ptr<Scope>> scopes_;        // by function start byte
  std::map<uint32_t, std::unique_ptr<ClassInfo>> classes_;   // by class start byte
  std::map<uint32_t, Value> returns_;                        // by function start byte
  std::map<uint32_t, std::set<std::string>> tensor_passed_;  // by function start byte
  std::set<uint32_t> in_progress_;                           // recursion guard (functions)
  // Functions whose return value is being computed (a separate set: computing a return
  // analyzes the function, which asks its callers for its parameters).
  std::set<uint32_t> returns_in_progress_;
  // SubmoduleForward's answers, by (class start byte, attribute): asked on every analysis pass.
  std::map<std::pair<uint32_t, std::string>, TSNode> submodule_forwards_;
  std::vector<Scope*> analyzing_;  // the scopes whose analysis is under way, outermost first
  std::map<const void*, CallArguments> call_arguments_;  // by call node
  // Self attributes whose values in other methods are being evaluated, by (class node, name).
  std::set<std::pair<const void*, std::string>> attributes_in_progress_;
  // What ScopeOf gives when analyses nest too deep: analyzed, and empty.
  std::unique_ptr<Scope> too_deep_;
  // Conditions folded as Dynamo decides them (conditional expressions), with the file's calls.
  TruthCache truths_;
  DefinitionIndex definitions_;  // functions by name in the module and in class bodies
  CallIndex& calls_;
  std::optional<bool> imports_numpy_;  // ImportsNumpy(), found once
  IsinstanceNarrowing narrowing_;  // what isinstance tests say a name holds where they decided
  bool eval_ = true;
  bool train_ = true;
  ModuleCallFinder module_calls_;
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_VALUE_INFERENCE_H_
