#include "analysis/syntax_queries.h"

namespace gbreak {

TSNode EnclosingFunction(TSNode node) { return NearestAncestor(node, "function_definition"); }

TSNode EnclosingClass(TSNode node) { return NearestAncestor(node, "class_definition"); }

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

TSNode ParameterNameNode(TSNode parameter) {
  if (Is(parameter, "identifier")) return parameter;
  if (Is(parameter, "default_parameter") || Is(parameter, "typed_default_parameter")) {
    return Field(parameter, "name");
  }
  if (Is(parameter, "typed_parameter")) {
    TSNode first = ts_node_named_child(parameter, 0);
    if (Is(first, "identifier")) return first;
  }
  return TSNode{};
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

bool IsStaticMethod(TSNode function, std::string_view text) {
  for (TSNode decorator : Decorators(function)) {
    if (NodeText(ts_node_named_child(decorator, 0), text) == "staticmethod") return true;
  }
  return false;
}

bool IsBoolOrNoneLiteral(TSNode node) {
  return Is(node, "true") || Is(node, "false") || Is(node, "none");
}

std::vector<TSNode> AssignmentsTo(TSNode function, std::string_view name, std::string_view text) {
  std::vector<TSNode> out;
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    if (type == "function_definition" || type == "class_definition") return false;
    if ((type == "assignment" || type == "augmented_assignment") &&
        NodeText(Field(n, "left"), text) == name) {
      out.push_back(n);
    }
    return true;
  });
  return out;
}

std::string ComparisonOperator(TSNode comparison, std::string_view text) {
  TSNode left = ts_node_named_child(comparison, 0);
  TSNode right = ts_node_named_child(comparison, 1);
  std::string op(text.substr(ts_node_end_byte(left), ts_node_start_byte(right) - ts_node_end_byte(left)));
  std::erase(op, ' ');
  return op;
}

}  // namespace gbreak
