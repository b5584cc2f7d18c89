#include "analysis/wrapper_arguments.h"

#include <optional>
#include <vector>

#include "analysis/syntax_queries.h"
#include "syntax/string_literal.h"

namespace gbreak {
namespace {

// The strings of a list or tuple literal of string literals; nullopt for anything else.
std::optional<std::set<std::string>> LiteralStrings(TSNode node, std::string_view text) {
  if (!Is(node, "list") && !Is(node, "tuple")) return std::nullopt;
  std::set<std::string> out;
  for (TSNode element : NamedChildren(node)) {
    if (Is(element, "comment")) continue;
    std::optional<std::string> value = StringValue(element, text);
    if (!value) return std::nullopt;
    out.insert(*value);
  }
  return out;
}

// The keys `key` (the index of `d[key] = v` in `function`) may be: a string literal's value, or
// the values of a loop variable over a literal list of strings (written in the loop, or bound
// once to a name). nullopt when they are not known.
std::optional<std::set<std::string>> KeyValues(TSNode key, TSNode function,
                                               BindingIndex& bindings, std::string_view text) {
  if (std::optional<std::string> literal = StringValue(key, text)) return std::set{*literal};
  if (!Is(key, "identifier")) return std::nullopt;
  std::string_view name = NodeText(key, text);
  if (!bindings.AssignmentsTo(function, name).empty()) return std::nullopt;
  for (TSNode n = ts_node_parent(key); !ts_node_is_null(n) && !SameNode(n, function);
       n = ts_node_parent(n)) {
    if (!Is(n, "for_statement") || !Is(Field(n, "left"), "identifier") ||
        NodeText(Field(n, "left"), text) != name) {
      continue;
    }
    TSNode iterable = Field(n, "right");
    if (Is(iterable, "identifier")) {
      const std::vector<TSNode>& bound = bindings.AssignmentsTo(function, NodeText(iterable, text));
      if (bound.size() != 1 || !Is(bound[0], "assignment")) return std::nullopt;
      iterable = Field(bound[0], "right");
    }
    return LiteralStrings(iterable, text);
  }
  return std::nullopt;
}

// Whether `value` was read out of the dict `name` (`kwargs.pop(old)`, `kwargs[old]`, or a local
// holding such a read, copied or not: `v = kwargs.get(k); v = v.copy()`): storing it under a
// key renames or replaces what the caller gave, it adds no argument.
bool ReadsDict(TSNode value, std::string_view name, TSNode function, BindingIndex& bindings,
               std::string_view text, int depth = 0) {
  if (depth > 4) return false;
  if (Is(value, "subscript")) return NodeText(Field(value, "value"), text) == name;
  if (Is(value, "identifier")) {
    std::string_view local = NodeText(value, text);
    const std::vector<TSNode>& assignments = bindings.AssignmentsTo(function, local);
    if (assignments.empty()) return false;
    for (TSNode assignment : assignments) {
      TSNode right = Field(assignment, "right");
      bool copied = Is(right, "call") && Is(Field(right, "function"), "attribute") &&
                    NodeText(Field(Field(right, "function"), "object"), text) == local;
      if (!Is(assignment, "assignment") ||
          (!copied && !ReadsDict(right, name, function, bindings, text, depth + 1))) {
        return false;
      }
    }
    return true;
  }
  if (!Is(value, "call") || !Is(Field(value, "function"), "attribute")) return false;
  TSNode callee = Field(value, "function");
  std::string_view method = NodeText(Field(callee, "attribute"), text);
  // With a default (`kwargs.get(k, fallback)`) it may store what the caller never gave.
  return NodeText(Field(callee, "object"), text) == name && (method == "pop" || method == "get") &&
         NamedChildCount(Field(value, "arguments")) == 1;
}

// Whether `parameter` is a parameter of `function` (`def wrapper(self, x, layer_type=None)`).
bool IsOwnParameter(TSNode function, std::string_view parameter, BindingIndex& bindings) {
  return !ts_node_is_null(bindings.ParameterNamed(function, parameter).node);
}

// The keywords a dict the wrapper builds starts with: `{}`, a literal with string keys (a key
// holding the wrapper's own parameter of that name hands on what its caller gave: not added),
// or either arm of a conditional. Anything else may hold any keyword.
void AddLiteralKeys(TSNode value, TSNode function, BindingIndex& bindings, std::string_view text,
                    AddedArguments* out) {
  if (Is(value, "parenthesized_expression")) value = ts_node_named_child(value, 0);
  if (Is(value, "conditional_expression") && NamedChildCount(value) == 3) {
    AddLiteralKeys(ts_node_named_child(value, 0), function, bindings, text, out);
    AddLiteralKeys(ts_node_named_child(value, 2), function, bindings, text, out);
    return;
  }
  if (!Is(value, "dictionary")) {
    out->any_keyword = true;
    return;
  }
  for (TSNode pair : NamedChildren(value)) {
    if (Is(pair, "comment")) continue;
    std::optional<std::string> key =
        Is(pair, "pair") ? StringValue(Field(pair, "key"), text) : std::nullopt;
    if (!key) {
      out->any_keyword = true;  // **other, a computed key
      continue;
    }
    TSNode held = Field(pair, "value");
    bool handed_on = Is(held, "identifier") && NodeText(held, text) == *key &&
                     IsOwnParameter(function, *key, bindings);
    if (!handed_on) out->keywords.insert(*key);
  }
}

// The keywords the fills of the dict `name` in `function` add to it.
void AddFilledKeys(TSNode function, std::string_view name, BindingIndex& bindings,
                   std::string_view text, AddedArguments* out) {
  for (TSNode fill : bindings.FillsOf(function, name)) {
    if (Is(fill, "assignment") && Is(Field(fill, "left"), "subscript")) {
      TSNode subscript = Field(fill, "left");
      if (ReadsDict(Field(fill, "right"), name, function, bindings, text)) continue;
      std::optional<std::set<std::string>> keys =
          NamedChildCount(subscript) == 2
              ? KeyValues(Field(subscript, "subscript"), function, bindings, text)
              : std::nullopt;
      if (!keys) {
        out->any_keyword = true;
        continue;
      }
      out->keywords.insert(keys->begin(), keys->end());
      continue;
    }
    if (Is(fill, "call") &&
        NodeText(Field(Field(fill, "function"), "attribute"), text) == "setdefault") {
      std::vector<TSNode> args = NamedChildren(Field(fill, "arguments"));
      std::optional<std::string> key =
          args.empty() ? std::nullopt : StringValue(args[0], text);
      if (key) {
        out->keywords.insert(*key);
        continue;
      }
    }
    out->any_keyword = true;  // update(...), |=, a computed key
  }
}

// Whether the `*name` the wrapped call unpacks may hold more than the wrapper's caller gave:
// appended to, extended, or rebound to anything but a copy of itself (`args = list(args)`).
bool PositionalGrow(TSNode function, std::string_view name, BindingIndex& bindings,
                    std::string_view text) {
  for (TSNode fill : bindings.FillsOf(function, name)) {
    if (!Is(fill, "assignment")) return true;  // append, extend, insert, +=
  }
  for (TSNode assignment : bindings.AssignmentsTo(function, name)) {
    TSNode right = Field(assignment, "right");
    std::vector<TSNode> args =
        Is(right, "call") ? NamedChildren(Field(right, "arguments")) : std::vector<TSNode>{};
    std::string_view callee = Is(right, "call") ? NodeText(Field(right, "function"), text) : "";
    bool copy = (callee == "list" || callee == "tuple") && args.size() == 1 &&
                NodeText(args[0], text) == name;
    if (!copy) return true;
  }
  return false;
}

}  // namespace

AddedArguments ArgumentsAddedBy(TSNode wrapper, TSNode wrapped_call, BindingIndex& bindings,
                                std::string_view text) {
  AddedArguments out;
  const VariadicNames& own = bindings.VariadicsOf(wrapper);
  int plain_positional = 0;
  for (TSNode argument : NamedChildren(Field(wrapped_call, "arguments"))) {
    if (Is(argument, "keyword_argument")) {
      out.keywords.emplace(NodeText(Field(argument, "name"), text));
    } else if (Is(argument, "dictionary_splat")) {
      TSNode value = ts_node_named_child(argument, 0);
      if (!Is(value, "identifier")) {
        out.any_keyword = true;
        continue;
      }
      std::string_view name = NodeText(value, text);
      // The caller's own **kwargs, or a dict the wrapper builds: what it starts with and what
      // is filled in are added.
      for (TSNode assignment : bindings.AssignmentsTo(wrapper, name)) {
        if (!Is(assignment, "assignment")) {
          out.any_keyword = true;  // |=
          continue;
        }
        AddLiteralKeys(Field(assignment, "right"), wrapper, bindings, text, &out);
      }
      if (name != own.keyword && bindings.AssignmentsTo(wrapper, name).empty()) {
        out.any_keyword = true;  // a dict from elsewhere
      }
      AddFilledKeys(wrapper, name, bindings, text, &out);
    } else if (Is(argument, "list_splat")) {
      TSNode value = ts_node_named_child(argument, 0);
      if (!Is(value, "identifier") || NodeText(value, text) != own.positional ||
          PositionalGrow(wrapper, NodeText(value, text), bindings, text)) {
        out.positional = true;
      }
    } else if (!Is(argument, "comment")) {
      ++plain_positional;
    }
  }
  // More plain positional arguments than the wrapper names parameters: some are its own.
  int named = 0;
  for (TSNode parameter : NamedChildren(Field(wrapper, "parameters"))) {
    if (Is(parameter, "identifier") || Is(parameter, "typed_parameter") ||
        Is(parameter, "default_parameter") || Is(parameter, "typed_default_parameter")) {
      ++named;
    }
  }
  if (plain_positional > named) out.positional = true;
  return out;
}

}  // namespace gbreak
