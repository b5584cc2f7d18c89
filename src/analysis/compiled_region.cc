#include "analysis/compiled_region.h"

#include "analysis/syntax_queries.h"

namespace gbreak {

bool IsInForwardMethod(TSNode node, std::string_view source) {
  // Any enclosing function counts: a nested helper defined inside forward is traced too.
  for (TSNode function = EnclosingFunction(node); !ts_node_is_null(function);
       function = EnclosingFunction(function)) {
    TSNode name = ts_node_child_by_field_name(function, "name", 4);
    if (NodeText(name, source) != "forward") continue;
    // function_definition -> (decorated_definition ->) block -> class_definition
    TSNode up = ts_node_parent(function);
    if (!ts_node_is_null(up) && NodeType(up) == "decorated_definition") up = ts_node_parent(up);
    if (ts_node_is_null(up) || NodeType(up) != "block") continue;
    TSNode owner = ts_node_parent(up);
    if (!ts_node_is_null(owner) && NodeType(owner) == "class_definition") return true;
  }
  return false;
}

}  // namespace gbreak
