#include "analysis/loop_elements.h"

#include <cstdint>
#include <vector>

#include "analysis/syntax_queries.h"
#include "syntax/tree_index.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

// What `loop` hands `name` each round: the expression whose elements it takes (`self.layers` in
// `for i, m in enumerate(self.layers)`), or null when the loop binds `name` to something else
// (an index, a tuple, the result of another call).
TSNode IteratedInto(TSNode loop, std::string_view name, std::string_view text) {
  TSNode target = Field(loop, "left");
  TSNode iterated = Field(loop, "right");
  if (Is(target, "identifier")) return NodeText(target, text) == name ? iterated : TSNode{};
  if (!Is(target, "pattern_list") && !Is(target, "tuple_pattern")) return {};
  std::vector<TSNode> names = NamedChildren(target);
  std::vector<TSNode> given = Is(iterated, "call") ? NamedChildren(Field(iterated, "arguments"))
                                                   : std::vector<TSNode>{};
  std::string_view over = Is(iterated, "call") ? NodeText(Field(iterated, "function"), text) : "";
  for (size_t i = 0; i < names.size(); ++i) {
    if (!Is(names[i], "identifier") || NodeText(names[i], text) != name) continue;
    if (over == "enumerate" && given.size() == 1 && i == 1) return given[0];
    if (over == "zip" && i < given.size() && names.size() == given.size()) return given[i];
    return {};
  }
  return {};
}

// `self.<attribute>` (through a slice, `self.layers[1:]`), or null.
TSNode SelfContainer(TSNode iterated, std::string_view text) {
  if (Is(iterated, "subscript") && Is(Field(iterated, "subscript"), "slice")) {
    iterated = Field(iterated, "value");
  }
  return Is(iterated, "attribute") && IsSelf(Field(iterated, "object"), text) ? iterated : TSNode{};
}

// The names a loop binds each round.
std::vector<std::string_view> TargetNames(TSNode loop, std::string_view text) {
  TSNode target = Field(loop, "left");
  std::vector<TSNode> names =
      Is(target, "identifier") ? std::vector<TSNode>{target} : NamedChildren(target);
  std::vector<std::string_view> out;
  for (TSNode n : names) {
    if (Is(n, "identifier")) out.push_back(NodeText(n, text));
  }
  return out;
}

// A loop whose body is open around the walk.
struct OpenLoop {
  TSNode loop;
  uint32_t body_start;
  uint32_t body_end;
  std::vector<std::string_view> names;
};

}  // namespace

LoopElements::LoopElements(TSNode function, std::string_view text) {
  // Python allows 20 statically nested blocks, so the scan of the open loops per name is short;
  // the walk itself visits each node of the body once.
  std::vector<OpenLoop> open;
  ForEachNamedNode(Field(function, "body"), [&](TSNode node, std::string_view type) {
    uint32_t at = ts_node_start_byte(node);
    while (!open.empty() && at >= open.back().body_end) open.pop_back();
    if (type == "function_definition" || type == "class_definition" || type == "lambda") {
      return false;
    }
    if (type == "for_statement") {
      TSNode body = Field(node, "body");
      open.push_back(OpenLoop{node, ts_node_start_byte(body), ts_node_end_byte(body),
                              TargetNames(node, text)});
      return true;
    }
    if (type != "identifier" || open.empty()) return true;
    std::string_view name = NodeText(node, text);
    for (auto loop = open.rbegin(); loop != open.rend(); ++loop) {
      // A loop binds its target in its body only (not in its iterable, nor in its else clause).
      if (at < loop->body_start) continue;
      bool binds = false;
      for (std::string_view bound : loop->names) binds = binds || bound == name;
      if (!binds) continue;
      TSNode container = SelfContainer(IteratedInto(loop->loop, name, text), text);
      if (!ts_node_is_null(container)) containers_.emplace(node.id, container);
      break;
    }
    return true;
  });
}

TSNode LoopElements::ContainerOf(TSNode name) const {
  auto it = containers_.find(name.id);
  return it == containers_.end() ? TSNode{} : it->second;
}

}  // namespace gbreak
