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
  if (decided || IsNoneTest(condition, facts.text())) return true;
  if (TensorTypeTest(condition, facts)) return true;
  Value value = facts.values().Evaluate(condition);
  return value.Has(Value::kTensor) || value.Has(Value::kDataScalar);
}

}  // namespace

std::vector<std::string> UndecidedConditions(TSNode node, FileFacts& facts) {
  std::vector<std::string> out;
  std::string_view text = facts.text();
  TSNode child = node;
  for (TSNode n = ParentOf(node); !ts_node_is_null(n); child = n, n = ParentOf(n)) {
    std::string_view type = NodeType(n);
    if (type == "function_definition" || type == "lambda" || type == "class_definition") break;
    if (type == "if_statement" || type == "elif_clause") {
      TSNode condition = Field(n, "condition");
      if (SameNode(Field(n, "consequence"), child) && !Decided(condition, facts)) {
        out.push_back(Quoted(condition, text));
      }
    } else if (type == "else_clause" && Is(ParentOf(n), "if_statement")) {
      // The else of `if a: ... elif b: ... else:`: none of the tests held.
      TSNode owner = ParentOf(n);
      std::vector<TSNode> tests{Field(owner, "condition")};
      for (TSNode clause : NamedChildren(owner)) {
        if (Is(clause, "elif_clause")) tests.push_back(Field(clause, "condition"));
      }
      if (!std::all_of(tests.begin(), tests.end(),
                       [&](TSNode test) { return Decided(test, facts); })) {
        std::vector<std::string> none;
        for (TSNode test : tests) none.push_back("not " + Quoted(test, text));
        out.push_back(absl::StrJoin(none, " and "));
      }
    } else if (type == "conditional_expression" && NamedChildCount(n) == 3) {
      TSNode condition = ts_node_named_child(n, 1);
      bool body = SameNode(ts_node_named_child(n, 0), child);
      bool alternative = SameNode(ts_node_named_child(n, 2), child);
      if ((body || alternative) && !Decided(condition, facts)) {
        out.push_back((alternative ? "not " : "") + Quoted(condition, text));
      }
    }
  }
  return out;
}

}  // namespace gbreak
