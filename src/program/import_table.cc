#include "program/import_table.h"

#include <algorithm>

namespace gbreak {
namespace {

// Python's builtins that rules talk about; a bare name resolves to builtins.<name> unless the
// module defines or imports it.
const std::set<std::string_view>& Builtins() {
  static const auto* names = new std::set<std::string_view>{
      "abs",     "all",        "any",      "bool",       "breakpoint", "callable", "chr",
      "complex", "delattr",    "dict",     "dir",        "divmod",     "enumerate", "eval",
      "exec",    "filter",     "float",    "format",     "frozenset",  "getattr",  "globals",
      "hasattr", "hash",       "hex",      "id",         "input",      "int",      "isinstance",
      "issubclass", "iter",    "len",      "list",       "locals",     "map",      "max",
      "min",     "next",       "object",   "oct",        "open",       "ord",      "pow",
      "print",   "range",      "repr",     "reversed",   "round",      "set",      "setattr",
      "slice",   "sorted",     "str",      "sum",        "super",      "tuple",    "type",
      "vars",    "zip"};
  return *names;
}

std::string Text(TSNode node, std::string_view text) { return std::string(NodeText(node, text)); }

// `a.b.c` of a dotted_name or aliased_import's name.
std::string DottedName(TSNode node, std::string_view text) {
  std::string out;
  for (char c : NodeText(node, text)) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\\') out += c;
  }
  return out;
}

}  // namespace

ImportTable ImportTable::Build(TSNode root, std::string_view text) {
  ImportTable table;
  auto bind = [&](std::string name, std::string target) {
    auto& targets = table.bindings_[name];
    if (std::find(targets.begin(), targets.end(), target) == targets.end()) {
      targets.push_back(std::move(target));
    }
  };
  // A walk over statements; expressions cannot contain imports.
  ForEachNamedNode(root, [&](TSNode node, std::string_view type) {
    if (type == "import_statement") {
      for (TSNode child : NamedChildren(node)) {
        if (NodeType(child) == "aliased_import") {
          TSNode name = ts_node_child_by_field_name(child, "name", 4);
          TSNode alias = ts_node_child_by_field_name(child, "alias", 5);
          bind(Text(alias, text), DottedName(name, text));
        } else if (NodeType(child) == "dotted_name") {
          std::string dotted = DottedName(child, text);
          std::string first = dotted.substr(0, dotted.find('.'));
          bind(first, first);
        }
      }
      return false;
    }
    if (type == "import_from_statement") {
      TSNode module = ts_node_child_by_field_name(node, "module_name", 11);
      std::string base = DottedName(module, text);
      bool star = false;
      for (TSNode child : NamedChildren(node)) {
        if (NodeType(child) == "wildcard_import") star = true;
      }
      if (star) {
        table.star_modules_.push_back(base);
        return false;
      }
      std::string prefix = base.empty() || base.back() == '.' ? base : base + ".";
      for (TSNode child : NamedChildren(node)) {
        if (ts_node_eq(child, module)) continue;
        if (NodeType(child) == "aliased_import") {
          TSNode name = ts_node_child_by_field_name(child, "name", 4);
          TSNode alias = ts_node_child_by_field_name(child, "alias", 5);
          bind(Text(alias, text), prefix + DottedName(name, text));
        } else if (NodeType(child) == "dotted_name") {
          std::string name = DottedName(child, text);
          bind(name, prefix + name);
        }
      }
      return false;
    }
    if (ts_node_is_null(ParentOf(node)) || NodeType(ParentOf(node)) == "module") {
      // Module-level definitions shadow builtins.
      if (type == "function_definition" || type == "class_definition") {
        table.module_level_names_.insert(
            Text(ts_node_child_by_field_name(node, "name", 4), text));
      } else if (type == "expression_statement") {
        TSNode assignment = ts_node_named_child(node, 0);
        if (NodeType(assignment) == "assignment") {
          TSNode left = ts_node_child_by_field_name(assignment, "left", 4);
          if (NodeType(left) == "identifier") table.module_level_names_.insert(Text(left, text));
        }
      } else if (type == "decorated_definition") {
        TSNode definition = ts_node_child_by_field_name(node, "definition", 10);
        table.module_level_names_.insert(
            Text(ts_node_child_by_field_name(definition, "name", 4), text));
      }
    }
    // Imports live in statement blocks; do not descend into expressions.
    return type != "expression_statement" && type != "return_statement";
  });
  return table;
}

const std::vector<std::string>* ImportTable::Lookup(std::string_view name) const {
  auto it = bindings_.find(name);
  return it == bindings_.end() ? nullptr : &it->second;
}

bool ImportTable::DefinesAtModuleLevel(std::string_view name) const {
  return module_level_names_.contains(name);
}

std::vector<std::string> QualifiedNames(TSNode expression, std::string_view text,
                                        const ImportTable& imports) {
  // Peel the attribute chain: a.b.c -> root `a`, suffix ".b.c". Most chains start at a local
  // (`self.x.f`), so the root is looked up before any string is built.
  TSNode node = expression;
  while (!ts_node_is_null(node) && NodeType(node) == "attribute") node = Field(node, "object");
  if (ts_node_is_null(node) || NodeType(node) != "identifier") return {};
  std::string_view root = NodeText(node, text);
  const std::vector<std::string>* targets = imports.Lookup(root);
  bool builtin = targets == nullptr && Builtins().contains(root) &&
                 !imports.DefinesAtModuleLevel(root);
  if (targets == nullptr && !builtin) return {};
  std::string suffix;
  for (TSNode n = expression; !SameNode(n, node); n = Field(n, "object")) {
    suffix = "." + Text(Field(n, "attribute"), text) + suffix;
  }
  std::vector<std::string> names;
  if (targets != nullptr) {
    for (const std::string& target : *targets) names.push_back(target + suffix);
    return names;
  }
  names.push_back("builtins." + std::string(root) + suffix);
  return names;
}

}  // namespace gbreak
