#include "rules/semantic_predicates.h"

#include <algorithm>
#include <functional>

#include "analysis/compiled_region.h"
#include "analysis/guards.h"
#include "analysis/syntax_queries.h"
#include "analysis/value.h"

namespace gbreak {
namespace {

std::optional<Confidence> InCompiledRegion(const MatchContext& context,
                                           std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  CompiledRegion::Location location = context.facts->region().Locate(args[0].node);
  if (location.traced && (location.reachable || context.facts->region().defers_reachability())) {
    return Confidence::kCertain;
  }
  return std::nullopt;
}

std::optional<Confidence> CallsDisabled(const MatchContext& context,
                                        std::span<const PredicateArgument> args) {
  if (!Is(args[0].node, "call")) return std::nullopt;
  CompiledRegion& region = context.facts->region();
  if (region.CallsDisabled(args[0].node)) return Confidence::kCertain;
  // A function of another module: the program graph decides (when it is built).
  if (region.defers_reachability()) {
    std::string callee = region.ExternalCallee(args[0].node);
    if (!callee.empty()) {
      const_cast<MatchContext&>(context).deferred = {ProgramRequirement::Kind::kDisabledCallee,
                                                     std::move(callee)};
      return Confidence::kCertain;
    }
  }
  return std::nullopt;
}

// `(#resolves-to? @expr "torch.nonzero" "torch.Tensor.nonzero")`: after import resolution the
// expression names one of the given qualified names (so `from torch import nonzero as nz; nz(x)`
// matches "torch.nonzero"). A trailing ".*" matches any name under a prefix.
// One of `names` is one of the string arguments from `args[first]` on ("pkg.*": under a prefix).
bool AnyNameWanted(const std::vector<std::string>& names,
                   std::span<const PredicateArgument> args, size_t first) {
  for (const std::string& name : names) {
    for (size_t i = first; i < args.size(); ++i) {
      std::string_view wanted = args[i].text;
      if (wanted.ends_with(".*")) {
        wanted.remove_suffix(1);
        if (std::string_view(name).starts_with(wanted)) return true;
      } else if (name == wanted) {
        return true;
      }
    }
  }
  return false;
}

std::optional<Confidence> ResolvesTo(const MatchContext& context,
                                     std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  if (AnyNameWanted(context.facts->QualifiedNamesOf(args[0].node), args, 1)) {
    return Confidence::kCertain;
  }
  return std::nullopt;
}

// Confidence of a tensor fact: an inference that rests on a parameter assumption is "likely".
Confidence TensorConfidence(const Value& value) {
  return value.assumed ? Confidence::kLikely : Confidence::kCertain;
}

// A condition that folds while Dynamo traces, in every analyzed mode (`self.training and ...`
// in eval, `is_compiling() or ...`), is decided without reading any tensor.
// Whether `accept` holds for what `node` folds to under compile in every traced mode (false when
// no mode is traced).
bool EveryModeFolds(const MatchContext& context, TSNode node,
                    const std::function<bool(Truth)>& accept) {
  const RegionOptions& options = context.facts->region().options();
  for (auto [selected, mode] : {std::pair{options.eval, Mode::kEval},
                                std::pair{options.train, Mode::kTrain}}) {
    if (selected && !accept(EvaluateUnderCompile(node, context.text, context.facts->imports(),
                                                 mode, context.facts->region().truth_cache(),
                                                 options.reduced_precision))) {
      return false;
    }
  }
  return options.eval || options.train;
}

bool FoldsUnderCompile(const MatchContext& context, TSNode node) {
  return EveryModeFolds(context, node, [](Truth t) { return t != Truth::kUnknown; });
}

// True (a literal, or what folds under compile: `self.training` in a train run) in at least one
// traced mode: a keyword argument Dynamo reads as that constant there.
std::optional<Confidence> FoldsTrue(const MatchContext& context,
                                    std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  bool false_in_every_mode =
      EveryModeFolds(context, args[0].node, [](Truth t) { return t != Truth::kTrue; });
  if (false_in_every_mode) return std::nullopt;
  return Confidence::kCertain;
}

std::optional<Confidence> IsTensor(const MatchContext& context,
                                   std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  Value value = context.facts->values().Evaluate(args[0].node);
  if (!value.IsTensor() || FoldsUnderCompile(context, args[0].node)) return std::nullopt;
  return TensorConfidence(value);
}

std::optional<Confidence> MaybeTensor(const MatchContext& context,
                                      std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  Value value = context.facts->values().Evaluate(args[0].node);
  if (value.IsTensor()) return TensorConfidence(value);
  if (value.MaybeTensor()) return Confidence::kPossible;
  return std::nullopt;
}

// Known to hold only Python constants, None or sizes: `self.config` (a configuration object,
// which Dynamo copies without a break) is; a submodule, a tensor or an unknown value is not.
std::optional<Confidence> IsConstant(const MatchContext& context,
                                     std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  Value value = context.facts->values().Evaluate(args[0].node);
  bool constant = value.kinds != 0 &&
                  (value.kinds & ~(Value::kConstant | Value::kNone | Value::kShape)) == 0;
  if (!constant) return std::nullopt;
  return Confidence::kCertain;
}

std::optional<Confidence> IsBoolTensor(const MatchContext& context,
                                       std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  Value value = context.facts->values().Evaluate(args[0].node);
  if (value.IsBoolTensor()) return TensorConfidence(value);
  return std::nullopt;
}

std::optional<Confidence> IsShapeDerived(const MatchContext& context,
                                         std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  if (context.facts->values().Evaluate(args[0].node).IsShape()) return Confidence::kCertain;
  return std::nullopt;
}

// Whether Dynamo never evaluates the right operand of `a and b` / `a or b`: `a` folds, in every
// traced mode, to the value that decides the whole (`self.training or x.any()` in train mode).
bool RightOperandShortCircuited(const MatchContext& context, TSNode boolean_operator) {
  bool is_and = NodeText(Field(boolean_operator, "operator"), context.text) == "and";
  Truth decides = is_and ? Truth::kFalse : Truth::kTrue;
  return EveryModeFolds(context, Field(boolean_operator, "left"),
                        [decides](Truth t) { return t == decides; });
}

// Whether tensor data is read by the operands of `node` Dynamo evaluates: Python skips the right
// operand of a boolean operator its left one decides, so `self.training is False and i >= n`
// reads nothing in train mode, whatever `n` holds.
bool EvaluatedDataDependent(const MatchContext& context, TSNode node) {
  while (Is(node, "parenthesized_expression") || Is(node, "not_operator")) {
    node = Is(node, "not_operator") ? Field(node, "argument") : ts_node_named_child(node, 0);
  }
  if (Is(node, "boolean_operator")) {
    TSNode left = Field(node, "left");
    if (RightOperandShortCircuited(context, node)) return EvaluatedDataDependent(context, left);
    return EvaluatedDataDependent(context, left) ||
           EvaluatedDataDependent(context, Field(node, "right"));
  }
  return context.facts->values().Evaluate(node).IsDataDependent();
}

// Whether `node` is a boolean operator (under parentheses or `not`) none of whose evaluated
// operands reads tensor data. Other expressions are left to their value, computed once.
bool ShortCircuitsAwayItsData(const MatchContext& context, TSNode node) {
  while (Is(node, "parenthesized_expression") || Is(node, "not_operator")) {
    node = Is(node, "not_operator") ? Field(node, "argument") : ts_node_named_child(node, 0);
  }
  return Is(node, "boolean_operator") && !EvaluatedDataDependent(context, node);
}

std::optional<Confidence> IsDataDependent(const MatchContext& context,
                                          std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  // Most tests are on shapes, flags and None: the value kind rules them out before the guards
  // are folded.
  Value value = context.facts->values().Evaluate(args[0].node);
  if (!value.IsDataDependent() || ShortCircuitsAwayItsData(context, args[0].node) ||
      FoldsUnderCompile(context, args[0].node)) {
    return std::nullopt;
  }
  return value.Has(Value::kTensor) ? TensorConfidence(value) : Confidence::kCertain;
}

bool ContainsCall(TSNode node) {
  std::vector<TSNode> stack{node};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (Is(n, "call")) return true;
    PushNamedChildren(stack, n);
  }
  return false;
}

// A test Dynamo breaks on where it stands: a tensor, or a Python value read out of tensor data by
// a call in the test itself (`if torch.equal(a, b):`). A name that holds such a value
// (`flag = x.item()`, then `if flag:`) broke where it was assigned; the resumed frame sees a
// constant (under capture_scalar_outputs it does not, and the rule uses is-data-dependent).
std::optional<Confidence> IsDataDependentTest(const MatchContext& context,
                                              std::span<const PredicateArgument> args) {
  std::optional<Confidence> dependent = IsDataDependent(context, args);
  if (!dependent) return std::nullopt;
  Value value = context.facts->values().Evaluate(args[0].node);
  if (value.Has(Value::kTensor) || ContainsCall(args[0].node)) return dependent;
  return std::nullopt;
}

// A tuple or list with tensor data among its elements, or a name (a helper's parameter every
// caller passes one to) holding such a sequence: `_pad1d(x, (left, extra))` then
// `F.pad(x, paddings)`.
std::optional<Confidence> HoldsTensorData(const MatchContext& context,
                                          std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  if (context.facts->values().Evaluate(args[0].node).holds_data) return Confidence::kCertain;
  return std::nullopt;
}

// Like is-data-dependent-test, but not for a name whose tensor-ness is only assumed (an
// unannotated parameter, a value computed from one or returned by a submodule):
// `reshape(batch, channels, height, width)` with `height` a forward's parameter, or
// `new_zeros(batch, max(seq_lengths))` with lengths a submodule returned, are far more often
// sizes than tensors; so is arithmetic on them. An expression written in the call with calls
// (`repeat(1, mask.max() + 1, 1)`) is data.
std::optional<Confidence> IsKnownDataTest(const MatchContext& context,
                                          std::span<const PredicateArgument> args) {
  std::optional<Confidence> dependent = IsDataDependentTest(context, args);
  if (!dependent) return std::nullopt;
  // Arithmetic on such names (`height * width` of a forward's parameters) is no surer.
  if (context.facts->values().Evaluate(args[0].node).assumed && !ContainsCall(args[0].node)) {
    return std::nullopt;
  }
  return dependent;
}

std::optional<Confidence> IsStatic(const MatchContext& context,
                                   std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  if (context.facts->values().Evaluate(args[0].node).IsStatic()) return Confidence::kCertain;
  return std::nullopt;
}

// True when `test` calls `<logger>.isEnabledFor(...)`.
bool CallsIsEnabledFor(TSNode test, std::string_view text) {
  std::vector<TSNode> stack{test};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (Is(n, "call")) {
      TSNode function = Field(n, "function");
      if (Is(function, "attribute") &&
          NodeText(Field(function, "attribute"), text) == "isEnabledFor") {
        return true;
      }
    }
    PushNamedChildren(stack, n);
  }
  return false;
}

// Inside the body of `if logger.isEnabledFor(...):`. Dynamo breaks on the guard itself (a finding
// of its own); whether the body runs depends on the logger's level at run time (on torch 2.13 the
// corpus run, at the default level, never entered it), and guarding the `if` fixes both.
std::optional<Confidence> UnderLoggingGuard(const MatchContext& context,
                                            std::span<const PredicateArgument> args) {
  TSNode child = args[0].node;
  for (TSNode n = ParentOf(child); !ts_node_is_null(n); child = n, n = ParentOf(n)) {
    if (Is(n, "function_definition")) break;
    if (Is(n, "if_statement") && SameNode(child, Field(n, "consequence")) &&
        CallsIsEnabledFor(Field(n, "condition"), context.text)) {
      return Confidence::kCertain;
    }
  }
  return std::nullopt;
}

// The statements of the block before the expression statement that is `node` (a call or an
// augmented assignment making up the whole statement); empty when `node` is not such a statement
// of a block (a module's top level is no block).
std::vector<TSNode> EarlierStatementsOfBlock(TSNode node) {
  TSNode statement = ParentOf(node);
  if (!Is(statement, "expression_statement")) return {};
  TSNode block = ParentOf(statement);
  if (!Is(block, "block")) return {};
  std::vector<TSNode> earlier;
  for (TSNode sibling : NamedChildren(block)) {
    if (SameNode(sibling, statement)) return earlier;
    earlier.push_back(sibling);
  }
  return {};
}

// `(#assigned-earlier-in-block? @report @name "builtins.open")`: an earlier statement of the block
// is `NAME = f(...)` with f one of the given qualified names, as resolves-to takes them
// (`f = open(p)` ... `f.write(s)`).
// A query pattern with two sibling statements under `(block ...)` says the same, but tree-sitter
// keeps a partial match open for every such assignment until the block ends: quadratic in a long
// function, and a tenth of a whole-tree run.
std::optional<Confidence> AssignedEarlierInBlock(const MatchContext& context,
                                                 std::span<const PredicateArgument> args) {
  std::string_view name = args[1].text;
  for (TSNode statement : EarlierStatementsOfBlock(args[0].node)) {
    TSNode assignment = ts_node_named_child(statement, 0);
    if (!Is(statement, "expression_statement") || !Is(assignment, "assignment")) continue;
    TSNode left = Field(assignment, "left"), right = Field(assignment, "right");
    if (!Is(left, "identifier") || NodeText(left, context.text) != name || !Is(right, "call")) {
      continue;
    }
    TSNode function = Field(right, "function");
    if (Is(function, "identifier") &&
        AnyNameWanted(QualifiedNames(function, context.text, context.facts->imports()), args, 2)) {
      return Confidence::kCertain;
    }
  }
  return std::nullopt;
}

// `(#declared-global-earlier-in-block? @report @name)`: an earlier statement of the block is
// `global ..., NAME, ...` (same reason as above for not writing it as a block pattern).
std::optional<Confidence> DeclaredGlobalEarlierInBlock(const MatchContext& context,
                                                       std::span<const PredicateArgument> args) {
  for (TSNode statement : EarlierStatementsOfBlock(args[0].node)) {
    if (!Is(statement, "global_statement")) continue;
    for (TSNode declared : NamedChildren(statement)) {
      if (Is(declared, "identifier") && NodeText(declared, context.text) == args[1].text) {
        return Confidence::kCertain;
      }
    }
  }
  return std::nullopt;
}

bool IsBackwardHookRegistration(std::string_view method) {
  return method == "register_full_backward_hook" || method == "register_backward_hook" ||
         method == "register_full_backward_pre_hook";
}

// `self.block` (the callee of a call) has a module-level backward hook: some method of the class
// calls `self.block.register_full_backward_hook(...)` (or register_backward_hook /
// register_full_backward_pre_hook) — in another method, or earlier in the calling one.
std::optional<Confidence> HasBackwardHook(const MatchContext& context,
                                          std::span<const PredicateArgument> args) {
  // Matched for every `self.x(...)` call: most files register no backward hook at all.
  auto size = static_cast<uint32_t>(context.text.size());
  if (!context.facts->TextContains("backward_hook", 0, size) &&
      !context.facts->TextContains("backward_pre_hook", 0, size)) {
    return std::nullopt;
  }
  TSNode callee = args[0].node;
  TSNode call = ParentOf(callee);
  TSNode owner = EnclosingClass(callee);
  if (ts_node_is_null(owner) || !Is(call, "call")) return std::nullopt;
  TSNode calling_function = EnclosingFunction(callee);
  std::string_view target = NodeText(callee, context.text);
  std::vector<TSNode> stack{Field(owner, "body")};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "class_definition")) continue;
    if (Is(node, "call")) {
      TSNode function = Field(node, "function");
      if (Is(function, "attribute") &&
          IsBackwardHookRegistration(NodeText(Field(function, "attribute"), context.text)) &&
          NodeText(Field(function, "object"), context.text) == target) {
        bool same_function = SameNode(EnclosingFunction(node), calling_function);
        if (!same_function || ts_node_start_byte(node) < ts_node_start_byte(call)) {
          return Confidence::kCertain;
        }
      }
    }
    PushNamedChildren(stack, node);
  }
  return std::nullopt;
}

bool IsRnnClass(const std::string& name) {
  for (const std::string rnn : {"LSTM", "GRU", "RNN"}) {
    if (name == "torch.nn." + rnn || name == "torch.nn.modules.rnn." + rnn) return true;
  }
  return false;
}

// The constructors its class's __init__ (or a same-file base's) built `self.<attr>` with
// (CompiledRegion::AttributeClassesOf), each as its qualified names; nullopt when `expression`
// is no `self.<attr>` of a class, or __init__ sets no such attribute.
std::optional<std::vector<std::vector<std::string>>> SelfAttributeConstructors(
    const MatchContext& context, TSNode expression) {
  if (!Is(expression, "attribute") || !Is(Field(expression, "object"), "identifier") ||
      NodeText(Field(expression, "object"), context.text) != "self") {
    return std::nullopt;
  }
  TSNode owner = EnclosingClass(expression);
  if (ts_node_is_null(owner)) return std::nullopt;
  const CompiledRegion::AttributeClasses& classes =
      context.facts->region().AttributeClassesOf(owner);
  auto it = classes.find(NodeText(Field(expression, "attribute"), context.text));
  if (it == classes.end()) return std::nullopt;
  std::vector<std::vector<std::string>> out;
  for (TSNode constructor : it->second) {
    out.push_back(QualifiedNames(constructor, context.text, context.facts->imports()));
  }
  return out;
}

// `self.<attr>` built as nn.LSTM / nn.GRU / nn.RNN in its class's __init__, or a parameter every
// call site in this file passes such an attribute to (`run_encoder(self.encoder, x)`).
bool IsRnnModule(const MatchContext& context, TSNode expression, int depth) {
  if (depth > 4) return false;
  if (Is(expression, "attribute")) {
    auto constructors = SelfAttributeConstructors(context, expression);
    if (!constructors || constructors->empty()) return false;
    return std::all_of(constructors->begin(), constructors->end(), [](const auto& names) {
      return std::any_of(names.begin(), names.end(), IsRnnClass);
    });
  }
  if (!Is(expression, "identifier")) return false;
  // A parameter of the enclosing function: what its callers pass.
  TSNode function = EnclosingFunction(expression);
  if (ts_node_is_null(function)) return false;
  std::string_view name = NodeText(expression, context.text);
  BindingIndex::Parameter parameter = context.facts->bindings().ParameterNamed(function, name);
  if (ts_node_is_null(parameter.node)) return false;
  int position = static_cast<int>(parameter.position);
  std::string callee(NodeText(Field(function, "name"), context.text));
  bool method = !ts_node_is_null(OwningClass(function));
  if (method) {
    --position;  // self
    callee = "self." + callee;
  }
  bool any = false;
  for (TSNode node : context.facts->calls().To(callee)) {
    TSNode argument{};
    int at = 0;
    for (TSNode a : NamedChildren(Field(node, "arguments"))) {
      if (Is(a, "keyword_argument")) {
        if (NodeText(Field(a, "name"), context.text) == name) argument = Field(a, "value");
      } else if (at++ == position) {
        argument = a;
      }
    }
    if (ts_node_is_null(argument) || !IsRnnModule(context, argument, depth + 1)) return false;
    any = true;
  }
  return any;
}

// `self.<attr>` whose class __init__ built it as something other than an RNN module, every
// constructor resolved (`self.gru = nn.GRUCell(d, d)`: a cell traces, whatever its name says).
bool IsOtherModule(const MatchContext& context, TSNode expression) {
  auto constructors = SelfAttributeConstructors(context, expression);
  if (!constructors || constructors->empty()) return false;
  return std::none_of(constructors->begin(), constructors->end(), [](const auto& names) {
    return names.empty() || std::any_of(names.begin(), names.end(), IsRnnClass);
  });
}

// Whether a qualified name is torch's `nn.Buffer` class (a Tensor subclass that marks a
// buffer when assigned to a module attribute).
bool IsBufferClass(const std::string& name) {
  return name == "torch.nn.Buffer" || name == "torch.nn.parameter.Buffer";
}

// Whether `buffer` is read in the body of `if <buffer>.device != ...:` (or `.dtype`): a `.to()`
// there converts, and a converted tensor is a new, plain one (esmfold's `af2_to_esm`).
bool UnderDifferenceTest(const MatchContext& context, TSNode buffer) {
  std::string_view written = NodeText(buffer, context.text);
  TSNode child = buffer;
  for (TSNode n = ts_node_parent(buffer); !ts_node_is_null(n); child = n, n = ts_node_parent(n)) {
    if (Is(n, "function_definition")) return false;
    if (!Is(n, "if_statement") || !SameNode(Field(n, "consequence"), child)) continue;
    TSNode condition = Field(n, "condition");
    if (!Is(condition, "comparison_operator")) continue;
    bool differs = false, reads_buffer = false;
    for (uint32_t i = 0; i < ts_node_child_count(condition); ++i) {
      TSNode part = ts_node_child(condition, i);
      if (!ts_node_is_named(part)) {
        differs = differs || NodeText(part, context.text) == "!=";
        continue;
      }
      std::string_view read = NodeText(Field(part, "attribute"), context.text);
      reads_buffer = reads_buffer ||
                     (Is(part, "attribute") &&
                      NodeText(Field(part, "object"), context.text) == written &&
                      (read == "device" || read == "dtype"));
    }
    if (differs && reads_buffer) return true;
  }
  return false;
}

// `self.<attr>` its class's __init__ (or a same-file base's) built as `nn.Buffer(...)`: the
// attribute holds the Buffer object itself, and methods that return their tensor unchanged
// (`.to()` to the same device and dtype, `.contiguous()`) hand it back.
std::optional<Confidence> IsBufferObject(const MatchContext& context,
                                         std::span<const PredicateArgument> args) {
  TSNode expression = args[0].node;
  if (ts_node_is_null(expression)) return std::nullopt;
  auto constructors = SelfAttributeConstructors(context, expression);
  if (!constructors) return std::nullopt;
  bool buffer = false;
  for (const std::vector<std::string>& names : *constructors) {
    for (const std::string& name : names) {
      if (name == "torch.nn.Parameter" || name == "torch.nn.parameter.Parameter") {
        return std::nullopt;
      }
      buffer = buffer || IsBufferClass(name);
    }
  }
  if (!buffer || UnderDifferenceTest(context, expression)) return std::nullopt;
  return Confidence::kCertain;
}

// An import statement whose module object is one that replaces itself in sys.modules (a lazy
// package). An entry run has read the module and says; a whole-tree run decides after the
// rules, so the finding is deferred to its program graph.
std::optional<Confidence> ImportsReplacedModule(const MatchContext& context,
                                                std::span<const PredicateArgument> args) {
  CompiledRegion& region = context.facts->region();
  if (ts_node_is_null(args[0].node) || !region.defers_reachability()) return std::nullopt;
  std::string module = region.ImportedModule(args[0].node);
  if (module.empty()) return std::nullopt;
  if (const auto& decided = context.facts->replaced_imports()) {
    if (!decided->contains(module)) return std::nullopt;
    return Confidence::kCertain;
  }
  const_cast<MatchContext&>(context).deferred = {ProgramRequirement::Kind::kReplacedModule,
                                                 std::move(module)};
  return Confidence::kCertain;
}

std::optional<Confidence> IsOtherModulePredicate(const MatchContext& context,
                                                 std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node) || !IsOtherModule(context, args[0].node)) return std::nullopt;
  return Confidence::kCertain;
}

// The method `name` of class `owner` (or of a base class defined in the same file), when it is
// decorated `@cached_property` / `@functools.cached_property`; null otherwise.
TSNode CachedPropertyNamed(const MatchContext& context, TSNode owner, std::string_view name,
                           int depth) {
  if (ts_node_is_null(owner) || depth > 8) return TSNode{};
  for (TSNode statement : NamedChildren(Field(owner, "body"))) {
    if (!Is(statement, "decorated_definition")) continue;
    TSNode function = Field(statement, "definition");
    if (!Is(function, "function_definition") || DefinitionName(function, context.text) != name) {
      continue;
    }
    return context.facts->IsCachedProperty(function) ? function : TSNode{};
  }
  // A base class of the same file (`class Causal(Base)` with Base's cached property).
  for (TSNode base : NamedChildren(Field(owner, "superclasses"))) {
    if (!Is(base, "identifier")) continue;
    for (TSNode top : NamedChildren(ts_node_parent(owner))) {
      TSNode definition = Is(top, "decorated_definition") ? Field(top, "definition") : top;
      if (Is(definition, "class_definition") &&
          DefinitionName(definition, context.text) == NodeText(base, context.text)) {
        TSNode found = CachedPropertyNamed(context, definition, name, depth + 1);
        if (!ts_node_is_null(found)) return found;
      }
    }
  }
  return TSNode{};
}

// Whether the class's `__init__` reads `self.<name>`: the cached value is then the instance's
// own attribute before any compiled call, and the getter never runs again.
bool InitReads(const MatchContext& context, TSNode owner, std::string_view name) {
  bool reads = false;
  for (TSNode statement : NamedChildren(Field(owner, "body"))) {
    TSNode function = Is(statement, "decorated_definition") ? Field(statement, "definition")
                                                             : statement;
    if (!Is(function, "function_definition") ||
        DefinitionName(function, context.text) != "__init__") {
      continue;
    }
    ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
      if (reads) return false;
      reads = type == "attribute" && NodeText(Field(n, "object"), context.text) == "self" &&
              NodeText(Field(n, "attribute"), context.text) == name;
      return !reads;
    });
  }
  return reads;
}

// `self.<name>` read where `<name>` is a functools.cached_property of the method's class that
// its `__init__` does not read first.
std::optional<Confidence> IsCachedPropertyRead(const MatchContext& context,
                                               std::span<const PredicateArgument> args) {
  TSNode read = args[0].node;
  if (ts_node_is_null(read) || !Is(read, "attribute") ||
      NodeText(Field(read, "object"), context.text) != "self" ||
      !context.facts->cached_property_names().contains(
          NodeText(Field(read, "attribute"), context.text))) {
    return std::nullopt;
  }
  TSNode parent = ts_node_parent(read);
  if ((Is(parent, "assignment") || Is(parent, "augmented_assignment")) &&
      SameNode(Field(parent, "left"), read)) {
    return std::nullopt;  // a store, not a read
  }
  TSNode owner = EnclosingClass(read);
  std::string_view name = NodeText(Field(read, "attribute"), context.text);
  if (ts_node_is_null(CachedPropertyNamed(context, owner, name, 0)) ||
      InitReads(context, owner, name)) {
    return std::nullopt;
  }
  return Confidence::kCertain;
}

std::optional<Confidence> IsRnnModulePredicate(const MatchContext& context,
                                               std::span<const PredicateArgument> args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  if (IsRnnModule(context, args[0].node, 0)) return Confidence::kCertain;
  return std::nullopt;
}

// A string that formats a tensor's value: an f-string with a tensor in an interpolation, or
// `"...".format(t)`.
bool FormatsTensor(const MatchContext& context, TSNode value) {
  if (Is(value, "string")) {
    for (TSNode part : NamedChildren(value)) {
      if (!Is(part, "interpolation")) continue;
      TSNode expression = ts_node_named_child(part, 0);
      if (!ts_node_is_null(expression) &&
          context.facts->values().Evaluate(expression).IsTensor()) {
        return true;
      }
    }
    return false;
  }
  if (Is(value, "call")) {
    TSNode function = Field(value, "function");
    if (!Is(function, "attribute") || !Is(Field(function, "object"), "string") ||
        NodeText(Field(function, "attribute"), context.text) != "format") {
      return false;
    }
    for (TSNode argument : NamedChildren(Field(value, "arguments"))) {
      if (Is(argument, "keyword_argument")) argument = Field(argument, "value");
      if (context.facts->values().Evaluate(argument).IsTensor()) return true;
    }
  }
  return false;
}

// `text` names a local assigned only strings that format a tensor (`s = f"mean={m}"`).
std::optional<Confidence> IsTensorString(const MatchContext& context,
                                         std::span<const PredicateArgument> args) {
  TSNode identifier = args[0].node;
  TSNode function = EnclosingFunction(identifier);
  if (ts_node_is_null(function)) return std::nullopt;
  // Matched for every name in a comparison: a function that formats nothing needs no walk.
  uint32_t start = ts_node_start_byte(function), end = ts_node_end_byte(function);
  FileFacts& facts = *context.facts;
  if (!facts.TextContains("f\"", start, end) && !facts.TextContains("f'", start, end) &&
      !facts.TextContains(".format(", start, end)) {
    return std::nullopt;
  }
  const std::vector<TSNode>& assignments =
      facts.bindings().AssignmentsTo(function, NodeText(identifier, context.text));
  if (assignments.empty()) return std::nullopt;
  for (TSNode assignment : assignments) {
    if (!FormatsTensor(context, Field(assignment, "right"))) return std::nullopt;
  }
  return Confidence::kLikely;
}

// Whether a class derives from torch.autograd.Function: directly, or through classes of the file.
bool DerivesAutogradFunction(const MatchContext& context, TSNode class_definition, int depth) {
  if (depth > 8) return false;
  for (TSNode base : NamedChildren(Field(class_definition, "superclasses"))) {
    if (Is(base, "identifier")) {
      TSNode local = context.facts->region().ClassNamed(NodeText(base, context.text));
      if (!ts_node_is_null(local) && DerivesAutogradFunction(context, local, depth + 1)) return true;
    }
    for (const std::string& name : context.facts->QualifiedNamesOf(base)) {
      if (name == "torch.autograd.Function" || name == "torch.autograd.function.Function") {
        return true;
      }
    }
  }
  return false;
}

// The captured name is a class of this file that derives from torch.autograd.Function.
std::optional<Confidence> IsAutogradFunction(const MatchContext& context,
                                             std::span<const PredicateArgument> args) {
  if (!Is(args[0].node, "identifier")) return std::nullopt;
  TSNode class_definition = context.facts->region().ClassNamed(args[0].text);
  if (ts_node_is_null(class_definition) || !DerivesAutogradFunction(context, class_definition, 0)) {
    return std::nullopt;
  }
  return Confidence::kCertain;
}

// In the body of a class's `__init__` (not of a function nested in it). A module of the
// program's own built in the region runs its `__init__` there; after a break in it, Dynamo runs
// that `__init__` as a frame of its own, whose `super().__init__()` meets a module not yet
// initialized (GB0119), and it runs the rest of the frame eagerly.
std::optional<Confidence> InInit(const MatchContext& context,
                                 std::span<const PredicateArgument> args) {
  TSNode function = EnclosingFunction(args[0].node);
  if (ts_node_is_null(function) || ts_node_is_null(OwningClass(function)) ||
      DefinitionName(function, context.text) != "__init__") {
    return std::nullopt;
  }
  return Confidence::kCertain;
}

}  // namespace

const std::vector<SemanticPredicate>& AllSemanticPredicates() {
  static const auto* predicates = new std::vector<SemanticPredicate>{
      {"in-compiled-region",
       "the captured node runs under Dynamo: inside a function reached from a compiled entry "
       "(a forward method, a torch.compile target) through calls Dynamo inlines, not in a "
       "disabled function, and not in a branch Dynamo never takes (is_compiling() guards, "
       "TYPE_CHECKING, the other mode's self.training arm)",
       1, 0, &InCompiledRegion},
      {"calls-disabled",
       "the captured call invokes a function decorated with (or rebound to) "
       "torch.compiler.disable / torch._dynamo.disable",
       1, 0, &CallsDisabled},
      {"resolves-to",
       "the captured name or attribute chain refers, after import resolution, to one of the "
       "given qualified names (\"torch.nonzero\", \"numpy.random.*\", \"builtins.print\")",
       1, -1, &ResolvesTo},
      {"is-tensor",
       "the captured expression is a tensor on every path (possibly None on some): certain when "
       "it comes from torch operations, likely when from an unannotated forward parameter",
       1, 0, &IsTensor},
      {"folds-true",
       "the captured expression is true while Dynamo traces in at least one analyzed mode: a "
       "true literal, or a condition that folds (`self.training` in a train run)",
       1, 0, &FoldsTrue},
      {"maybe-tensor", "the captured expression is a tensor, or of unknown kind (possible)", 1, 0,
       &MaybeTensor},
      {"is-constant",
       "the captured expression is known to hold only Python constants, None or sizes "
       "(`self.config`, a literal): not a module, a tensor or a value of unknown kind",
       1, 0, &IsConstant},
      {"is-bool-tensor",
       "the captured expression is a boolean tensor: a comparison, a logical operator, .bool(), "
       "isnan(), any()/all()",
       1, 0, &IsBoolTensor},
      {"is-shape-derived",
       "the captured expression is derived from sizes (x.shape, x.size(), len(x), numel()) and "
       "constants, never from tensor data",
       1, 0, &IsShapeDerived},
      {"is-data-dependent",
       "the captured expression is a tensor or a Python value read out of tensor data "
       "(x.item(), torch.equal(a, b))",
       1, 0, &IsDataDependent},
      {"is-data-dependent-test",
       "like is-data-dependent, but a name holding a value read out of tensor data (flag = "
       "x.item(); if flag:) does not count: Dynamo broke where it was read",
       1, 0, &IsDataDependentTest},
      {"is-known-data-test",
       "like is-data-dependent-test, but not for a name only assumed to be a tensor (an "
       "unannotated parameter, or a value computed from one or returned by a submodule)",
       1, 0, &IsKnownDataTest},
      {"holds-tensor-data",
       "the captured expression is a tuple or list with a tensor among its elements, or a name "
       "holding one (a parameter its callers pass such a sequence)",
       1, 0, &HoldsTensorData},
      {"is-tensor-string",
       "the captured name is a local assigned only strings formatted from a tensor (an f-string "
       "or str.format with a tensor argument)",
       1, 0, &IsTensorString},
      {"is-rnn-module",
       "the captured expression is an nn.LSTM / nn.GRU / nn.RNN: `self.<attr>` built as one in "
       "__init__, or a parameter every caller in the file passes such an attribute to",
       1, 0, &IsRnnModulePredicate},
      {"is-other-module",
       "the captured expression is a `self.<attr>` its class's __init__ built as modules of "
       "resolved classes, none an RNN module (`self.gru = nn.GRUCell(...)`)",
       1, 0, &IsOtherModulePredicate},
      {"is-buffer-object",
       "the captured `self.<attr>` is an nn.Buffer object: its class's __init__ assigned it "
       "`nn.Buffer(...)` (not `register_buffer`, which stores a plain tensor), read outside the "
       "body of a test that its device or dtype differs (`.to()` there makes a new tensor)",
       1, 0, &IsBufferObject},
      {"imports-replaced-module",
       "the captured import statement hands the function a module that put another object in "
       "its place in sys.modules (`sys.modules[__name__] = _LazyModule(...)`): decided by the "
       "program graph over the files the run reads",
       1, 0, &ImportsReplacedModule},
      {"has-backward-hook",
       "the captured `self.<attr>` has a module-level backward hook registered in its class "
       "(in another method, or earlier in the calling one)",
       1, 0, &HasBackwardHook},
      {"under-logging-guard",
       "the captured node is in the body of `if <logger>.isEnabledFor(...):` (the guard is a "
       "break of its own; the body runs only at that log level)",
       1, 0, &UnderLoggingGuard},
      {"assigned-earlier-in-block",
       "the first capture is a whole expression statement of a block, and an earlier statement "
       "of that block assigns the second capture's name a call of one of the given qualified "
       "names (`f = open(p)` before `f.write(s)`)",
       2, -1, &AssignedEarlierInBlock},
      {"declared-global-earlier-in-block",
       "the first capture is a whole expression statement of a block, and an earlier statement "
       "of that block declares the second capture's name `global`",
       2, 0, &DeclaredGlobalEarlierInBlock},
      {"is-cached-property-read",
       "the captured `self.<name>` reads a functools.cached_property of its class (or of a base "
       "class in the same file) that the class's __init__ does not read first",
       1, 0, &IsCachedPropertyRead},
      {"is-autograd-function",
       "the captured name is a class of this file deriving from torch.autograd.Function "
       "(directly or through other classes of the file)",
       1, 0, &IsAutogradFunction},
      {"in-init",
       "the captured node is in the body of a class's `__init__` method (not in a function "
       "nested in it)",
       1, 0, &InInit},
      {"is-static",
       "the captured expression is known not to depend on tensor data (sizes, constants, None, "
       "modules)",
       1, 0, &IsStatic},
  };
  return *predicates;
}

const SemanticPredicate* FindSemanticPredicate(std::string_view name) {
  for (const SemanticPredicate& predicate : AllSemanticPredicates()) {
    if (predicate.name == name) return &predicate;
  }
  return nullptr;
}

}  // namespace gbreak
