#include "analysis/branch_conditions.h"

#include <algorithm>

#include "absl/strings/str_join.h"
#include "analysis/guards.h"
#include "analysis/syntax_queries.h"

namespace gbreak {
namespace {

constexpr size_t kMaxConditionText = 80;

std::string Quoted(TSNode condition, std::string_view text) {
  std::string_view written = NodeText(condition, text);
  std::string out;
  for (char c : written) {  // one line, single spaces
    bool space = c == '\n' || c == '\r' || c == '\t' || c == ' ';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  if (out.size() > kMaxConditionText) out = out.substr(0, kMaxConditionText) + "…";
  return "`" + out + "`";
}

// `x is None`, `x is not None`, `not (...)` of one, or `and`/`or` of them. Whether a None test
// holds is for the program-wide defaults to say (a parameter no reached call passes holds its
// default, guards.h); one they leave open is taken to be passed: an optional input or cache a
// caller hands on is there when the call is made, so the code under it is reached.
bool IsNoneTest(TSNode condition, std::string_view text) {
  if (Is(condition, "parenthesized_expression") || Is(condition, "not_operator")) {
    return IsNoneTest(ts_node_named_child(condition, 0), text);
  }
  if (Is(condition, "boolean_operator")) {
    return IsNoneTest(Field(condition, "left"), text) && IsNoneTest(Field(condition, "right"), text);
  }
  if (!Is(condition, "comparison_operator") || NamedChildCount(condition) != 2) return false;
  std::string op = ComparisonOperator(condition, text);
  return (op == "is" || op == "isnot") && Is(ts_node_named_child(condition, 1), "none");
}

// A call of a function of this file that only returns a None test of its one parameter
// (`def exists(val): return val is not None`, then `if exists(self.interval) and ...:`): a None
// test as Python runs it, `not` and parentheses around it included.
bool IsNonePredicateCall(TSNode condition, FileFacts& facts) {
  while (Is(condition, "parenthesized_expression") || Is(condition, "not_operator")) {
    condition = ts_node_named_child(condition, 0);
  }
  if (!Is(condition, "call") || NamedChildCount(Field(condition, "arguments")) != 1) return false;
  TSNode callee = facts.region().CalleeOf(condition);
  if (ts_node_is_null(callee)) return false;
  std::vector<TSNode> statements;
  for (TSNode statement : NamedChildren(Field(callee, "body"))) {
    bool docstring = statements.empty() && Is(statement, "expression_statement") &&
                     Is(ts_node_named_child(statement, 0), "string");
    if (!docstring && !Is(statement, "comment")) statements.push_back(statement);
  }
  if (statements.size() != 1 || !Is(statements[0], "return_statement")) return false;
  TSNode returned = ts_node_named_child(statements[0], 0);
  std::vector<TSNode> parameters = NamedChildren(Field(callee, "parameters"));
  if (parameters.size() != 1 || !Is(parameters[0], "identifier") ||
      !IsNoneTest(returned, facts.text())) {
    return false;
  }
  // The first comparison down the left: IsNoneTest accepted only parentheses, `not`, and/or.
  TSNode subject = returned;
  while (!ts_node_is_null(subject) && !Is(subject, "comparison_operator")) {
    subject = ts_node_named_child(subject, 0);
  }
  return !ts_node_is_null(subject) && NodeText(ts_node_named_child(subject, 0), facts.text()) ==
         NodeText(parameters[0], facts.text());
}

bool Decided(TSNode condition, FileFacts& facts);
bool IsCallOrConfigTest(TSNode condition, FileFacts& facts);

// How deep NoneTestComparisons reads through locals set to None tests of other locals.
constexpr int kMaxLocalDepth = 3;

// The comparisons a None test is made of: `x is None` and `x is not None`, through parentheses,
// `not`, `and` and `or`, and through a local the function sets only to such tests
// (`has_multimodal = image_grid_thw is not None or video_grid_thw is not None`, then
// `can_compute = input_ids is not None and has_multimodal`; `if can_compute:`). False when
// `condition` is no None test.
bool NoneTestComparisons(TSNode condition, FileFacts& facts, std::vector<TSNode>* out,
                         int depth = 0) {
  if (Is(condition, "parenthesized_expression") || Is(condition, "not_operator")) {
    return NoneTestComparisons(ts_node_named_child(condition, 0), facts, out, depth);
  }
  if (Is(condition, "boolean_operator")) {
    return NoneTestComparisons(Field(condition, "left"), facts, out, depth) &&
           NoneTestComparisons(Field(condition, "right"), facts, out, depth);
  }
  if (Is(condition, "comparison_operator")) {
    if (!IsNoneTest(condition, facts.text())) return false;
    out->push_back(condition);
    return true;
  }
  TSNode function = EnclosingFunction(condition);
  if (!Is(condition, "identifier") || ts_node_is_null(function) || depth >= kMaxLocalDepth) {
    return false;
  }
  std::string_view name = NodeText(condition, facts.text());
  const std::vector<TSNode>& assignments = facts.bindings().AssignmentsTo(function, name);
  if (assignments.empty() ||
      facts.bindings().StatementsBinding(function, name).size() != assignments.size()) {
    return false;
  }
  for (TSNode assignment : assignments) {
    TSNode right = Field(assignment, "right");
    if (ts_node_is_null(right) || !NoneTestComparisons(right, facts, out, depth + 1)) return false;
  }
  return true;
}

// Whether a None test's comparisons test a lookup of a key (`kwargs.get("scale") is not
// None`): whether a mapping a caller hands on holds the key is up to that call, not given by
// its being passed.
bool TestsLookup(const std::vector<TSNode>& comparisons, std::string_view text) {
  return std::any_of(comparisons.begin(), comparisons.end(), [&](TSNode comparison) {
    TSNode subject = ts_node_named_child(comparison, 0);
    TSNode callee = Field(subject, "function");
    return Is(subject, "call") && Is(callee, "attribute") &&
           NodeText(Field(callee, "attribute"), text) == "get";
  });
}

// Whether they test an optional input of an entry whose call nobody described, or a parameter
// only such inputs are handed on to (TruthCache::IsUnknownInput): `if pixel_values is not
// None:` in the entry's forward runs only when the user's call passes it, which gbreak was not
// told.
bool TestsUnknownInput(const std::vector<TSNode>& comparisons, FileFacts& facts) {
  return std::any_of(comparisons.begin(), comparisons.end(), [&](TSNode comparison) {
    TSNode subject = ts_node_named_child(comparison, 0);
    TSNode function = EnclosingFunction(comparison);
    return Is(subject, "identifier") && !ts_node_is_null(function) &&
           facts.region().truth_cache()->IsUnknownInput(ts_node_start_byte(function),
                                                        NodeText(subject, facts.text()));
  });
}

// Whether `test` is one Conditions reports: undecided and, with `inputs_only`, about how the
// function is called or configured.
bool Undecided(TSNode test, FileFacts& facts, bool inputs_only) {
  return !Decided(test, facts) && (!inputs_only || IsCallOrConfigTest(test, facts));
}

// The tests an `else` of `if_statement` waits on (none held): the `if`'s and each `elif`'s.
std::vector<TSNode> ClauseTests(TSNode if_statement) {
  std::vector<TSNode> tests{Field(if_statement, "condition")};
  for (TSNode clause : NamedChildren(if_statement)) {
    if (Is(clause, "elif_clause")) tests.push_back(Field(clause, "condition"));
  }
  return tests;
}

// Whether `binding` runs only under a test that does not also decide whether `use` runs (an if
// around the binding but not around the use) and that Undecided finds, or in an `except`
// handler.
bool BoundConditionally(TSNode binding, TSNode use, FileFacts& facts, bool inputs_only) {
  uint32_t use_start = ts_node_start_byte(use);
  uint32_t use_end = ts_node_end_byte(use);
  TSNode child = binding;
  for (TSNode n = ParentOf(binding); !ts_node_is_null(n); child = n, n = ParentOf(n)) {
    std::string_view type = NodeType(n);
    if (type == "function_definition" || type == "lambda" || type == "class_definition") break;
    if (ts_node_start_byte(n) <= use_start && use_end <= ts_node_end_byte(n)) break;
    if (type == "except_clause") return true;
    if ((type == "if_statement" || type == "elif_clause") &&
        SameNode(Field(n, "consequence"), child) &&
        Undecided(Field(n, "condition"), facts, inputs_only)) {
      return true;
    }
    if (type == "else_clause" && Is(ParentOf(n), "if_statement")) {
      for (TSNode test : ClauseTests(ParentOf(n))) {
        if (Undecided(test, facts, inputs_only)) return true;
      }
    }
  }
  return false;
}

// Whether `expression` reads `name`.
bool Reads(TSNode expression, std::string_view name, std::string_view text) {
  bool reads = false;
  ForEachNamedNode(expression, [&](TSNode n, std::string_view type) {
    reads = reads || (type == "identifier" && NodeText(n, text) == name);
    return !reads;
  });
  return reads;
}

// Whether `subject`, tested against None in `comparison`, is a local the function sets to None
// and to anything else only under tests gbreak cannot decide (`image_mask = None`, then
// `image_mask = ...` under `if pixel_values is not None:`): whether it is None says which of
// those branches ran, not that a caller passed something, so the test is a condition as theirs
// are. Assignments that update it from itself (`image_mask = image_mask[..., 0]`) keep what it
// was; a binding in a `for` or `with`, an augmented one, or one made whenever the test runs keeps
// it from counting.
bool SetOnlyUnderConditions(TSNode subject, TSNode comparison, FileFacts& facts,
                            bool inputs_only) {
  TSNode function = EnclosingFunction(comparison);
  if (!Is(subject, "identifier") || ts_node_is_null(function)) return false;
  std::string_view name = NodeText(subject, facts.text());
  BindingIndex& bindings = facts.bindings();
  if (!ts_node_is_null(bindings.ParameterNamed(function, name).node)) return false;
  std::pair<uint32_t, bool> key(ts_node_start_byte(comparison), inputs_only);
  auto [memo, fresh] = facts.set_conditionally().try_emplace(key, false);
  if (!fresh) return memo->second;  // known, or being worked out (a cycle: "no")
  bool set_none = false;
  bool conditional = false;
  for (TSNode binding : bindings.StatementsBinding(function, name)) {
    TSNode left = Field(binding, "left");
    TSNode right = Field(binding, "right");
    if (!Is(binding, "assignment") || ts_node_is_null(right)) return false;
    if (Is(left, "identifier") && Is(right, "none")) {
      set_none = true;
    } else if (!Reads(right, name, facts.text())) {
      if (!BoundConditionally(binding, comparison, facts, inputs_only)) return false;
      conditional = true;
    }
  }
  return facts.set_conditionally()[key] = set_none && conditional;
}

// Whether any of a None test's comparisons tests such a local.
bool TestsLocalSetConditionally(const std::vector<TSNode>& comparisons, FileFacts& facts,
                                bool inputs_only) {
  return std::any_of(comparisons.begin(), comparisons.end(), [&](TSNode comparison) {
    return SetOnlyUnderConditions(ts_node_named_child(comparison, 0), comparison, facts,
                                  inputs_only);
  });
}

// How a condition reads in "[only when ...]": `x is not None` as "`x` is given" (the words the
// program graph uses for calls only a given input makes; "is set" for a local of the function),
// anything else as written.
std::string ConditionText(TSNode condition, bool negated, FileFacts& facts) {
  std::string_view text = facts.text();
  if (Is(condition, "parenthesized_expression")) {
    return ConditionText(ts_node_named_child(condition, 0), negated, facts);
  }
  if (Is(condition, "not_operator")) {
    return ConditionText(Field(condition, "argument"), !negated, facts);
  }
  if (Is(condition, "comparison_operator") && NamedChildCount(condition) == 2 &&
      Is(ts_node_named_child(condition, 0), "identifier") &&
      Is(ts_node_named_child(condition, 1), "none")) {
    std::string op = ComparisonOperator(condition, text);
    if (op == "is" || op == "isnot") {
      bool given = (op == "isnot") != negated;
      std::string_view name = NodeText(ts_node_named_child(condition, 0), text);
      TSNode function = EnclosingFunction(condition);
      bool local = !ts_node_is_null(function) &&
                   ts_node_is_null(facts.bindings().ParameterNamed(function, name).node) &&
                   facts.bindings().NamesBoundIn(function).contains(name);
      std::string verb = local ? "set" : "given";
      return "`" + std::string(name) + "` is " + (given ? verb : "not " + verb);
    }
  }
  return (negated ? "not " : "") + Quoted(condition, text);
}

// `isinstance(x, torch.Tensor)` where some call that reaches here passes a tensor in
// `x` (transformers' `torch_compilable_check(cond, ...)` called with a tensor condition): the
// run takes that branch on that call, whatever other calls pass.
bool TensorTypeTest(TSNode condition, FileFacts& facts) {
  TSNode subject = TensorTypeTestSubject(condition, facts.text(), facts.imports());
  if (!Is(subject, "identifier")) return false;
  TSNode function = EnclosingFunction(condition);
  if (!ts_node_is_null(function) &&
      facts.values().TensorPassed(function, NodeText(subject, facts.text()))) {
    return true;
  }
  Value value = facts.values().Evaluate(subject);
  return value.Has(Value::kTensor) && !value.assumed;
}

// Whether `condition` folds while tracing in every mode the run analyzes (a branch it never
// takes is guarded away, not conditional), or reads tensor data.
bool Decided(TSNode condition, FileFacts& facts) {
  const RegionOptions& options = facts.region().options();
  bool decided = true;
  for (Mode mode : {Mode::kEval, Mode::kTrain}) {
    if (!(mode == Mode::kEval ? options.eval : options.train)) continue;
    Truth truth = EvaluateUnderCompile(condition, facts.text(), facts.imports(), mode,
                                       facts.region().truth_cache(), options.reduced_precision);
    if (truth == Truth::kUnknown) decided = false;
  }
  if (decided) return true;
  // A test on a per-layer configuration entry that holds in some layers and not in others:
  // both arms run in the model (TruthCache::Varies).
  TSNode test = condition;
  while (Is(test, "parenthesized_expression") || Is(test, "not_operator")) {
    test = ts_node_named_child(test, 0);
  }
  for (Mode mode : {Mode::kEval, Mode::kTrain}) {
    if (facts.region().truth_cache()->Varies(test, mode)) return true;
  }
  std::vector<TSNode> comparisons;
  if (NoneTestComparisons(condition, facts, &comparisons)) {
    return !TestsUnknownInput(comparisons, facts) && !TestsLookup(comparisons, facts.text()) &&
           !TestsLocalSetConditionally(comparisons, facts, false);
  }
  if (IsNonePredicateCall(condition, facts)) return true;
  if (TensorTypeTest(condition, facts)) return true;
  Value value = facts.values().Evaluate(condition);
  return value.Has(Value::kTensor) || value.Has(Value::kDataScalar);
}

// Whether an early exit's test is about how the code is called or configured (a flag, an
// optional input, a configuration value): it reads only what the function was given (its
// parameters, `self`) and module-level names, no tensor and not the environment. A test on a
// tensor (`if x.numel() == 0: return x`), on a value the function computed (`if n_spans == 0:
// return mask`) or on the environment (`os.getenv(...)`) picks out an edge case or an opt-out:
// the code after it is the path a run takes, not a conditional one.
// Whether the function sets what `n` reads (its text `written`): a local it binds, a collection
// it fills (`mapping[key] = ...`: a cache), or an attribute it assigns (`self._frozen = True`: a
// latch). A test on those is about state the run changes, not about how the code is called.
bool IsComputedIn(TSNode function, TSNode n, std::string_view written, FileFacts& facts) {
  BindingIndex& bindings = facts.bindings();
  if (Is(n, "identifier") && bindings.NamesBoundIn(function).contains(written)) return true;
  if (!Is(n, "identifier") && !Is(n, "attribute")) return false;
  return !bindings.FillsOf(function, written).empty() ||
         (Is(n, "attribute") && !bindings.AssignmentsTo(function, written).empty());
}

// With `tensors`, tensors count as given too (an optional tensor input a None test tests: its
// being there is up to the call, its data is not read).
bool IsPlainTest(TSNode condition, FileFacts& facts, bool tensors = false) {
  TSNode function = EnclosingFunction(condition);
  bool plain = true;
  ForEachNamedNode(condition, [&](TSNode n, std::string_view type) {
    if (!plain) return false;
    if (type == "identifier" || type == "attribute" || type == "call" || type == "subscript") {
      std::string_view written = NodeText(n, facts.text());
      if (written.starts_with("os.getenv") || written.starts_with("os.environ")) {
        plain = false;
        return false;
      }
      if (!tensors && type != "call" && facts.values().Evaluate(n).Has(Value::kTensor)) {
        plain = false;
      }
      if (!ts_node_is_null(function) && IsComputedIn(function, n, written, facts)) {
        plain = false;  // a value the function computed: a local, or state it sets
      }
    }
    return plain;
  });
  return plain;
}

// A None test is about how the code is called when each of its comparisons is (a tensor input
// tested against None included), also through a local the function sets only to None tests of
// its parameters (`can_compute`), or when what it tests is a local set only under such tests.
bool IsCallOrConfigTest(TSNode condition, FileFacts& facts) {
  std::vector<TSNode> comparisons;
  if (!NoneTestComparisons(condition, facts, &comparisons)) return IsPlainTest(condition, facts);
  return std::all_of(comparisons.begin(), comparisons.end(), [&](TSNode comparison) {
    return SetOnlyUnderConditions(ts_node_named_child(comparison, 0), comparison, facts, true) ||
           IsPlainTest(comparison, facts, /*tensors=*/true);
  });
}

// A finding says at most this many early exits' conditions (the nearest): a forward of hundreds
// of `if flag: return` would otherwise make each message, and the output, grow with the exits
// before it.
constexpr size_t kMaxExitConditions = 4;

// The undecided tests of the early exits before `child` in `block` (`if not
// is_flash_attention_requested(config): return None` before a `.item()`), worked out once per
// block, the nearest kMaxExitConditions of them in the block's order.
void EarlyExitConditions(TSNode block, TSNode child, FileFacts& facts,
                         std::vector<std::string>* out) {
  const FileFacts::ExitConditions* exits = facts.FindExitConditions(block);
  if (exits == nullptr) {
    FileFacts::ExitConditions found;
    for (TSNode statement : NamedChildren(block)) {
      if (!IsEarlyExit(statement)) continue;
      TSNode condition = Field(statement, "condition");
      if (!Decided(condition, facts) && IsCallOrConfigTest(condition, facts)) {
        found.emplace_back(ts_node_start_byte(statement),
                           ConditionText(condition, true, facts));
      }
    }
    exits = &facts.PutExitConditions(block, std::move(found));
  }
  auto end = std::lower_bound(exits->begin(), exits->end(),
                              std::make_pair(ts_node_start_byte(child), std::string()));
  auto begin = end - std::min<ptrdiff_t>(end - exits->begin(), kMaxExitConditions);
  for (auto it = begin; it != end; ++it) out->push_back(it->second);
}

bool IsOr(TSNode boolean_operator, std::string_view text) {
  return NodeText(Field(boolean_operator, "operator"), text) == "or";
}

// The operands of an `a and b and c` chain (parentheses looked through); the test itself when
// it is no `and`.
void AndOperands(TSNode test, std::string_view text, std::vector<TSNode>* out) {
  while (Is(test, "parenthesized_expression")) test = ts_node_named_child(test, 0);
  if (Is(test, "boolean_operator") && !IsOr(test, text)) {
    AndOperands(Field(test, "left"), text, out);
    AndOperands(Field(test, "right"), text, out);
    return;
  }
  out->push_back(test);
}

// UndecidedConditions, with `inputs_only`: only the tests IsCallOrConfigTest accepts.
std::vector<std::string> Conditions(TSNode node, FileFacts& facts, bool inputs_only) {
  auto undecided = [&](TSNode test) { return Undecided(test, facts, inputs_only); };
  std::vector<std::string> out;
  std::string_view text = facts.text();
  // Python evaluates the right operand of `a and b` only when `a` holds (of `a or b`, only when
  // it does not): what breaks there, or the truth of a whole `a and t` on a tensor `t` (the
  // break is t's), waits on `a` (`if config.rope_type != "default" and seq_len:`).
  auto short_circuit = [&](TSNode boolean_operator) {
    TSNode left = Field(boolean_operator, "left");
    if (undecided(left)) out.push_back(ConditionText(left, IsOr(boolean_operator, text), facts));
  };
  if (Is(node, "boolean_operator")) short_circuit(node);
  TSNode child = node;
  for (TSNode n = ParentOf(node); !ts_node_is_null(n); child = n, n = ParentOf(n)) {
    std::string_view type = NodeType(n);
    if (type == "function_definition" || type == "lambda" || type == "class_definition") break;
    if (type == "block") EarlyExitConditions(n, child, facts, &out);
    if (type == "boolean_operator" && SameNode(Field(n, "right"), child)) short_circuit(n);
    if (type == "if_statement" || type == "elif_clause") {
      TSNode condition = Field(n, "condition");
      if (!SameNode(Field(n, "consequence"), child)) continue;
      if (undecided(condition)) {
        out.push_back(ConditionText(condition, false, facts));
      } else {
        // A test on tensor data is decided (it is the break), but the branch also needs every
        // other operand of an `and` to hold.
        std::vector<TSNode> operands;
        AndOperands(condition, text, &operands);
        if (operands.size() < 2) continue;
        for (TSNode operand : operands) {
          if (undecided(operand)) out.push_back(ConditionText(operand, false, facts));
        }
      }
    } else if (type == "else_clause" && Is(ParentOf(n), "if_statement")) {
      // The else of `if a: ... elif b: ... else:`: none of the tests held.
      std::vector<TSNode> tests = ClauseTests(ParentOf(n));
      bool known = std::all_of(tests.begin(), tests.end(),
                               [&](TSNode test) { return Decided(test, facts); });
      bool inputs = std::all_of(tests.begin(), tests.end(),
                                [&](TSNode test) { return IsCallOrConfigTest(test, facts); });
      if (!known && (!inputs_only || inputs)) {
        std::vector<std::string> none;
        for (TSNode test : tests) none.push_back(ConditionText(test, true, facts));
        out.push_back(absl::StrJoin(none, " and "));
      }
    } else if (type == "conditional_expression" && NamedChildCount(n) == 3) {
      TSNode condition = ts_node_named_child(n, 1);
      bool body = SameNode(ts_node_named_child(n, 0), child);
      bool alternative = SameNode(ts_node_named_child(n, 2), child);
      if ((body || alternative) && undecided(condition)) {
        out.push_back(ConditionText(condition, alternative, facts));
      }
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> UndecidedConditions(TSNode node, FileFacts& facts) {
  return Conditions(node, facts, false);
}

std::vector<std::string> UndecidedInputConditions(TSNode node, FileFacts& facts) {
  return Conditions(node, facts, true);
}

}  // namespace gbreak
