#include "analysis/guards.h"

#include <set>
#include <string>

#include "analysis/syntax_queries.h"

namespace gbreak {
namespace {

constexpr int kMaxDepth = 32;

const std::set<std::string_view>& TrueWhileCompiling() {
  static const auto* s = new std::set<std::string_view>{
      "torch.compiler.is_compiling", "torch.compiler.is_dynamo_compiling",
      "torch._dynamo.is_compiling", "torch._dynamo.external_utils.is_compiling",
      "torch._utils.is_compiling"};
  return *s;
}
const std::set<std::string_view>& FalseWhileCompiling() {
  static const auto* s = new std::set<std::string_view>{
      "torch.jit.is_scripting", "torch.jit.is_tracing", "torch.onnx.is_in_onnx_export",
      "torch.fx._symbolic_trace.is_fx_tracing", "typing.TYPE_CHECKING", "torch._C._get_tracing_state"};
  return *s;
}
// Helpers libraries define for the same question (transformers, diffusers, accelerate).
const std::set<std::string_view>& CompilingHelperNames() {
  static const auto* s = new std::set<std::string_view>{
      "is_torchdynamo_compiling", "is_dynamo_compiling", "is_compiling", "is_torch_compiling"};
  return *s;
}

Truth Not(Truth t) {
  if (t == Truth::kTrue) return Truth::kFalse;
  if (t == Truth::kFalse) return Truth::kTrue;
  return Truth::kUnknown;
}

std::string LastName(std::string_view qualified) {
  size_t dot = qualified.rfind('.');
  return std::string(dot == std::string_view::npos ? qualified : qualified.substr(dot + 1));
}

class Evaluator {
 public:
  Evaluator(std::string_view text, const ImportTable& imports, Mode mode)
      : text_(text), imports_(imports), mode_(mode) {}

  Truth Eval(TSNode node, int depth) {
    if (ts_node_is_null(node) || depth > kMaxDepth) return Truth::kUnknown;
    std::string_view type = NodeType(node);
    if (type == "true") return Truth::kTrue;
    if (type == "false" || type == "none") return Truth::kFalse;
    if (type == "parenthesized_expression") return Eval(ts_node_named_child(node, 0), depth + 1);
    if (type == "not_operator") return Not(Eval(Field(node, "argument"), depth + 1));
    if (type == "boolean_operator") {
      Truth left = Eval(Field(node, "left"), depth + 1);
      Truth right = Eval(Field(node, "right"), depth + 1);
      bool is_and = NodeText(Field(node, "operator"), text_) == "and";
      if (is_and) {
        if (left == Truth::kFalse || right == Truth::kFalse) return Truth::kFalse;
        if (left == Truth::kTrue && right == Truth::kTrue) return Truth::kTrue;
      } else {
        if (left == Truth::kTrue || right == Truth::kTrue) return Truth::kTrue;
        if (left == Truth::kFalse && right == Truth::kFalse) return Truth::kFalse;
      }
      return Truth::kUnknown;
    }
    if (type == "call") {
      TSNode function = Field(node, "function");
      return NameTruth(function);
    }
    if (type == "attribute") {
      if (NodeText(Field(node, "attribute"), text_) == "training") {
        return mode_ == Mode::kTrain ? Truth::kTrue : Truth::kFalse;
      }
      return NameTruth(node);
    }
    if (type == "identifier") {
      std::string_view name = NodeText(node, text_);
      if (name == "TYPE_CHECKING") return Truth::kFalse;
      return VariableTruth(node, depth);
    }
    return Truth::kUnknown;
  }

 private:
  // A call of a known guard function, or the name itself (TYPE_CHECKING).
  Truth NameTruth(TSNode callee) {
    for (const std::string& name : QualifiedNames(callee, text_, imports_)) {
      if (TrueWhileCompiling().contains(name)) return Truth::kTrue;
      if (FalseWhileCompiling().contains(name)) return Truth::kFalse;
      if (CompilingHelperNames().contains(LastName(name))) return Truth::kTrue;
    }
    std::string_view text = NodeText(callee, text_);
    std::string last = LastName(text);
    if (CompilingHelperNames().contains(last)) return Truth::kTrue;
    if (last == "is_scripting" || last == "is_tracing") return Truth::kFalse;
    return Truth::kUnknown;
  }

  // A local variable assigned exactly once, from a guard: `compiling = is_compiling()`.
  Truth VariableTruth(TSNode identifier, int depth) {
    TSNode function = EnclosingFunction(identifier);
    if (ts_node_is_null(function)) return Truth::kUnknown;
    std::string_view name = NodeText(identifier, text_);
    TSNode only{};
    int count = 0;
    std::vector<TSNode> stack{Field(function, "body")};
    while (!stack.empty() && count < 2) {
      TSNode n = stack.back();
      stack.pop_back();
      if (Is(n, "function_definition") || Is(n, "class_definition")) continue;
      if ((Is(n, "assignment") || Is(n, "augmented_assignment")) &&
          NodeText(Field(n, "left"), text_) == name) {
        ++count;
        only = Field(n, "right");
        if (Is(n, "augmented_assignment")) count = 2;
      }
      for (uint32_t i = ts_node_named_child_count(n); i-- > 0;) {
        stack.push_back(ts_node_named_child(n, i));
      }
    }
    if (count != 1 || ts_node_is_null(only)) return Truth::kUnknown;
    return Eval(only, depth + 1);
  }

  std::string_view text_;
  const ImportTable& imports_;
  Mode mode_;
};

bool EndsWithExit(TSNode block) {
  uint32_t n = ts_node_named_child_count(block);
  if (n == 0) return false;
  TSNode last = ts_node_named_child(block, n - 1);
  return Is(last, "return_statement") || Is(last, "raise_statement");
}

}  // namespace

Truth EvaluateUnderCompile(TSNode condition, std::string_view text, const ImportTable& imports,
                           Mode mode) {
  return Evaluator(text, imports, mode).Eval(condition, 0);
}

bool IsGuardedAway(TSNode node, std::string_view text, const ImportTable& imports, Mode mode) {
  Evaluator evaluator(text, imports, mode);
  for (TSNode child = node, parent = ts_node_parent(node); !ts_node_is_null(parent);
       child = parent, parent = ts_node_parent(parent)) {
    std::string_view type = NodeType(parent);
    if (type == "if_statement") {
      TSNode condition = Field(parent, "condition");
      if (SameNode(child, condition)) continue;
      Truth truth = evaluator.Eval(condition, 0);
      if (SameNode(child, Field(parent, "consequence"))) {
        if (truth == Truth::kFalse) return true;
        continue;
      }
      // elif / else: every earlier condition must not be true, and an elif's own not false.
      if (truth == Truth::kTrue) return true;
      for (uint32_t i = 0; i < ts_node_named_child_count(parent); ++i) {
        TSNode clause = ts_node_named_child(parent, i);
        if (SameNode(clause, child)) {
          if (Is(clause, "elif_clause") &&
              evaluator.Eval(Field(clause, "condition"), 0) == Truth::kFalse) {
            return true;
          }
          break;
        }
        if (Is(clause, "elif_clause") &&
            evaluator.Eval(Field(clause, "condition"), 0) == Truth::kTrue) {
          return true;
        }
      }
      continue;
    }
    if (type == "conditional_expression") {
      // body if condition else alternative
      TSNode body = ts_node_named_child(parent, 0);
      TSNode condition = ts_node_named_child(parent, 1);
      Truth truth = evaluator.Eval(condition, 0);
      if (SameNode(child, body) && truth == Truth::kFalse) return true;
      if (SameNode(child, ts_node_named_child(parent, 2)) && truth == Truth::kTrue) return true;
      continue;
    }
    if (type == "block" || type == "module") {
      // An earlier `if <true while compiling>: ... return` ends the traced path here.
      for (uint32_t i = 0; i < ts_node_named_child_count(parent); ++i) {
        TSNode statement = ts_node_named_child(parent, i);
        if (SameNode(statement, child)) break;
        if (Is(statement, "if_statement") && EndsWithExit(Field(statement, "consequence")) &&
            evaluator.Eval(Field(statement, "condition"), 0) == Truth::kTrue) {
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace gbreak
