#include "analysis/placement.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

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

// Whether a `return` of `function`'s own code starts in [from, to).
bool ReturnsBetween(TSNode function, uint32_t from, uint32_t to) {
  std::vector<TSNode> stack = {Field(function, "body")};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (ts_node_end_byte(node) < from || ts_node_start_byte(node) >= to) continue;
    if (Is(node, "return_statement") && ts_node_start_byte(node) >= from) return true;
    for (TSNode child : NamedChildren(node)) {
      if (!IsOwnCodeObject(child)) stack.push_back(child);
    }
  }
  return false;
}

// Whether a break at `node` makes Dynamo give up on `function`: the function's bytecode jumps
// back to before the break before it next returns (symbolic_convert.py, maybe_has_backedge).
// In CPython 3.11 only loops jump backwards, from the end of their body to its start, and code is
// laid out in source order: the break must be in a loop body, with no `return` between it and
// the end of that body. A loop that only follows the break jumps back to its own start, after
// the break, and a break in a loop's header (the iterable, a `while` test the first time) comes
// before the body it would jump back to: Dynamo resumes after either (corpus
// control_flow/break_in_loop_skips_frame.py, recorded on torch 2.13).
bool JumpsBackOver(TSNode node, TSNode function) {
  uint32_t start = ts_node_start_byte(node);
  std::optional<uint32_t> body_end;
  for (TSNode n = ParentOf(node); !ts_node_is_null(n) && !SameNode(n, function); n = ParentOf(n)) {
    if (!Is(n, "for_statement") && !Is(n, "while_statement")) continue;
    TSNode body = Field(n, "body");
    if (ts_node_start_byte(body) <= start) {
      body_end = std::min(body_end.value_or(UINT32_MAX), ts_node_end_byte(body));
    }
  }
  return body_end && !ReturnsBetween(function, ts_node_end_byte(node), *body_end);
}

bool IsLastStatement(TSNode statement, TSNode function) {
  TSNode body = Field(function, "body");
  uint32_t n = NamedChildCount(body);
  return n > 0 && SameNode(ts_node_named_child(body, n - 1), statement);
}

}  // namespace

bool IsOwnCodeObject(TSNode node) {
  std::string_view type = NodeType(node);
  return type == "function_definition" || type == "class_definition" || type == "lambda" ||
         type == "list_comprehension" || type == "set_comprehension" ||
         type == "dictionary_comprehension" || type == "generator_expression";
}

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
  if (JumpsBackOver(node, function)) return StatementPlacement::kInLoop;
  bool in_with = false;
  for (TSNode n = ParentOf(node); !ts_node_is_null(n) && !SameNode(n, function);
       n = ParentOf(n)) {
    std::string_view type = NodeType(n);
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
