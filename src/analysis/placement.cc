#include "analysis/placement.h"

#include <set>
#include <string>

#include "analysis/syntax_queries.h"

namespace gbreak {
namespace {

// Context managers Dynamo traces through (a break inside them resumes normally).
bool IsTracedContext(TSNode with_item_value, std::string_view text, const ImportTable& imports) {
  static const std::set<std::string_view> kTraced = {
      "torch.no_grad", "torch.enable_grad", "torch.set_grad_enabled", "torch.inference_mode",
      "torch.autocast", "torch.cuda.amp.autocast", "torch.amp.autocast", "torch.cpu.amp.autocast",
      "torch.autograd.profiler.record_function", "torch.profiler.record_function",
      "contextlib.nullcontext"};
  TSNode callee = Is(with_item_value, "call") ? Field(with_item_value, "function") : with_item_value;
  for (const std::string& name : QualifiedNames(callee, text, imports)) {
    if (kTraced.contains(name)) return true;
  }
  return false;
}

// Functions whose bodies run as higher-order-op branches.
bool IsHigherOrderOp(TSNode call, std::string_view text, const ImportTable& imports) {
  static const std::set<std::string_view> kHops = {
      "torch.cond", "torch._higher_order_ops.cond", "torch._higher_order_ops.while_loop",
      "torch._higher_order_ops.cond.cond", "torch._higher_order_ops.while_loop.while_loop",
      "torch._higher_order_ops.scan", "torch._higher_order_ops.map", "torch.ops.higher_order.cond",
      "torch.ops.higher_order.while_loop", "functorch.experimental.control_flow.cond",
      "functorch.experimental.control_flow.map"};
  for (const std::string& name : QualifiedNames(Field(call, "function"), text, imports)) {
    if (kHops.contains(name)) return true;
  }
  return false;
}

bool IsLastStatement(TSNode statement, TSNode function) {
  TSNode body = Field(function, "body");
  uint32_t n = NamedChildCount(body);
  return n > 0 && SameNode(ts_node_named_child(body, n - 1), statement);
}

}  // namespace

std::set<std::string> HigherOrderOpBodyNames(TSNode root, std::string_view text,
                                             const ImportTable& imports) {
  std::set<std::string> names;
  ForEachNamedNode(root, [&](TSNode node, std::string_view type) {
    if (type == "call" && IsHigherOrderOp(node, text, imports)) {
      for (TSNode argument : NamedChildren(Field(node, "arguments"))) {
        TSNode tail = Is(argument, "attribute") ? Field(argument, "attribute") : argument;
        if (Is(tail, "identifier")) names.emplace(NodeText(tail, text));
      }
    }
    return true;
  });
  return names;
}

StatementPlacement PlacementOf(TSNode node, std::string_view text, const ImportTable& imports) {
  TSNode root = node;
  while (!ts_node_is_null(ParentOf(root))) root = ParentOf(root);
  return PlacementOf(node, text, imports, HigherOrderOpBodyNames(root, text, imports));
}

StatementPlacement PlacementOf(TSNode node, std::string_view text, const ImportTable& imports,
                               const std::set<std::string>& higher_order_op_bodies) {
  TSNode function = EnclosingFunction(node);
  if (ts_node_is_null(function)) return StatementPlacement::kPlain;
  if (higher_order_op_bodies.contains(DefinitionName(function, text))) {
    return StatementPlacement::kInHigherOrderOp;
  }
  bool in_with = false;
  for (TSNode n = ParentOf(node); !ts_node_is_null(n) && !SameNode(n, function);
       n = ParentOf(n)) {
    std::string_view type = NodeType(n);
    if (type == "for_statement" || type == "while_statement") {
      return StatementPlacement::kInLoop;
    }
    if (type == "with_statement" && !in_with) {
      TSNode clause = ts_node_named_child(n, 0);
      for (TSNode item : NamedChildren(clause)) {
        TSNode value = Field(item, "value");
        if (Is(value, "as_pattern")) value = ts_node_named_child(value, 0);
        if (!IsTracedContext(value, text, imports)) in_with = true;
      }
    }
  }
  if (in_with) return StatementPlacement::kInWith;
  // The statement directly in the function body that holds the node.
  TSNode statement = node;
  while (!ts_node_is_null(ParentOf(statement)) &&
         !SameNode(ParentOf(statement), Field(function, "body"))) {
    statement = ParentOf(statement);
  }
  if (IsLastStatement(statement, function) &&
      (Is(statement, "return_statement") || Is(statement, "expression_statement"))) {
    return StatementPlacement::kLastStatement;
  }
  return StatementPlacement::kPlain;
}

}  // namespace gbreak
