// CompiledRegion, part: configuration and call conditions: the configuration classes a file
// defines (for folding `config.x`), and the undecided tests on parameters that guard code.

#include "analysis/compiled_region.h"

#include <algorithm>

#include "absl/strings/str_join.h"
#include "analysis/syntax_queries.h"

namespace gbreak {

std::string CompiledRegion::CollapsedText(TSNode node, size_t limit) const {
  std::string out;
  for (char c : NodeText(node, text_)) {
    bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (space && (out.empty() || out.back() == ' ' || out.back() == '(')) continue;
    if (c == ')' && !out.empty() && out.back() == ' ') out.pop_back();
    out += space ? ' ' : c;
  }
  if (out.size() > limit) out = out.substr(0, limit) + "...";
  return out;
}

namespace {

// A literal a configuration field can default to: a number (signed), True/False/None, or a
// string without interpolation.
bool IsFieldLiteral(TSNode node) {
  std::string_view type = NodeType(node);
  if (type == "integer" || type == "float" || type == "true" || type == "false" ||
      type == "none") {
    return true;
  }
  if (type == "unary_operator") {
    std::string_view operand = NodeType(Field(node, "argument"));
    return operand == "integer" || operand == "float";
  }
  if (type == "string") {
    for (TSNode child : NamedChildren(node)) {
      if (Is(child, "interpolation")) return false;
    }
    return true;
  }
  return false;
}

}  // namespace

std::string CompiledRegion::ClassNamedBy(TSNode type,
                                         const std::function<std::string(const std::string&)>& qualify,
                                         const std::string& module) const {
  // `BartConfig`, `BartConfig | None`, `Optional[BartConfig]`, `"BartConfig"`: the first class
  // name in it.
  std::string found;
  ForEachNamedNode(type, [&](TSNode n, std::string_view node_type) {
    if (!found.empty()) return false;
    if (node_type != "identifier" && node_type != "attribute") return true;
    std::string_view text = NodeText(n, text_);
    if (text == "None" || text == "Optional" || text == "Union" || text.starts_with("typing.")) {
      return false;
    }
    if (node_type == "identifier" && !ts_node_is_null(ClassNamed(text))) {
      found = module + "." + std::string(text);
      return false;
    }
    for (const std::string& name : QualifiedNames(n, text_, imports_)) {
      if (!name.starts_with("builtins.")) {
        found = qualify(name);
        break;
      }
    }
    return false;
  });
  return found;
}

void CompiledRegion::SummarizeConfiguration(
    TSNode class_definition, const std::string& class_name,
    const std::function<std::string(const std::string&)>& qualify, ModuleSummary* summary) const {
  std::map<std::string, std::string> fields;  // "" = not a literal, or assigned otherwise
  TSNode body = Field(class_definition, "body");
  TSNode init{};
  for (TSNode statement : NamedChildren(body)) {
    TSNode member = Is(statement, "decorated_definition") ? Field(statement, "definition")
                                                          : statement;
    if (Is(member, "function_definition")) {
      if (DefinitionName(member, text_) == "__init__") init = member;
      continue;
    }
    TSNode assignment = ts_node_named_child(statement, 0);
    if (!Is(statement, "expression_statement") || !Is(assignment, "assignment") ||
        !Is(Field(assignment, "left"), "identifier")) {
      continue;
    }
    std::string name(NodeText(Field(assignment, "left"), text_));
    TSNode right = Field(assignment, "right");
    TSNode type = Field(assignment, "type");
    if ((name == "config" && ts_node_is_null(right) && !ts_node_is_null(type)) ||
        (name == "config_class" && !ts_node_is_null(right))) {
      std::string config = ClassNamedBy(ts_node_is_null(right) ? type : right, qualify,
                                        summary->module);
      if (!config.empty()) summary->class_config[class_name] = config;
      continue;
    }
    if (ts_node_is_null(right)) continue;
    fields[name] = IsFieldLiteral(right) ? CollapsedText(right, 200) : "";
  }
  // __init__'s parameters: `config: BartConfig` names the configuration class; a literal
  // default stored unchanged (`self.layerdrop = layerdrop`) is a field's default.
  std::map<std::string, std::string, std::less<>> init_defaults;
  if (!ts_node_is_null(init)) {
    for (TSNode p : NamedChildren(Field(init, "parameters"))) {
      TSNode name = ParameterNameNode(p);
      if (ts_node_is_null(name)) continue;
      if (NodeText(name, text_) == "config" &&
          (Is(p, "typed_parameter") || Is(p, "typed_default_parameter"))) {
        std::string config = ClassNamedBy(Field(p, "type"), qualify, summary->module);
        if (!config.empty()) summary->class_config.emplace(class_name, config);
      }
      if ((Is(p, "default_parameter") || Is(p, "typed_default_parameter")) &&
          IsFieldLiteral(Field(p, "value"))) {
        init_defaults.emplace(NodeText(name, text_), CollapsedText(Field(p, "value"), 200));
      }
    }
  }
  // Every `self.x = ...` in the class's methods: once in __init__ from a literal or a literal
  // default keeps a literal; anything else makes the field unknown.
  std::map<std::string, int> stores;
  ForEachNamedNode(body, [&](TSNode n, std::string_view type) {
    if (type == "class_definition" && !SameNode(n, class_definition)) return false;
    if (type != "assignment" && type != "augmented_assignment") return true;
    TSNode left = Field(n, "left");
    if (!Is(left, "attribute") || !IsSelf(Field(left, "object"), text_)) return true;
    std::string name(NodeText(Field(left, "attribute"), text_));
    TSNode right = Field(n, "right");
    bool in_init = !ts_node_is_null(init) && SameNode(EnclosingFunction(n), init);
    std::string literal;
    if (type == "assignment" && in_init && ++stores[name] == 1) {
      if (IsFieldLiteral(right)) {
        literal = CollapsedText(right, 200);
      } else if (Is(right, "identifier")) {
        auto d = init_defaults.find(NodeText(right, text_));
        if (d != init_defaults.end() && bindings().AssignmentsTo(init, d->first).empty()) {
          literal = d->second;
        }
      }
    } else {
      stores[name] = 2;
    }
    fields[name] = stores[name] == 1 ? literal : "";
    return true;
  });
  bool any = false;
  for (const auto& [name, literal] : fields) any = any || !literal.empty();
  if (any) summary->class_fields[class_name] = std::move(fields);
}

bool CompiledRegion::IsConfigurationObject(TSNode object, TSNode function, int depth) const {
  if (ts_node_is_null(object) || depth > 4) return false;
  std::string_view type = NodeType(object);
  if (type == "parenthesized_expression") {
    return IsConfigurationObject(ts_node_named_child(object, 0), function, depth + 1);
  }
  if (type == "attribute") {
    // `self.config`, `model.config`, and what a configuration holds (`config.text_config`).
    return NodeText(Field(object, "attribute"), text_) == "config" ||
           IsConfigurationObject(Field(object, "object"), function, depth + 1);
  }
  if (type == "call") {
    // A copy of one (`copy.deepcopy(config)`), or what a configuration's method returns
    // (`self.config.get_text_config(decoder=True)`).
    TSNode callee = Field(object, "function");
    if (Is(callee, "attribute") &&
        IsConfigurationObject(Field(callee, "object"), function, depth + 1)) {
      return true;
    }
    std::vector<TSNode> args = NamedChildren(Field(object, "arguments"));
    if (args.empty() || !IsConfigurationObject(args[0], function, depth + 1)) return false;
    for (const std::string& name : QualifiedNames(callee, text_, imports_)) {
      if (name == "copy.deepcopy" || name == "copy.copy") return true;
    }
    return false;
  }
  if (type != "identifier") return false;
  std::string_view name = NodeText(object, text_);
  if (name == "config") return true;
  // A local bound to one (`decoder_config = copy.deepcopy(config)`).
  if (ts_node_is_null(function)) return false;
  for (TSNode assignment : bindings().AssignmentsTo(function, name)) {
    if (Is(assignment, "assignment") &&
        IsConfigurationObject(Field(assignment, "right"), function, depth + 1)) {
      return true;
    }
  }
  return false;
}

bool CompiledRegion::PassesOwnConfiguration(TSNode constructor) const {
  // The class's name (`Attention` of `Attention(config)`), or an auto class's from_config call.
  if (!Is(constructor, "call")) {
    TSNode call = ParentOf(constructor);
    if (!Is(call, "call") || !SameNode(Field(call, "function"), constructor)) return false;
    constructor = call;
  }
  TSNode init = EnclosingFunction(constructor);
  if (ts_node_is_null(init) || DefinitionName(init, text_) != "__init__") return false;
  TSNode passed{};
  for (TSNode argument : NamedChildren(Field(constructor, "arguments"))) {
    if (Is(argument, "keyword_argument")) {
      if (NodeText(Field(argument, "name"), text_) == "config") passed = Field(argument, "value");
    } else if (ts_node_is_null(passed) && !Is(argument, "list_splat") &&
               !Is(argument, "dictionary_splat")) {
      passed = argument;  // the first positional argument
      break;
    } else {
      break;
    }
  }
  if (ts_node_is_null(passed)) return false;
  if (Is(passed, "attribute")) {
    return IsSelf(Field(passed, "object"), text_) &&
           NodeText(Field(passed, "attribute"), text_) == "config";
  }
  return Is(passed, "identifier") && NodeText(passed, text_) == "config" &&
         bindings().AssignmentsTo(init, "config").empty();
}

std::vector<std::string> CompiledRegion::ConfigurationFieldsWritten(TSNode function) const {
  std::set<std::string> fields;
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    // A nested function is summarized on its own (or runs only if it is called).
    if (type == "function_definition" || type == "class_definition") return false;
    TSNode object{};
    std::string field;
    if (type == "assignment" || type == "augmented_assignment") {
      TSNode left = Field(n, "left");
      if (!Is(left, "attribute")) return true;
      object = Field(left, "object");
      field = NodeText(Field(left, "attribute"), text_);
    } else if (type == "call" && Is(Field(n, "function"), "identifier") &&
               NodeText(Field(n, "function"), text_) == "setattr") {
      std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
      if (args.size() != 3 || !Is(args[1], "string")) return true;
      std::vector<TSNode> parts = NamedChildren(args[1]);  // string_start, content, string_end
      if (parts.size() != 3 || !Is(parts[1], "string_content")) return true;
      object = args[0];
      field = NodeText(parts[1], text_);
    } else {
      return true;
    }
    if (IsConfigurationObject(object, function, 0)) fields.insert(field);
    return true;
  });
  return {fields.begin(), fields.end()};
}

namespace {

// Whether `test` is `name is not None`, or an `and` with that among its operands.
bool TestsGiven(TSNode test, std::string_view name, std::string_view text) {
  if (Is(test, "parenthesized_expression")) return TestsGiven(ts_node_named_child(test, 0), name, text);
  if (Is(test, "boolean_operator")) {
    return NodeText(Field(test, "operator"), text) == "and" &&
           (TestsGiven(Field(test, "left"), name, text) ||
            TestsGiven(Field(test, "right"), name, text));
  }
  return Is(test, "comparison_operator") && ts_node_named_child_count(test) == 2 &&
         Is(ts_node_named_child(test, 0), "identifier") &&
         NodeText(ts_node_named_child(test, 0), text) == name &&
         Is(ts_node_named_child(test, 1), "none") && ComparisonOperator(test, text) == "isnot";
}

// Whether `assignment` runs only under `if name is not None:` (its consequence).
bool RunsOnlyWhenGiven(TSNode assignment, std::string_view name, TSNode function,
                       std::string_view text) {
  for (TSNode child = assignment, parent = ParentOf(assignment);
       !ts_node_is_null(parent) && !SameNode(parent, function);
       child = parent, parent = ParentOf(parent)) {
    if (Is(parent, "if_statement") && SameNode(Field(parent, "consequence"), child) &&
        TestsGiven(Field(parent, "condition"), name, text)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::set<std::string> CompiledRegion::UnreboundParameters(TSNode function) const {
  std::set<std::string> out;
  for (TSNode p : NamedChildren(Field(function, "parameters"))) {
    TSNode name = ParameterNameNode(p);
    if (ts_node_is_null(name)) continue;
    std::string_view text = NodeText(name, text_);
    // Rebound only under `if mask is not None:` (`mask = self.reduce(mask)`): a mask left at
    // its None default is still None wherever it is handed on.
    TSNode default_value = Field(p, "value");
    bool none_default = Is(default_value, "none");
    const std::vector<TSNode>& assignments = bindings().AssignmentsTo(function, text);
    if (std::all_of(assignments.begin(), assignments.end(), [&](TSNode a) {
          return none_default && RunsOnlyWhenGiven(a, text, function, text_);
        })) {
      out.emplace(text);
    }
  }
  return out;
}

std::set<std::string, std::less<>> CompiledRegion::ConditionNames(TSNode function) const {
  std::set<std::string, std::less<>> out;
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    if (type == "function_definition" || type == "class_definition") return false;
    TSNode condition{};
    if (type == "if_statement" || type == "elif_clause") condition = Field(n, "condition");
    if (type == "conditional_expression") condition = ts_node_named_child(n, 1);
    if (ts_node_is_null(condition)) return true;
    ForEachNamedNode(condition, [&](TSNode c, std::string_view t) {
      if (t == "identifier") out.emplace(NodeText(c, text_));
      return t != "lambda";
    });
    return true;
  });
  // A local a condition tests stands for what it was computed from (`can_compute = ids is not
  // None and grid is not None`, then `if can_compute:`): those names are tested too.
  std::map<std::string_view, std::vector<TSNode>> values;  // local -> what is assigned to it
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    if (type == "function_definition" || type == "class_definition") return false;
    if (type == "assignment" && Is(Field(n, "left"), "identifier")) {
      values[NodeText(Field(n, "left"), text_)].push_back(Field(n, "right"));
    }
    return true;
  });
  std::vector<std::string_view> locals(out.begin(), out.end());
  while (!locals.empty()) {
    auto it = values.find(locals.back());
    locals.pop_back();
    if (it == values.end()) continue;
    for (TSNode value : it->second) {
      ForEachNamedNode(value, [&](TSNode c, std::string_view t) {
        if (t == "identifier" && out.emplace(NodeText(c, text_)).second) {
          locals.push_back(NodeText(c, text_));
        }
        return t != "lambda";
      });
    }
  }
  return out;
}

std::vector<std::string> CompiledRegion::DefaultGuards(
    TSNode function, TSNode call, const std::vector<std::pair<std::string, int>>& defaults,
    const FunctionSummary::Signature& signature, const std::set<std::string, std::less<>>& named,
    std::map<std::string, std::unique_ptr<TruthCache>>* hypotheses) {
  // Each hypothesis: the names that hold their defaults together ("*args **kwargs": both
  // variadics empty, for `if len(args) > 0 or kwargs.get("scale") is not None:`).
  std::vector<std::vector<std::string>> tried;
  for (const auto& [name, position] : defaults) {
    if (named.contains(name)) tried.push_back({name});
  }
  std::vector<std::string> variadics;
  for (const std::string* v : {&signature.var_positional, &signature.var_keyword}) {
    if (v->empty() || !named.contains(*v)) continue;
    variadics.push_back((v == &signature.var_positional ? "*" : "**") + *v);
    tried.push_back({variadics.back()});
  }
  if (variadics.size() == 2) tried.push_back(variadics);
  // `if len(caches) == 1:` when every call puts a given number of arguments in *caches: each
  // count is its own hypothesis (VariadicCountName), never joined with the others; so is a
  // boolean parameter every call passes the other literal (`if not return_dict:` with
  // `return_dict=False` passed, LiteralHeldName).
  std::vector<std::string> counts;
  for (const auto& [name, position] : defaults) {
    if (!named.contains(name)) continue;
    TSNode parameter = bindings().ParameterNamed(function, name).node;
    std::string_view value = NodeText(Field(parameter, "value"), text_);
    if (value == "True" || value == "False") {
      counts.push_back(LiteralHeldName(name, value == "True" ? "False" : "True"));
    }
  }
  if (!signature.var_positional.empty() && named.contains(signature.var_positional)) {
    for (int count = 1; count <= kMaxVariadicCount; ++count) {
      counts.push_back(VariadicCountName(signature.var_positional, count));
    }
  }
  // Whether the call is kept away when every one of `names` holds its default.
  auto away_when = [&](const std::vector<std::string>& names) {
    std::string guard = absl::StrJoin(names, " ");
    std::unique_ptr<TruthCache>& cache = (*hypotheses)[guard];
    if (cache == nullptr) {
      cache = std::make_unique<TruthCache>();
      cache->UseCallIndex(truth_cache_.call_index());
      cache->UseBindingIndex(&bindings());
      cache->ShareAssignmentsWith(&truth_cache_);
      cache->SetDefaulted({{Key(function), std::set<std::string>(names.begin(), names.end())}});
      // Its other parameters are what the program's calls pass, not only this file's calls
      // (cache_utils' own `DynamicCache(data)` leaves out the `config` a model passes).
      cache->SetCallsKnown({Key(function)});
    }
    for (Mode mode : {Mode::kEval, Mode::kTrain}) {
      if ((mode == Mode::kEval ? options_.eval : options_.train) &&
          !IsGuardedAway(call, text_, imports_, mode, cache.get(), options_.reduced_precision)) {
        return false;
      }
    }
    return true;
  };
  std::vector<std::string> out;
  for (const std::string& count : counts) {
    if (away_when({count})) out.push_back(count);
  }
  const size_t by_count = out.size();
  for (const std::vector<std::string>& names : tried) {
    // A pair is only worth saying when neither alone keeps the call away.
    if (names.size() > 1 && out.size() > by_count) continue;
    if (away_when(names)) out.push_back(absl::StrJoin(names, " "));
  }
  if (out.size() > by_count || tried.size() < 2) return out;
  // No one name keeps it away, but some together may: `outputs = outputs if outputs is not None
  // else {}`, filled under `if pixel_values is not None:`, then the call under
  // `if outputs.get("image") is not None:` needs both outputs and pixel_values left out. Try
  // them all at once, then drop each name the call stays away without.
  std::vector<std::string> together;
  for (const std::vector<std::string>& names : tried) {
    if (names.size() == 1) together.push_back(names[0]);
  }
  if (together.size() < 2 || !away_when(together)) return out;
  for (size_t i = 0; i < together.size() && together.size() > 1;) {
    std::vector<std::string> fewer = together;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
    if (away_when(fewer)) {
      together = std::move(fewer);
    } else {
      ++i;
    }
  }
  out.push_back(absl::StrJoin(together, " "));
  return out;
}

}  // namespace gbreak
