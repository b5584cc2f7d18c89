// CompiledRegion, part: calls into other modules: the program-graph names a call may run
// (external targets, class-map forwards, auto classes), literal defaults, and methods rebound
// in `__init__`.

#include "analysis/compiled_region.h"

#include <limits>

#include "analysis/auto_models.h"
#include "analysis/syntax_queries.h"
#include "program/auto_callee.h"

namespace gbreak {

void CompiledRegion::AddExternalTargets(
    TSNode call, TSNode owner, const std::vector<std::string>& owner_bases,
    const std::function<std::string(const std::string&)>& qualify, const std::string& module,
    std::vector<std::string>* out) {
  TSNode expression = Field(call, "function");
  TSNode object = Is(expression, "attribute") ? Field(expression, "object") : TSNode{};
  std::string method =
      Is(expression, "attribute") ? std::string(NodeText(Field(expression, "attribute"), text_)) : "";
  bool on_self = IsSelf(object, text_);
  bool on_super = Is(object, "call") && NodeText(Field(object, "function"), text_) == "super";
  if (on_self && !ts_node_is_null(owner)) {
    // The instance may be of a subclass whose bases (mixins of other modules) define it: the
    // program graph resolves Sub.method through Sub's bases.
    for (TSNode subclass : OverridingSubclasses(owner, method)) {
      if (ts_node_is_null(MethodOf(subclass, method, 0))) {
        out->push_back(module + "." + std::string(NodeText(Field(subclass, "name"), text_)) + "." +
                       method);
      }
    }
  }
  // self.scheduler.add_noise(...), or `layer.set_attention_type(...)` in `for layer in
  // self.layers:`: the method of the class __init__ assigned, if it lives elsewhere (or is
  // inherited from elsewhere).
  TSNode attribute = ts_node_is_null(owner) ? TSNode{}
                     : Is(object, "attribute") && IsSelf(Field(object, "object"), text_)
                         ? object
                         : LoopedContainer(object);
  if (!ts_node_is_null(attribute)) {
    const AttributeClasses& classes = AttributeClassesOf(owner);
    auto it = classes.find(NodeText(Field(attribute, "attribute"), text_));
    if (it != classes.end()) {
      for (TSNode constructor : it->second) {
        if (Is(constructor, "call")) {
          std::string built = AutoCalleeFor(constructor, owner, qualify, method);
          if (!built.empty()) out->push_back(std::move(built));
          continue;
        }
        if (Is(constructor, "identifier")) {
          TSNode local = ClassNamed(NodeText(constructor, text_));
          if (!ts_node_is_null(local)) {
            if (ts_node_is_null(MethodOf(local, method, 0))) {
              out->push_back(module + "." + std::string(NodeText(constructor, text_)) + "." + method);
            }
            continue;
          }
        }
        for (const std::string& name : QualifiedNames(constructor, text_, imports_)) {
          if (!name.starts_with("torch.") && !name.starts_with("builtins.")) {
            out->push_back(qualify(name) + "." + method);
          }
        }
      }
    }
  }
  // `config.get_text_config(...)` on a parameter annotated with one imported class
  // (`config: PreTrainedConfig | None`) the function never rebinds: that class's method.
  if (Is(object, "identifier") && !method.empty()) {
    TSNode annotated = ImportedClassAnnotating(call, NodeText(object, text_));
    if (!ts_node_is_null(annotated)) {
      for (const std::string& name : QualifiedNames(annotated, text_, imports_)) {
        if (!name.starts_with("torch.") && !name.starts_with("builtins.")) {
          out->push_back(qualify(name) + "." + method);
        }
      }
    }
  }
  // Imported functions handed to the call (torch.cond(p, branch_a, branch_b, ...)); not classes
  // (isinstance(m, PreTrainedModel)) and not to builtins.
  bool to_builtin = false;
  for (const std::string& name : QualifiedNames(expression, text_, imports_)) {
    to_builtin = to_builtin || name.starts_with("builtins.");
  }
  for (TSNode argument : NamedChildren(Field(call, "arguments"))) {
    if (to_builtin) break;
    if (Is(argument, "keyword_argument")) argument = Field(argument, "value");
    if (!Is(argument, "identifier") || IsCapitalized(NodeText(argument, text_))) continue;
    auto bound = imports_.bindings().find(NodeText(argument, text_));
    if (bound == imports_.bindings().end()) continue;
    for (const std::string& target : bound->second) {
      if (!target.starts_with("torch.")) out->push_back(qualify(target));
    }
  }
  if (!ts_node_is_null(CalleeOf(call))) return;  // resolved in this file
  if (on_self || on_super) {
    // A method this file does not define: maybe inherited from an imported base.
    for (const std::string& base : owner_bases) out->push_back(base + "." + method);
    return;
  }
  for (const std::string& name : QualifiedNames(expression, text_, imports_)) {
    if (!name.starts_with("builtins.")) out->push_back(qualify(name));
  }
}

void CompiledRegion::AddClassMapForwards(
    std::string_view map, const std::function<std::string(const std::string&)>& qualify,
    FunctionSummary* f) const {
  std::vector<TSNode> values = ClassMapValues(map);
  for (TSNode value : values) {
    if (Is(value, "identifier") && !ts_node_is_null(ClassNamed(NodeText(value, text_)))) {
      f->local_callees.push_back(std::string(NodeText(value, text_)) + ".forward");
      continue;
    }
    for (const std::string& name : QualifiedNames(value, text_, imports_)) {
      if (!name.starts_with("torch.")) f->external_callees.push_back(qualify(name) + ".forward");
    }
  }
  if (!values.empty()) return;
  // An imported map: the program graph expands it from the defining module's summary.
  auto bound = imports_.bindings().find(map);
  if (bound == imports_.bindings().end()) return;
  for (const std::string& target : bound->second) {
    f->external_callees.push_back(qualify(target) + "[].forward");
  }
}

std::string CompiledRegion::AutoCalleeFor(
    TSNode from_config_call, TSNode owner,
    const std::function<std::string(const std::string&)>& qualify,
    const std::string& method) const {
  std::optional<AutoBuild> built = AutoBuildOf(from_config_call, text_);
  if (!built || ts_node_is_null(owner)) return "";
  for (const std::string& name : QualifiedNames(built->auto_class, text_, imports_)) {
    if (name.starts_with("torch.") || name.starts_with("builtins.")) continue;
    return FormatAutoCallee({.owner = module_ + "." + DefinitionName(owner, text_),
                             .auto_class = qualify(name),
                             .field = built->field,
                             .method = method});
  }
  return "";
}

void CompiledRegion::SetDefaultedParameters(std::map<uint32_t, std::set<std::string>> defaulted) {
  truth_cache_.SetDefaulted(std::move(defaulted));
}

std::vector<std::pair<std::string, int>> CompiledRegion::LiteralDefaults(TSNode function) const {
  std::vector<std::pair<std::string, int>> out;
  bool skip_self = !ts_node_is_null(OwningClass(function)) && !IsStaticMethod(function, text_);
  int position = skip_self ? -1 : 0;
  bool keyword_only = false;
  for (TSNode parameter : NamedChildren(Field(function, "parameters"))) {
    if (Is(parameter, "list_splat_pattern") || Is(parameter, "keyword_separator") ||
        Is(parameter, "dictionary_splat_pattern")) {
      keyword_only = true;  // what follows can only be passed by keyword
      continue;
    }
    if ((Is(parameter, "default_parameter") || Is(parameter, "typed_default_parameter")) &&
        IsPlainLiteral(Field(parameter, "value"), text_)) {
      out.emplace_back(std::string(NodeText(Field(parameter, "name"), text_)),
                       keyword_only ? std::numeric_limits<int>::max() : position);
    }
    ++position;
  }
  return out;
}

std::map<std::string, CompiledRegion::Rebound> CompiledRegion::MethodsRebound(
    TSNode function) const {
  std::map<std::string, Rebound> out;
  std::set<std::string, std::less<>> parameters;
  for (TSNode p : NamedChildren(Field(function, "parameters"))) {
    TSNode name = ParameterNameNode(p);
    if (!ts_node_is_null(name)) parameters.emplace(NodeText(name, text_));
  }
  std::map<std::string, TSNode, std::less<>> nested;
  for (TSNode statement : NamedChildren(Field(function, "body"))) {
    TSNode definition = Is(statement, "decorated_definition") ? Field(statement, "definition")
                                                              : statement;
    if (Is(definition, "function_definition")) {
      nested.emplace(NodeText(Field(definition, "name"), text_), definition);
    }
  }
  if (nested.empty()) return out;
  // `param.method = nested` replaces the method; `saved = param.method` keeps the original.
  std::map<std::string, std::string> saved;  // method -> the name holding the original
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    if (type == "function_definition" || type == "class_definition") return false;
    if (type != "assignment") return true;
    TSNode left = Field(n, "left"), right = Field(n, "right");
    if (Is(left, "identifier") && Is(right, "attribute") &&
        Is(Field(right, "object"), "identifier") &&
        parameters.contains(NodeText(Field(right, "object"), text_))) {
      saved[std::string(NodeText(Field(right, "attribute"), text_))] = NodeText(left, text_);
      return true;
    }
    if (!Is(left, "attribute") || !Is(right, "identifier")) return true;
    TSNode object = Field(left, "object");
    auto closure = nested.find(NodeText(right, text_));
    if (Is(object, "identifier") && parameters.contains(NodeText(object, text_)) &&
        closure != nested.end()) {
      out[std::string(NodeText(Field(left, "attribute"), text_))].replacement = closure->second;
    }
    return true;
  });
  for (auto& [method, rebound] : out) {
    auto original = saved.find(method);
    if (original == saved.end()) continue;
    // How the replacement uses the original: calls it, or hands it to a call (a registry
    // lookup's default) whose result decides.
    ForEachNamedNode(Field(rebound.replacement, "body"), [&](TSNode n, std::string_view type) {
      if (type != "identifier" || NodeText(n, text_) != original->second) return true;
      TSNode parent = ParentOf(n);
      if (Is(parent, "call") && SameNode(Field(parent, "function"), n)) {
        rebound.runs_original = true;
      } else if (Is(parent, "argument_list") || Is(parent, "keyword_argument")) {
        TSNode call = Is(parent, "keyword_argument") ? ParentOf(ParentOf(parent)) : ParentOf(parent);
        if (Is(call, "call") && rebound.original_when.empty()) {
          rebound.original_when = CollapsedText(call, 120);
        }
      }
      return true;
    });
  }
  return out;
}

std::string CompiledRegion::ImportedModule(TSNode statement) const {
  if (Is(statement, "import_statement")) {
    TSNode name = Field(statement, "name");
    if (Is(name, "aliased_import")) name = Field(name, "name");
    std::string_view dotted = NodeText(name, text_);
    return std::string(dotted.substr(0, dotted.find('.')));
  }
  if (!Is(statement, "import_from_statement")) return "";
  std::string name(NodeText(Field(statement, "module_name"), text_));
  if (!name.starts_with(".")) return name;
  if (module_.empty()) return "";
  return ResolveRelative(name, module_, is_package_);
}

}  // namespace gbreak
