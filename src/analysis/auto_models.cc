#include "analysis/auto_models.h"

#include <cctype>
#include <map>
#include <set>
#include <vector>

#include "analysis/syntax_queries.h"
#include "syntax/string_literal.h"

namespace gbreak {
namespace {

// `NAME = value` at module level: (NAME, value) for each.
std::vector<std::pair<std::string, TSNode>> ModuleAssignments(TSNode root, std::string_view text) {
  std::vector<std::pair<std::string, TSNode>> out;
  for (TSNode statement : NamedChildren(root)) {
    TSNode assignment = ts_node_named_child(statement, 0);
    if (!Is(statement, "expression_statement") || !Is(assignment, "assignment") ||
        !Is(Field(assignment, "left"), "identifier") ||
        ts_node_is_null(Field(assignment, "right"))) {
      continue;
    }
    out.emplace_back(std::string(NodeText(Field(assignment, "left"), text)),
                     Field(assignment, "right"));
  }
  return out;
}

// `OrderedDict([("a", "A"), ("b", ("B", "C"))])` or `{"a": "A"}`: key -> first class name.
std::map<std::string, std::string> StringMap(TSNode value, std::string_view text) {
  std::map<std::string, std::string> out;
  auto first_name = [&](TSNode v) -> std::optional<std::string> {
    if (Is(v, "tuple") || Is(v, "parenthesized_expression")) v = ts_node_named_child(v, 0);
    return StringValue(v, text);
  };
  if (Is(value, "dictionary")) {
    for (TSNode pair : NamedChildren(value)) {
      if (!Is(pair, "pair")) continue;
      std::optional<std::string> key = StringValue(Field(pair, "key"), text);
      std::optional<std::string> name = first_name(Field(pair, "value"));
      if (key && name) out.emplace(*key, *name);
    }
    return out;
  }
  if (!Is(value, "call")) return out;
  std::vector<TSNode> args = NamedChildren(Field(value, "arguments"));
  if (args.size() != 1 || !Is(args[0], "list")) return out;
  for (TSNode item : NamedChildren(args[0])) {
    if (!Is(item, "tuple") || NamedChildCount(item) != 2) continue;
    std::optional<std::string> key = StringValue(ts_node_named_child(item, 0), text);
    std::optional<std::string> name = first_name(ts_node_named_child(item, 1));
    if (key && name) out.emplace(*key, *name);
  }
  return out;
}

// A `sub_configs_defaults` entry: "type:<model type>" or "class:<qualified class>", "" if
// neither can be read.
std::string SubConfigDefault(TSNode value, std::string_view text,
                             const std::function<std::string(TSNode)>& class_named) {
  if (Is(value, "identifier") || Is(value, "attribute")) {
    std::string cls = class_named(value);
    return cls.empty() ? "" : "class:" + cls;
  }
  if (!Is(value, "call")) return "";
  std::string model_type, config_class;
  for (TSNode argument : NamedChildren(Field(value, "arguments"))) {
    if (!Is(argument, "keyword_argument")) continue;
    std::string_view name = NodeText(Field(argument, "name"), text);
    TSNode given = Field(argument, "value");
    if (name == "model_type") model_type = StringValue(given, text).value_or("");
    if (name == "config_class" && NodeText(given, text) != "AutoConfig") {
      config_class = class_named(given);
    }
  }
  if (!model_type.empty()) return "type:" + model_type;
  return config_class.empty() ? "" : "class:" + config_class;
}

// `@property def <field>(self): ... return SomeConfig(...)`: (field, "class:<qualified class>")
// when every return that builds something builds that one class.
std::optional<std::pair<std::string, std::string>> PropertySubConfig(
    TSNode decorated, std::string_view text,
    const std::function<std::string(TSNode)>& class_named) {
  bool property = false;
  for (TSNode decorator : NamedChildren(decorated)) {
    if (Is(decorator, "decorator") && NodeText(ts_node_named_child(decorator, 0), text) == "property") {
      property = true;
    }
  }
  TSNode function = Field(decorated, "definition");
  if (!property || !Is(function, "function_definition")) return std::nullopt;
  // What each local is assigned (`encoder_config = MimiEncoderConfig(...)`, then returned).
  std::map<std::string, TSNode> built_into;
  ForEachNamedNode(Field(function, "body"), [&](TSNode node, std::string_view type) {
    if (type == "function_definition" || type == "class_definition" || type == "lambda") {
      return false;
    }
    if (type == "assignment" && Is(Field(node, "left"), "identifier") &&
        !ts_node_is_null(Field(node, "right"))) {
      built_into[std::string(NodeText(Field(node, "left"), text))] = Field(node, "right");
    }
    return true;
  });
  std::string built;
  bool agreed = true;
  ForEachNamedNode(Field(function, "body"), [&](TSNode node, std::string_view type) {
    if (type == "function_definition" || type == "class_definition" || type == "lambda") {
      return false;
    }
    if (type != "return_statement") return true;
    TSNode value = ts_node_named_child(node, 0);
    if (Is(value, "identifier")) value = built_into[std::string(NodeText(value, text))];
    if (!Is(value, "call")) return false;
    TSNode callee = Field(value, "function");
    TSNode last = Is(callee, "attribute") ? Field(callee, "attribute") : callee;
    std::string_view last_name = NodeText(last, text);
    if (last_name.empty() || !std::isupper(static_cast<unsigned char>(last_name[0]))) {
      return false;  // a function's result, not a class built
    }
    std::string cls = class_named(callee);
    if (cls.empty()) return false;
    agreed = agreed && (built.empty() || built == cls);
    built = cls;
    return false;
  });
  if (built.empty() || !agreed) return std::nullopt;
  return std::pair(std::string(NodeText(Field(function, "name"), text)), "class:" + built);
}

}  // namespace

void ReadAutoModelFacts(TSNode root, std::string_view text,
                        const std::function<std::string(TSNode)>& class_named,
                        ModuleSummary* summary) {
  std::map<std::string, std::string> mapping_of;  // _model_mapping's value, by class
  for (TSNode statement : NamedChildren(root)) {
    TSNode cls = Is(statement, "decorated_definition") ? Field(statement, "definition") : statement;
    if (!Is(cls, "class_definition")) continue;
    std::string class_name(NodeText(Field(cls, "name"), text));
    for (TSNode member : NamedChildren(Field(cls, "body"))) {
      if (Is(member, "decorated_definition")) {
        // A sub-configuration derived by a property (`def encoder_config(self): return
        // MimiEncoderConfig(**self.to_dict())`): the class it builds.
        std::optional<std::pair<std::string, std::string>> derived =
            PropertySubConfig(member, text, class_named);
        if (derived) summary->sub_configs[class_name].try_emplace(derived->first, derived->second);
        continue;
      }
      TSNode assignment = ts_node_named_child(member, 0);
      if (!Is(member, "expression_statement") || !Is(assignment, "assignment")) continue;
      std::string_view target = NodeText(Field(assignment, "left"), text);
      TSNode right = Field(assignment, "right");
      if (target == "sub_configs_defaults" && Is(right, "dictionary")) {
        for (TSNode pair : NamedChildren(right)) {
          if (!Is(pair, "pair")) continue;
          std::optional<std::string> field = StringValue(Field(pair, "key"), text);
          std::string spec = SubConfigDefault(Field(pair, "value"), text, class_named);
          if (field && !spec.empty()) summary->sub_configs[class_name][*field] = spec;
        }
      } else if (target == "_model_mapping" && Is(right, "identifier")) {
        mapping_of[class_name] = std::string(NodeText(right, text));
      }
    }
  }
  if (mapping_of.empty()) return;
  std::vector<std::pair<std::string, TSNode>> assignments = ModuleAssignments(root, text);
  std::map<std::string, std::string> names_of;  // MODEL_MAPPING -> MODEL_MAPPING_NAMES
  for (const auto& [name, value] : assignments) {
    if (!Is(value, "call")) continue;
    std::vector<TSNode> args = NamedChildren(Field(value, "arguments"));
    if (args.size() == 2 && Is(args[1], "identifier")) names_of[name] = NodeText(args[1], text);
  }
  std::set<std::string> wanted;
  for (const auto& [cls, mapping] : mapping_of) {
    auto names = names_of.find(mapping);
    if (names == names_of.end()) continue;
    summary->auto_class_maps[cls] = names->second;
    wanted.insert(names->second);
  }
  for (const auto& [name, value] : assignments) {
    if (!wanted.contains(name)) continue;
    std::map<std::string, std::string> map = StringMap(value, text);
    if (!map.empty()) summary->model_type_maps[name] = std::move(map);  // the last one wins
  }
}

std::optional<AutoBuild> AutoBuildOf(TSNode call, std::string_view text) {
  TSNode callee = Field(call, "function");
  if (!Is(call, "call") || !Is(callee, "attribute") ||
      NodeText(Field(callee, "attribute"), text) != "from_config") {
    return std::nullopt;
  }
  TSNode auto_class = Field(callee, "object");
  TSNode last = Is(auto_class, "attribute") ? Field(auto_class, "attribute") : auto_class;
  if (!Is(last, "identifier") || !NodeText(last, text).starts_with("Auto")) return std::nullopt;
  TSNode config{};
  for (TSNode argument : NamedChildren(Field(call, "arguments"))) {
    if (Is(argument, "keyword_argument")) {
      if (NodeText(Field(argument, "name"), text) == "config") config = Field(argument, "value");
    } else if (ts_node_is_null(config) && !Is(argument, "comment")) {
      config = argument;
    }
  }
  if (ts_node_is_null(config)) return std::nullopt;
  auto is_config = [&](TSNode n) {
    return (Is(n, "identifier") && NodeText(n, text) == "config") ||
           (Is(n, "attribute") && NodeText(n, text) == "self.config");
  };
  if (is_config(config)) return AutoBuild{auto_class, ""};
  if (Is(config, "attribute") && is_config(Field(config, "object"))) {
    return AutoBuild{auto_class, std::string(NodeText(Field(config, "attribute"), text))};
  }
  return std::nullopt;
}

}  // namespace gbreak
