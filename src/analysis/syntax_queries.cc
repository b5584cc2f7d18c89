#include "analysis/syntax_queries.h"

namespace gbreak {

TSNode EnclosingFunction(TSNode node) {
  for (TSNode n = ParentOf(node); !ts_node_is_null(n); n = ParentOf(n)) {
    if (NodeType(n) == "function_definition") return n;
  }
  return TSNode{};
}

TSNode EnclosingClass(TSNode node) {
  for (TSNode n = ParentOf(node); !ts_node_is_null(n); n = ParentOf(n)) {
    if (NodeType(n) == "class_definition") return n;
  }
  return TSNode{};
}

TSNode OwningClass(TSNode function) {
  TSNode up = ParentOf(function);
  if (Is(up, "decorated_definition")) up = ParentOf(up);
  if (!Is(up, "block")) return TSNode{};
  TSNode owner = ParentOf(up);
  return Is(owner, "class_definition") ? owner : TSNode{};
}

std::vector<TSNode> Decorators(TSNode definition) {
  std::vector<TSNode> out;
  TSNode parent = ParentOf(definition);
  if (!Is(parent, "decorated_definition")) return out;
  for (TSNode child : NamedChildren(parent)) {
    if (Is(child, "decorator")) out.push_back(child);
  }
  return out;
}

std::string DefinitionName(TSNode definition, std::string_view text) {
  return std::string(NodeText(Field(definition, "name"), text));
}

TSNode EnclosingStatement(TSNode node) {
  for (TSNode n = node; !ts_node_is_null(n); n = ParentOf(n)) {
    TSNode parent = ParentOf(n);
    if (ts_node_is_null(parent) || Is(parent, "block") || Is(parent, "module")) return n;
  }
  return node;
}

}  // namespace gbreak
