#include "analysis/syntax_queries.h"

namespace gbreak {

TSNode EnclosingFunction(TSNode node) {
  for (TSNode n = ts_node_parent(node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (NodeType(n) == "function_definition") return n;
  }
  return TSNode{};
}

TSNode EnclosingClass(TSNode node) {
  for (TSNode n = ts_node_parent(node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (NodeType(n) == "class_definition") return n;
  }
  return TSNode{};
}

TSNode OwningClass(TSNode function) {
  TSNode up = ts_node_parent(function);
  if (Is(up, "decorated_definition")) up = ts_node_parent(up);
  if (!Is(up, "block")) return TSNode{};
  TSNode owner = ts_node_parent(up);
  return Is(owner, "class_definition") ? owner : TSNode{};
}

std::vector<TSNode> Decorators(TSNode definition) {
  std::vector<TSNode> out;
  TSNode parent = ts_node_parent(definition);
  if (!Is(parent, "decorated_definition")) return out;
  for (uint32_t i = 0; i < NamedChildCount(parent); ++i) {
    TSNode child = ts_node_named_child(parent, i);
    if (Is(child, "decorator")) out.push_back(child);
  }
  return out;
}

std::string DefinitionName(TSNode definition, std::string_view text) {
  return std::string(NodeText(Field(definition, "name"), text));
}

TSNode EnclosingStatement(TSNode node) {
  for (TSNode n = node; !ts_node_is_null(n); n = ts_node_parent(n)) {
    TSNode parent = ts_node_parent(n);
    if (ts_node_is_null(parent) || Is(parent, "block") || Is(parent, "module")) return n;
  }
  return node;
}

}  // namespace gbreak
