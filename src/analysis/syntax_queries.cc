#include "analysis/syntax_queries.h"

#include <cctype>

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

bool IsPlainString(TSNode node, std::string_view text) {
  if (!Is(node, "string")) return false;
  std::string_view written = NodeText(node, text);
  if (written.empty() || (written.front() != '"' && written.front() != '\'')) return false;
  for (TSNode part : NamedChildren(node)) {
    if (Is(part, "interpolation") || Is(part, "escape_sequence")) return false;
  }
  return true;
}

bool IsPlainLiteral(TSNode node, std::string_view text) {
  return IsBoolOrNoneLiteral(node) || Is(node, "integer") || Is(node, "float") ||
         IsPlainString(node, text);
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

bool Reaches(TSNode binding, TSNode use, TSNode function) {
  if (ts_node_end_byte(binding) <= ts_node_start_byte(use)) return true;
  for (TSNode n = ParentOf(binding); !ts_node_is_null(n) && !SameNode(n, function);
       n = ParentOf(n)) {
    if ((Is(n, "for_statement") || Is(n, "while_statement")) &&
        ts_node_start_byte(n) <= ts_node_start_byte(use) &&
        ts_node_end_byte(use) <= ts_node_end_byte(n)) {
      return true;
    }
  }
  return false;
}

std::vector<TSNode> AssignmentsReaching(TSNode function, std::string_view name, TSNode use,
                                        std::string_view text) {
  std::vector<TSNode> out;
  for (TSNode assignment : AssignmentsTo(function, name, text)) {
    if (Reaches(assignment, use, function)) out.push_back(assignment);
  }
  return out;
}

namespace {

// Whether the target `target` (a name, or a tuple/list of targets, starred or not) binds `name`.
bool TargetBinds(TSNode target, std::string_view name, std::string_view text) {
  if (ts_node_is_null(target)) return false;
  if (Is(target, "identifier")) return NodeText(target, text) == name;
  if (Is(target, "pattern_list") || Is(target, "tuple_pattern") || Is(target, "list_pattern") ||
      Is(target, "expression_list") || Is(target, "tuple") || Is(target, "list") ||
      Is(target, "list_splat_pattern") || Is(target, "parenthesized_expression") ||
      Is(target, "as_pattern_target")) {
    for (TSNode child : NamedChildren(target)) {
      if (TargetBinds(child, name, text)) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<TSNode> BindingsOf(TSNode function, std::string_view name, std::string_view text) {
  std::vector<TSNode> out;
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    if (type == "function_definition" || type == "class_definition") {
      if (NodeText(Field(n, "name"), text) == name) out.push_back(n);
      return false;
    }
    bool binds = false;
    if (type == "assignment" || type == "augmented_assignment" || type == "for_statement" ||
        type == "for_in_clause") {
      binds = TargetBinds(Field(n, "left"), name, text);
    } else if (type == "named_expression") {
      binds = NodeText(Field(n, "name"), text) == name;
    } else if (type == "as_pattern") {
      binds = TargetBinds(Field(n, "alias"), name, text);
    } else if (type == "delete_statement" || type == "global_statement" ||
               type == "nonlocal_statement" || type == "import_statement" ||
               type == "import_from_statement") {
      // Conservative: any mention of the name in them counts.
      ForEachNamedNode(n, [&](TSNode m, std::string_view) {
        binds = binds || (Is(m, "identifier") && NodeText(m, text) == name);
        return !binds;
      });
    }
    if (binds) out.push_back(n);
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

VariadicNames VariadicsOf(TSNode function, std::string_view text) {
  VariadicNames out;
  for (TSNode p : NamedChildren(Field(function, "parameters"))) {
    // `*args: Any` wraps the pattern in a typed_parameter.
    if (Is(p, "typed_parameter")) p = ts_node_named_child(p, 0);
    TSNode name = ts_node_named_child(p, 0);
    if (Is(p, "list_splat_pattern") && Is(name, "identifier")) out.positional = NodeText(name, text);
    if (Is(p, "dictionary_splat_pattern") && Is(name, "identifier")) {
      out.keyword = NodeText(name, text);
    }
  }
  return out;
}

std::vector<TSNode> FillsOf(TSNode function, std::string_view name, std::string_view text) {
  std::vector<TSNode> fills;
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    if (type == "function_definition" || type == "class_definition") return false;
    if (type == "assignment" || type == "augmented_assignment") {
      TSNode left = Field(n, "left");
      if ((Is(left, "subscript") && NodeText(Field(left, "value"), text) == name) ||
          (type == "augmented_assignment" && NodeText(left, text) == name)) {
        fills.push_back(n);
      }
    }
    if (type == "call") {
      TSNode callee = Field(n, "function");
      if (Is(callee, "attribute") && NodeText(Field(callee, "object"), text) == name) {
        if (IsFillingMethod(NodeText(Field(callee, "attribute"), text))) fills.push_back(n);
      }
    }
    return true;
  });
  return fills;
}

bool IsFillingMethod(std::string_view method) {
  return method == "update" || method == "setdefault" || method == "append" ||
         method == "extend" || method == "insert" || method == "__setitem__";
}

bool MayFill(TSNode function, std::string_view name, std::string_view text) {
  return !FillsOf(function, name, text).empty();
}

bool IsEmptyCollectionLiteral(TSNode node, std::string_view text) {
  if (Is(node, "dictionary") || Is(node, "list") || Is(node, "tuple")) {
    return ts_node_named_child_count(node) == 0;
  }
  if (!Is(node, "call") || ts_node_named_child_count(Field(node, "arguments")) != 0) return false;
  std::string_view callee = NodeText(Field(node, "function"), text);
  return callee == "dict" || callee == "list" || callee == "tuple";
}

bool EmptyWhenNone(TSNode value, std::string_view name, std::string_view text) {
  auto is_name = [&](TSNode n) { return Is(n, "identifier") && NodeText(n, text) == name; };
  if (Is(value, "boolean_operator")) {  // name or {}
    return NodeText(Field(value, "operator"), text) == "or" && is_name(Field(value, "left")) &&
           IsEmptyCollectionLiteral(Field(value, "right"), text);
  }
  if (!Is(value, "conditional_expression") || ts_node_named_child_count(value) != 3) return false;
  TSNode when_true = ts_node_named_child(value, 0);
  TSNode condition = ts_node_named_child(value, 1);
  TSNode when_false = ts_node_named_child(value, 2);
  // Which arm a None `name` takes.
  bool none_takes_true;
  if (is_name(condition)) {
    none_takes_true = false;
  } else if (Is(condition, "not_operator") && is_name(Field(condition, "argument"))) {
    none_takes_true = true;
  } else if (Is(condition, "comparison_operator") && ts_node_named_child_count(condition) == 2 &&
             is_name(ts_node_named_child(condition, 0)) &&
             Is(ts_node_named_child(condition, 1), "none")) {
    std::string op = ComparisonOperator(condition, text);
    if (op != "is" && op != "isnot") return false;
    none_takes_true = op == "is";
  } else {
    return false;
  }
  return IsEmptyCollectionLiteral(none_takes_true ? when_true : when_false, text);
}

namespace {

bool IsScope(TSNode n) {
  return Is(n, "function_definition") || Is(n, "class_definition") || Is(n, "lambda");
}

// The last statement of a block, comments skipped (null when it has none).
TSNode LastStatement(TSNode block) {
  for (uint32_t i = ts_node_named_child_count(block); i > 0; --i) {
    TSNode child = ts_node_named_child(block, i - 1);
    if (!Is(child, "comment")) return child;
  }
  return TSNode{};
}

// Whether a `return`, `break` or `continue` of this scope lies in `block` between the byte
// offsets `from` and `to`: a way out of the block that does not raise.
bool ExitsBetween(TSNode block, uint32_t from, uint32_t to) {
  bool exits = false;
  ForEachNamedNode(block, [&](TSNode n, std::string_view type) {
    if (exits || IsScope(n) || ts_node_end_byte(n) <= from || ts_node_start_byte(n) >= to) {
      return false;
    }
    exits = type == "return_statement" || type == "break_statement" ||
            type == "continue_statement";
    return !exits;
  });
  return exits;
}

// Whether a `try:` body with handlers around `node` (below its scope) may catch what it raises.
bool InTryBody(TSNode node) {
  for (TSNode child = node, parent = ParentOf(node); !ts_node_is_null(parent) && !IsScope(parent);
       child = parent, parent = ParentOf(parent)) {
    if (Is(parent, "try_statement") && SameNode(child, Field(parent, "body"))) return true;
  }
  return false;
}

}  // namespace

bool IsEarlyExit(TSNode statement) {
  if (!Is(statement, "if_statement") || NamedChildCount(statement) != 2) return false;
  TSNode body = Field(statement, "consequence");
  uint32_t count = NamedChildCount(body);
  if (count == 0) return false;
  TSNode last = ts_node_named_child(body, count - 1);
  return Is(last, "return_statement") || Is(last, "continue_statement") ||
         Is(last, "break_statement");
}

bool OnErrorPath(TSNode node) {
  for (TSNode child = node, parent = ParentOf(node); !ts_node_is_null(parent) && !IsScope(parent);
       child = parent, parent = ParentOf(parent)) {
    // An exception handler's body runs only after something raised.
    if (Is(child, "block") && Is(parent, "except_clause")) return true;
    if (Is(child, "raise_statement")) return !InTryBody(child);
    if (!Is(child, "block")) continue;
    // A block that ends by raising, with no way out between `node` and its raise.
    TSNode last = LastStatement(child);
    if (!Is(last, "raise_statement") || InTryBody(last)) continue;
    if (!ExitsBetween(child, ts_node_end_byte(node), ts_node_start_byte(last))) return true;
  }
  return false;
}

TSNode DecoratorCallee(TSNode decorator) {
  TSNode expression = ts_node_named_child(decorator, 0);
  return Is(expression, "call") ? Field(expression, "function") : expression;
}

bool IsCapitalized(std::string_view name) {
  return !name.empty() && std::isupper(static_cast<unsigned char>(name[0]));
}

bool IsSelf(TSNode node, std::string_view text) {
  return Is(node, "identifier") && NodeText(node, text) == "self";
}

bool IsPropertyGetter(TSNode function, std::string_view text) {
  TSNode decorated = ParentOf(function);
  if (!Is(decorated, "decorated_definition")) return false;
  for (TSNode decorator : NamedChildren(decorated)) {
    if (Is(decorator, "decorator") && NodeText(ts_node_named_child(decorator, 0), text) == "property") {
      return true;
    }
  }
  return false;
}

// Whether an attribute node is written, not read: the target of an assignment (also inside a

}  // namespace gbreak
