#include "program/lazy_exports.h"

#include <map>
#include <optional>
#include <set>

#include "syntax/string_literal.h"

namespace gbreak {
namespace {

// Module-level statements: those of the module and of the blocks of its if/try/with/for/while
// statements, never of a function's or class's body.
template <typename Visit>
void ForEachModuleStatement(TSNode root, Visit visit) {
  std::vector<TSNode> stack = {root};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    for (TSNode child : NamedChildren(node)) {
      if (Is(child, "expression_statement")) {
        visit(child);
      } else if (!Is(child, "function_definition") && !Is(child, "class_definition") &&
                 !Is(child, "decorated_definition") && !Is(child, "comment")) {
        stack.push_back(child);  // a compound statement, its clauses and their blocks
      }
    }
  }
}

// The string literals of a list display (`["A", "B"]`); others in it are skipped.
std::vector<std::string> ListStrings(TSNode list, std::string_view text) {
  std::vector<std::string> out;
  if (!Is(list, "list")) return out;
  for (TSNode element : NamedChildren(list)) {
    if (std::optional<std::string> s = StringValue(element, text)) out.push_back(*std::move(s));
  }
  return out;
}

// `NAME["key"]`: (NAME, key).
std::optional<std::pair<std::string, std::string>> Entry(TSNode node, std::string_view text) {
  if (!Is(node, "subscript")) return std::nullopt;
  TSNode value = ts_node_child_by_field_name(node, "value", 5);
  TSNode key = ts_node_child_by_field_name(node, "subscript", 9);
  std::optional<std::string> k = StringValue(key, text);
  if (!Is(value, "identifier") || !k) return std::nullopt;
  return std::make_pair(std::string(NodeText(value, text)), *std::move(k));
}

// `sys.modules[__name__]`
bool IsOwnModuleSlot(TSNode node, std::string_view text) {
  if (!Is(node, "subscript")) return false;
  TSNode value = ts_node_child_by_field_name(node, "value", 5);
  TSNode key = ts_node_child_by_field_name(node, "subscript", 9);
  return NodeText(value, text) == "sys.modules" && NodeText(key, text) == "__name__";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> LazyExports(TSNode root,
                                                            std::string_view text) {
  // dictionary name -> key -> names, in the order they were added
  std::map<std::string, std::map<std::string, std::vector<std::string>>> dicts;
  std::set<std::string> passed;  // dictionaries a `sys.modules[__name__] = f(...)` passes
  ForEachModuleStatement(root, [&](TSNode statement) {
    TSNode e = ts_node_named_child(statement, 0);
    if (Is(e, "assignment")) {
      TSNode left = ts_node_child_by_field_name(e, "left", 4);
      TSNode right = ts_node_child_by_field_name(e, "right", 5);
      if (Is(left, "identifier") && Is(right, "dictionary")) {
        auto& entries = dicts[std::string(NodeText(left, text))];
        for (TSNode pair : NamedChildren(right)) {
          if (!Is(pair, "pair")) continue;
          std::optional<std::string> key =
              StringValue(ts_node_child_by_field_name(pair, "key", 3), text);
          if (!key) continue;
          for (std::string& name : ListStrings(ts_node_child_by_field_name(pair, "value", 5), text)) {
            entries[*key].push_back(std::move(name));
          }
        }
      } else if (auto entry = Entry(left, text)) {
        for (std::string& name : ListStrings(right, text)) {
          dicts[entry->first][entry->second].push_back(std::move(name));
        }
      } else if (IsOwnModuleSlot(left, text) && Is(right, "call")) {
        TSNode args = ts_node_child_by_field_name(right, "arguments", 9);
        for (TSNode arg : NamedChildren(args)) {
          if (Is(arg, "identifier")) passed.insert(std::string(NodeText(arg, text)));
        }
      }
      return;
    }
    // NAME["key"].extend([...]) / NAME["key"].append("...")
    if (!Is(e, "call")) return;
    TSNode function = ts_node_child_by_field_name(e, "function", 8);
    if (!Is(function, "attribute")) return;
    std::string_view method = NodeText(ts_node_child_by_field_name(function, "attribute", 9), text);
    auto entry = Entry(ts_node_child_by_field_name(function, "object", 6), text);
    TSNode args = ts_node_child_by_field_name(e, "arguments", 9);
    if (!entry || ts_node_is_null(args) || ts_node_named_child_count(args) != 1) return;
    TSNode arg = ts_node_named_child(args, 0);
    auto& names = dicts[entry->first][entry->second];
    if (method == "extend") {
      for (std::string& name : ListStrings(arg, text)) names.push_back(std::move(name));
    } else if (method == "append") {
      if (std::optional<std::string> name = StringValue(arg, text)) names.push_back(*name);
    }
  });
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::pair<std::string, std::string>> seen;
  for (const std::string& dict : passed) {
    auto it = dicts.find(dict);
    if (it == dicts.end()) continue;
    for (const auto& [key, names] : it->second) {
      for (const std::string& name : names) {
        std::pair<std::string, std::string> export_of = {name, "." + key + "." + name};
        if (seen.insert(export_of).second) out.push_back(std::move(export_of));
      }
    }
  }
  return out;
}

bool ReplacesOwnModule(TSNode root, std::string_view text) {
  // What module-level names are bound to calls of: `_module = _LazyModule(__name__)`.
  std::map<std::string_view, std::string_view> made_by;
  std::vector<TSNode> slot_values;  // the values put in sys.modules[__name__]
  bool reclassed = false;
  ForEachModuleStatement(root, [&](TSNode statement) {
    TSNode e = ts_node_named_child(statement, 0);
    if (!Is(e, "assignment")) return;
    TSNode left = ts_node_child_by_field_name(e, "left", 4);
    TSNode right = ts_node_child_by_field_name(e, "right", 5);
    if (IsOwnModuleSlot(left, text)) {
      slot_values.push_back(right);
    } else if (Is(left, "identifier") && Is(right, "call")) {
      TSNode maker = ts_node_child_by_field_name(right, "function", 8);
      made_by[NodeText(left, text)] = NodeText(maker, text);
    } else if (Is(left, "attribute") &&
               IsOwnModuleSlot(ts_node_child_by_field_name(left, "object", 6), text) &&
               NodeText(ts_node_child_by_field_name(left, "attribute", 9), text) == "__class__") {
      reclassed = true;  // Python only accepts a subclass of ModuleType there
    }
  });
  if (reclassed) return true;
  for (TSNode value : slot_values) {
    std::string_view maker;
    if (Is(value, "call")) {
      maker = NodeText(ts_node_child_by_field_name(value, "function", 8), text);
    } else if (Is(value, "identifier")) {
      auto it = made_by.find(NodeText(value, text));
      if (it != made_by.end()) maker = it->second;
    }
    // An object some class builds; only ModuleType itself builds a plain module.
    if (!maker.empty() && maker != "ModuleType" && maker != "types.ModuleType") return true;
  }
  return false;
}

}  // namespace gbreak
