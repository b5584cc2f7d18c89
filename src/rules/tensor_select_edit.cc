#include "rules/tensor_select_edit.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/syntax_queries.h"
#include "analysis/value.h"
#include "rules/edit_text.h"
#include "rules/tensor_condition.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

// Reductions over every element: without arguments (no `dim`) they give a 0-d tensor.
const std::set<std::string_view>& FullReductions() {
  static const std::set<std::string_view> names = {"all", "any", "sum", "max", "min", "mean",
                                                   "prod", "amax", "amin", "norm"};
  return names;
}

// Functions of a tensor that keep its shape and dtype when their other arguments are Python
// values: what the selected side may be.
const std::set<std::string_view>& ElementwiseSameDtype() {
  static const std::set<std::string_view> names = {"clamp", "clip", "clamp_min", "clamp_max",
                                                   "nan_to_num"};
  return names;
}

// A Python value, known to hold no tensor data (a constant, a size, None).
bool IsPythonValue(TSNode node, FileFacts& facts) {
  return facts.values().Evaluate(node).IsStatic();
}

// The name of the `torch.` function `callee` is, as the imports resolve it (`any` for
// `torch.any`, or for `any` from `from torch import any`); empty for anything else.
std::string TorchFunctionName(TSNode callee, FileFacts& facts) {
  for (const std::string& qualified : facts.QualifiedNamesOf(callee)) {
    if (qualified.starts_with("torch.") && qualified.find('.', 6) == std::string::npos) {
      return qualified.substr(6);
    }
  }
  return "";
}

// A tensor that is 0-d by construction: a full reduction (`x.all()`, `torch.any(x)`), or a
// comparison of such with another or with a Python value. No Python truth test inside.
bool IsZeroDimTensor(TSNode node, FileFacts& facts) {
  if (Is(node, "parenthesized_expression")) {
    return IsZeroDimTensor(ts_node_named_child(node, 0), facts);
  }
  if (Is(node, "comparison_operator")) {
    if (!IsTensorComparison(node)) return false;
    TSNode left = ts_node_named_child(node, 0), right = ts_node_named_child(node, 1);
    bool left_0d = IsZeroDimTensor(left, facts), right_0d = IsZeroDimTensor(right, facts);
    return (left_0d && (right_0d || IsPythonValue(right, facts))) ||
           (right_0d && IsPythonValue(left, facts));
  }
  if (!Is(node, "call") || facts.values().Evaluate(node).kinds != Value::kTensor) return false;
  TSNode callee = Field(node, "function");
  std::vector<TSNode> arguments = NamedChildren(Field(node, "arguments"));
  if (std::string name = TorchFunctionName(callee, facts); !name.empty()) {
    // torch.any(x): one tensor, nothing else.
    return FullReductions().contains(name) && arguments.size() == 1 &&
           !Is(arguments[0], "keyword_argument") && !Is(arguments[0], "list_splat") &&
           facts.values().Evaluate(arguments[0]).kinds == Value::kTensor;
  }
  if (!Is(callee, "attribute") || !arguments.empty()) return false;  // x.all()
  return FullReductions().contains(NodeText(Field(callee, "attribute"), facts.text())) &&
         facts.values().Evaluate(Field(callee, "object")).kinds == Value::kTensor;
}

// `name = value` as a whole statement: the assignment, or null.
TSNode SimpleAssignment(TSNode statement) {
  if (!Is(statement, "expression_statement") || NamedChildCount(statement) != 1) return TSNode{};
  TSNode assignment = ts_node_named_child(statement, 0);
  if (!Is(assignment, "assignment") || !Is(Field(assignment, "left"), "identifier") ||
      !ts_node_is_null(Field(assignment, "type")) || ts_node_is_null(Field(assignment, "right")) ||
      Is(Field(assignment, "right"), "assignment")) {  // `a = b = c`
    return TSNode{};
  }
  return assignment;
}

// True when every call in `node` is of a `torch.` function (no effects of the user's own), and
// nothing in it assigns, yields or awaits.
bool CallsOnlyTorch(TSNode node, FileFacts& facts) {
  std::string_view type = NodeType(node);
  if (type == "named_expression" || type == "yield" || type == "await" || type == "lambda") {
    return false;
  }
  if (type == "call" && TorchFunctionName(Field(node, "function"), facts).empty()) return false;
  for (TSNode child : NamedChildren(node)) {
    if (!CallsOnlyTorch(child, facts)) return false;
  }
  return true;
}

// `torch.clamp(h, ...)` / `h.clamp(...)` and the like of the name `target` (ElementwiseSameDtype),
// the other arguments Python values; `target` a tensor where it is read.
bool IsElementwiseOfItself(TSNode value, std::string_view target, FileFacts& facts) {
  if (!Is(value, "call")) return false;
  std::string_view text = facts.text();
  TSNode callee = Field(value, "function");
  std::vector<TSNode> arguments = NamedChildren(Field(value, "arguments"));
  std::string name = TorchFunctionName(callee, facts);
  TSNode self{};
  size_t first_other = 0;
  if (!name.empty()) {
    if (arguments.empty()) return false;
    self = arguments[0];
    first_other = 1;
  } else if (Is(callee, "attribute")) {
    name = std::string(NodeText(Field(callee, "attribute"), text));
    self = Field(callee, "object");
  } else {
    return false;
  }
  if (!ElementwiseSameDtype().contains(name) || !Is(self, "identifier") ||
      NodeText(self, text) != target || facts.values().Evaluate(self).kinds != Value::kTensor) {
    return false;
  }
  for (size_t i = first_other; i < arguments.size(); ++i) {
    TSNode argument = arguments[i];
    if (Is(argument, "list_splat") || Is(argument, "dictionary_splat") ||
        Is(argument, "comment")) {
      return false;
    }
    if (Is(argument, "keyword_argument")) argument = Field(argument, "value");
    if (!IsPythonValue(argument, facts) || !CallsOnlyTorch(argument, facts)) return false;
  }
  return true;
}

// True when `name` is read or bound in `function` outside `block` (attribute names and keyword
// names are not reads of it).
bool UsedOutside(TSNode function, std::string_view name, TSNode block, std::string_view text) {
  uint32_t block_start = ts_node_start_byte(block), block_end = ts_node_end_byte(block);
  std::vector<TSNode> stack;
  PushNamedChildren(stack, function);
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (ts_node_start_byte(node) >= block_start && ts_node_end_byte(node) <= block_end) continue;
    if (Is(node, "identifier") && NodeText(node, text) == name) {
      TSNode parent = ts_node_parent(node);
      bool attribute_name = Is(parent, "attribute") && SameNode(Field(parent, "attribute"), node);
      bool keyword_name =
          Is(parent, "keyword_argument") && SameNode(Field(parent, "name"), node);
      if (!attribute_name && !keyword_name) return true;
    }
    PushNamedChildren(stack, node);
  }
  return false;
}

bool HasNoElseBranch(TSNode if_statement) {
  for (TSNode child : NamedChildren(if_statement)) {
    if (Is(child, "elif_clause") || Is(child, "else_clause")) return false;
  }
  return ts_node_is_null(Field(if_statement, "alternative"));
}

std::optional<TextEdit> SelectIfEdit(TSNode if_statement, FileFacts& facts) {
  std::string_view text = facts.text();
  TSNode function = EnclosingFunction(if_statement);
  TSNode body = Field(if_statement, "consequence");
  if (!HasNoElseBranch(if_statement) || !Is(body, "block") || ts_node_is_null(function) ||
      !Is(function, "function_definition") || ts_node_has_error(if_statement) ||
      !Is(ts_node_parent(if_statement), "block") ||
      !InFunctionWithTorchVisible(if_statement, facts.bindings()) ||
      !TorchIsTheTorchModule(facts.root(), text, facts.imports())) {
    return std::nullopt;
  }
  // The test: `if c:` selects with c, `if not c:` with its negation.
  TSNode condition = Field(if_statement, "condition");
  bool negated = Is(condition, "not_operator");
  TSNode tested = negated ? Field(condition, "argument") : condition;
  if (ts_node_is_null(tested) || !HasNoTruthTest(tested) || !IsZeroDimTensor(tested, facts)) {
    return std::nullopt;
  }
  // The body: Python values, then the one tensor it replaces.
  std::vector<TSNode> statements = NamedChildren(body);
  if (statements.empty()) return std::nullopt;
  std::vector<TSNode> kept{tested};
  for (size_t i = 0; i < statements.size(); ++i) {
    TSNode assignment = SimpleAssignment(statements[i]);
    if (ts_node_is_null(assignment)) return std::nullopt;
    std::string_view name = NodeText(Field(assignment, "left"), text);
    TSNode value = Field(assignment, "right");
    kept.push_back(statements[i]);
    if (i + 1 == statements.size()) {
      if (!IsElementwiseOfItself(value, name, facts)) return std::nullopt;
    } else if (!IsPythonValue(value, facts) || !CallsOnlyTorch(value, facts) ||
               UsedOutside(function, name, body, text)) {
      return std::nullopt;
    }
  }
  if (DropsAComment(if_statement, ts_node_end_byte(statements.back()), kept)) return std::nullopt;

  uint32_t start = ts_node_start_byte(if_statement);
  std::string_view indent = LeadingBlanks(text, LineStartOf(text, start));
  if (LineStartOf(text, start) + indent.size() != start) return std::nullopt;  // `x; if c: ...`
  std::string_view line_end = LineEndAt(text, LineStartOf(text, start));
  std::string out;
  for (size_t i = 0; i + 1 < statements.size(); ++i) {
    absl::StrAppend(&out, ToAbsl(NodeText(statements[i], text)), ToAbsl(line_end),
                    ToAbsl(indent));
  }
  TSNode last = SimpleAssignment(statements.back());
  std::string_view target = NodeText(Field(last, "left"), text);
  std::string selector = negated ? absl::StrCat("torch.logical_not(",
                                                ToAbsl(NodeText(tested, text)), ")")
                                 : std::string(NodeText(tested, text));
  absl::StrAppend(&out, ToAbsl(target), " = torch.where(", selector, ", ",
                  ToAbsl(NodeText(Field(last, "right"), text)), ", ", ToAbsl(target), ")");
  TextEdit edit;
  edit.start = start;
  edit.end = ts_node_end_byte(statements.back());
  edit.replacement = std::move(out);
  return edit;
}

}  // namespace

std::optional<TextEdit> TensorSelectEdit(TSNode report, FileFacts& facts) {
  if (ts_node_is_null(report)) return std::nullopt;
  TSNode parent = ts_node_parent(report);
  if (!Is(parent, "if_statement") || !SameNode(Field(parent, "condition"), report)) {
    return std::nullopt;
  }
  return SelectIfEdit(parent, facts);
}

}  // namespace gbreak
