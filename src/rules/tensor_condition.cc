#include "rules/tensor_condition.h"

#include <string_view>

namespace gbreak {

bool IsTensorComparison(TSNode comparison) {
  if (NamedChildCount(comparison) != 2) return false;
  for (uint32_t i = 0; i < ts_node_child_count(comparison); ++i) {
    TSNode child = ts_node_child(comparison, i);
    if (ts_node_is_named(child)) continue;
    std::string_view op = NodeType(child);
    if (op != "<" && op != ">" && op != "<=" && op != ">=" && op != "==" && op != "!=") {
      return false;
    }
  }
  return true;
}

bool HasNoTruthTest(TSNode node) {
  std::string_view type = NodeType(node);
  if (type == "boolean_operator" || type == "not_operator" || type == "conditional_expression" ||
      type == "lambda" || type == "list_comprehension" || type == "set_comprehension" ||
      type == "dictionary_comprehension" || type == "generator_expression" || type == "await" ||
      type == "yield") {
    return false;
  }
  if (type == "comparison_operator" && !IsTensorComparison(node)) return false;
  for (TSNode child : NamedChildren(node)) {
    if (!HasNoTruthTest(child)) return false;
  }
  return true;
}

}  // namespace gbreak
