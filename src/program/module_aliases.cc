#include "program/module_aliases.h"

#include <map>
#include <string_view>

namespace gbreak {
namespace {

bool IsNameOrAttributeChain(TSNode node) {
  while (Is(node, "attribute")) node = Field(node, "object");
  return Is(node, "identifier");
}

// The names a top-level statement binds other than by assignment.
void AddOtherBindings(TSNode statement, std::string_view text,
                      std::map<std::string, int, std::less<>>* bindings) {
  TSNode definition = Is(statement, "decorated_definition") ? Field(statement, "definition")
                                                             : statement;
  if (Is(definition, "function_definition") || Is(definition, "class_definition")) {
    ++(*bindings)[std::string(NodeText(Field(definition, "name"), text))];
    return;
  }
  if (!Is(statement, "import_statement") && !Is(statement, "import_from_statement")) return;
  for (TSNode child : NamedChildren(statement)) {
    TSNode name = Is(child, "aliased_import") ? Field(child, "alias") : child;
    if (Is(name, "dotted_name") && ts_node_named_child_count(name) > 0) {
      name = ts_node_named_child(name, 0);  // `import a.b` binds `a`
    }
    if (Is(name, "identifier")) ++(*bindings)[std::string(NodeText(name, text))];
  }
}

}  // namespace

std::vector<ModuleAlias> ModuleAliases(TSNode root, std::string_view text) {
  std::map<std::string, int, std::less<>> bindings;  // name -> top-level bindings of any kind
  std::vector<ModuleAlias> candidates;
  for (TSNode statement : NamedChildren(root)) {
    TSNode assignment = ts_node_named_child(statement, 0);
    if (!Is(statement, "expression_statement") || !Is(assignment, "assignment")) {
      AddOtherBindings(statement, text, &bindings);
      continue;
    }
    TSNode left = Field(assignment, "left");
    if (!Is(left, "identifier")) continue;
    std::string name(NodeText(left, text));
    ++bindings[name];
    TSNode right = Field(assignment, "right");
    if (!ts_node_is_null(Field(assignment, "type")) || ts_node_is_null(right) ||
        !IsNameOrAttributeChain(right)) {
      continue;
    }
    candidates.push_back({std::move(name), right});
  }
  std::vector<ModuleAlias> aliases;
  for (ModuleAlias& alias : candidates) {
    if (bindings[alias.name] == 1) aliases.push_back(std::move(alias));
  }
  return aliases;
}

}  // namespace gbreak
