#include "rules/tensor_check_edit.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/value.h"
#include "rules/edit_text.h"
#include "rules/tensor_condition.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

// A condition `_assert_async` checks exactly as Python's truth test would: a tensor on every path
// (not None, not a Python bool, which `_assert_async` refuses with a TypeError), with no truth
// test inside. A one-element tensor passes when nonzero in both; a larger one raises the same
// RuntimeError ("Boolean value of Tensor with more than one value is ambiguous") in both.
bool IsCheckableTensor(TSNode condition, FileFacts& facts) {
  return HasNoTruthTest(condition) &&
         facts.values().Evaluate(condition).kinds == Value::kTensor;
}

// True for a str literal (not bytes) whose interpolations, if any, hold no tensor data.
bool IsStaticStr(TSNode string, FileFacts& facts) {
  TSNode start = ts_node_named_child(string, 0);
  if (!Is(start, "string_start")) return false;
  std::string_view prefix = NodeText(start, facts.text());
  if (prefix.find_first_of("bB") != std::string_view::npos) return false;
  std::vector<TSNode> stack;
  PushNamedChildren(stack, string);
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "interpolation")) {
      TSNode expression = Field(node, "expression");
      if (ts_node_is_null(expression)) expression = ts_node_named_child(node, 0);
      if (!facts.values().Evaluate(expression).IsStatic()) return false;
    }
    PushNamedChildren(stack, node);
  }
  return true;
}

// A message `_assert_async` keeps as it is: one str literal, or several concatenated.
bool IsKeepableMessage(TSNode message, FileFacts& facts) {
  if (Is(message, "string")) return IsStaticStr(message, facts);
  if (!Is(message, "concatenated_string")) return false;
  for (TSNode part : NamedChildren(message)) {
    if (!Is(part, "string") || !IsStaticStr(part, facts)) return false;
  }
  return true;
}

// What holds for any statement the edit rewrites: it parses, it is a statement of a function
// body, and `torch.` written there means the torch module.
bool IsRewritable(TSNode statement, FileFacts& facts) {
  return !ts_node_has_error(statement) && Is(ts_node_parent(statement), "block") &&
         InFunctionWithTorchVisible(statement, facts.bindings()) &&
         TorchIsTheTorchModule(facts.root(), facts.text(), facts.imports());
}

std::string CheckCall(std::string_view condition, std::string_view message) {
  return absl::StrCat(ToAbsl(kTensorCheck), "(", ToAbsl(condition), ", ", ToAbsl(message), ")");
}

TextEdit Replace(TSNode from, uint32_t end, std::string replacement) {
  TextEdit edit;
  edit.start = ts_node_start_byte(from);
  edit.end = end;
  edit.replacement = std::move(replacement);
  return edit;
}

// The operands of `a and b and c` (op "and"; or of `a or b ...`), left to right, seen through
// parentheses; the expression alone when it is no such operator.
void CollectOperands(TSNode node, std::string_view op, std::string_view text,
                     std::vector<TSNode>* out) {
  while (Is(node, "parenthesized_expression") && NamedChildCount(node) == 1) {
    node = ts_node_named_child(node, 0);
  }
  if (Is(node, "boolean_operator") && NodeText(Field(node, "operator"), text) == op) {
    CollectOperands(Field(node, "left"), op, text, out);
    CollectOperands(Field(node, "right"), op, text, out);
    return;
  }
  out->push_back(node);
}

// A message seen through its parentheses (`assert c, (\n "long message"\n)`): the call the edit
// writes holds it in parentheses of its own.
TSNode Unparenthesized(TSNode node) {
  while (Is(node, "parenthesized_expression") && NamedChildCount(node) == 1) {
    node = ts_node_named_child(node, 0);
  }
  return node;
}

// One check per condition, in order, each on a line of its own at `statement`'s indentation: a
// failing one raises before the next is evaluated, as `and` / `or` stop at the first that decides.
// Null when there are several and `statement` does not start its line (`x = 1; assert ...`).
std::optional<TextEdit> ChecksEdit(TSNode statement, uint32_t end,
                                   const std::vector<std::string>& conditions,
                                   std::string_view message, std::string_view text) {
  uint32_t start = ts_node_start_byte(statement);
  uint32_t line = LineStartOf(text, start);
  std::string_view indent = LeadingBlanks(text, line);
  if (conditions.size() > 1 && line + indent.size() != start) return std::nullopt;
  std::string out;
  for (const std::string& condition : conditions) {
    if (!out.empty()) absl::StrAppend(&out, ToAbsl(LineEndAt(text, line)), ToAbsl(indent));
    absl::StrAppend(&out, CheckCall(condition, message));
  }
  return Replace(statement, end, std::move(out));
}

// `assert a, msg` -> one check; `assert a and b, msg` -> a check of each.
std::optional<TextEdit> AssertEdit(TSNode assert_statement, FileFacts& facts) {
  std::vector<TSNode> parts = NamedChildren(assert_statement);
  if (parts.size() != 2 || Is(parts[0], "comment") || Is(parts[1], "comment") ||
      !IsRewritable(assert_statement, facts)) {
    return std::nullopt;
  }
  std::string_view text = facts.text();
  TSNode message = Unparenthesized(parts[1]);
  if (!IsKeepableMessage(message, facts)) return std::nullopt;
  std::vector<TSNode> operands;
  CollectOperands(parts[0], "and", text, &operands);
  std::vector<std::string> conditions;
  std::vector<TSNode> kept{message};
  for (TSNode operand : operands) {
    if (!IsCheckableTensor(operand, facts)) return std::nullopt;
    conditions.emplace_back(NodeText(operand, text));
    kept.push_back(operand);
  }
  uint32_t end = ts_node_end_byte(assert_statement);
  if (DropsAComment(assert_statement, end, kept)) return std::nullopt;
  return ChecksEdit(assert_statement, end, conditions, NodeText(message, text), text);
}

// True for a name that says it is an exception class (`ValueError`, `errors.ShapeError`): the
// edit drops the call, which must not be a function with effects of its own.
bool NamesAnException(TSNode callee, std::string_view text) {
  if (Is(callee, "attribute")) callee = Field(callee, "attribute");
  if (!Is(callee, "identifier")) return false;
  std::string_view name = NodeText(callee, text);
  return name.ends_with("Error") || name.ends_with("Exception");
}

// The message of `raise SomeError(<message>)`, or a null node for any other raise.
TSNode RaisedMessage(TSNode raise, FileFacts& facts) {
  std::vector<TSNode> parts = NamedChildren(raise);
  if (parts.size() != 1 || !ts_node_is_null(Field(raise, "cause"))) return TSNode{};
  TSNode call = parts[0];
  if (!Is(call, "call") || !NamesAnException(Field(call, "function"), facts.text())) {
    return TSNode{};
  }
  TSNode arguments = Field(call, "arguments");
  std::vector<TSNode> arguments_list = NamedChildren(arguments);
  if (!Is(arguments, "argument_list") || arguments_list.size() != 1 ||
      !IsKeepableMessage(arguments_list[0], facts)) {
    return TSNode{};
  }
  return arguments_list[0];
}

// The raise statement that is the whole body of `if_statement` (comments after it aside), or a
// null node.
TSNode OnlyRaise(TSNode if_statement) {
  if (!ts_node_is_null(Field(if_statement, "alternative"))) return TSNode{};
  for (TSNode child : NamedChildren(if_statement)) {
    if (Is(child, "elif_clause") || Is(child, "else_clause")) return TSNode{};
  }
  TSNode raise{};
  for (TSNode statement : NamedChildren(Field(if_statement, "consequence"))) {
    if (Is(statement, "comment") && !ts_node_is_null(raise)) continue;
    if (!Is(statement, "raise_statement") || !ts_node_is_null(raise)) return TSNode{};
    raise = statement;
  }
  return raise;
}

// `if c: raise E(msg)` -> a check of `not c`; `if a or b: raise` -> a check of `not a`, then of
// `not b`.
std::optional<TextEdit> RaiseIfEdit(TSNode if_statement, FileFacts& facts) {
  TSNode raise = OnlyRaise(if_statement);
  if (ts_node_is_null(raise) || !IsRewritable(if_statement, facts)) return std::nullopt;
  TSNode message = RaisedMessage(raise, facts);
  if (ts_node_is_null(message)) return std::nullopt;

  // `if not c: raise` checks `c`; `if c: raise` checks its negation. logical_not has Python's
  // truth for every dtype (`~` refuses floats): zero -> True.
  std::string_view text = facts.text();
  std::vector<TSNode> operands;
  CollectOperands(Field(if_statement, "condition"), "or", text, &operands);
  std::vector<std::string> conditions;
  std::vector<TSNode> kept{message};
  for (TSNode operand : operands) {
    bool negated = Is(operand, "not_operator");
    TSNode checked = negated ? Field(operand, "argument") : operand;
    if (ts_node_is_null(checked) || !IsCheckableTensor(checked, facts)) return std::nullopt;
    conditions.push_back(negated ? std::string(NodeText(checked, text))
                                 : absl::StrCat("torch.logical_not(",
                                                ToAbsl(NodeText(checked, text)), ")"));
    kept.push_back(checked);
  }
  uint32_t end = ts_node_end_byte(raise);
  if (DropsAComment(if_statement, end, kept)) return std::nullopt;
  return ChecksEdit(if_statement, end, conditions, NodeText(message, text), text);
}

}  // namespace

std::optional<TextEdit> TensorCheckEdit(TSNode report, FileFacts& facts) {
  if (ts_node_is_null(report)) return std::nullopt;
  TSNode parent = ts_node_parent(report);
  if (Is(parent, "assert_statement") && SameNode(ts_node_named_child(parent, 0), report)) {
    return AssertEdit(parent, facts);
  }
  if (Is(parent, "if_statement") && SameNode(Field(parent, "condition"), report)) {
    return RaiseIfEdit(parent, facts);
  }
  return std::nullopt;
}

}  // namespace gbreak
