// CompiledRegion, part: the file's summary for the program graph: call sites with their
// arguments, `**kwargs` sources, the submodules a forward calls, signatures.

#include "analysis/compiled_region.h"

#include <algorithm>

#include "analysis/auto_models.h"
#include "analysis/syntax_queries.h"
#include "analysis/wrapper_arguments.h"
#include "program/auto_callee.h"
#include "program/lazy_exports.h"
#include "program/module_aliases.h"

namespace gbreak {

CallSite CompiledRegion::ArgumentsOf(TSNode call, TSNode caller,
                                     const std::set<std::string>& parameters) const {
  CallSite site;
  site.start_byte = ts_node_start_byte(call);
  site.end_byte = ts_node_end_byte(call);
  // An argument that is a parameter of the caller, unchanged, hands on what the caller got.
  auto forwarded = [&](TSNode value, const std::string& key) {
    if (IsPlainLiteral(value, text_)) {
      site.literals[key] = std::string(NodeText(value, text_));
    } else if (Is(value, "identifier") &&
               parameters.contains(std::string(NodeText(value, text_)))) {
      site.forwarded[key] = std::string(NodeText(value, text_));
    } else if (is_tensor_ && is_tensor_(value)) {
      site.tensor_arguments.push_back(key);
    }
  };
  for (TSNode argument : NamedChildren(Field(call, "arguments"))) {
    if (Is(argument, "keyword_argument")) {
      site.keywords.emplace_back(NodeText(Field(argument, "name"), text_));
      forwarded(Field(argument, "value"), site.keywords.back());
    } else if (Is(argument, "list_splat") || Is(argument, "dictionary_splat")) {
      std::string source = SplatSource(argument, caller);
      if (source.empty()) {
        site.splat = true;
      } else {
        site.splat_sources.push_back(std::move(source));
      }
    } else if (!Is(argument, "comment")) {
      forwarded(argument, "#" + std::to_string(site.positional));
      ++site.positional;
    }
  }
  return site;
}

std::string CompiledRegion::SplatSource(TSNode splat, TSNode caller) const {
  TSNode value = ts_node_named_child(splat, 0);
  if (ts_node_is_null(caller) || !Is(value, "identifier")) return "";
  return NameSource(NodeText(value, text_), caller, 0);
}

std::string CompiledRegion::NameSource(std::string_view name, TSNode caller, int depth) const {
  // What the function adds to it is not what its caller gave.
  if (!bindings().FillsOf(caller, name).empty()) return "";
  const VariadicNames& variadics = bindings().VariadicsOf(caller);
  const std::vector<TSNode>& assignments = bindings().AssignmentsTo(caller, name);
  if (name == variadics.positional || name == variadics.keyword) {
    if (!assignments.empty()) return "";
    return (name == variadics.positional ? "*" : "**") + std::string(name);
  }
  if (ts_node_is_null(bindings().ParameterNamed(caller, name).node)) {
    // A local: a part of a source, when one comprehension made it.
    if (depth > 0 || assignments.size() != 1 || !Is(assignments[0], "assignment")) return "";
    return ComprehensionSource(Field(assignments[0], "right"), caller, depth + 1);
  }
  // Unchanged, or made `{}` when None: empty exactly when it holds a None default.
  if (assignments.empty() ||
      (assignments.size() == 1 && Is(assignments[0], "assignment") &&
       EmptyWhenNone(Field(assignments[0], "right"), name, text_))) {
    return std::string(name);
  }
  return "";
}

std::string CompiledRegion::ComprehensionSource(TSNode comprehension, TSNode caller,
                                                int depth) const {
  if (!Is(comprehension, "dictionary_comprehension")) return "";
  TSNode pair = Field(comprehension, "body");
  TSNode loop{};
  for (TSNode clause : NamedChildren(comprehension)) {
    if (!Is(clause, "for_in_clause")) continue;
    if (!ts_node_is_null(loop)) return "";  // nested loops: keys of something else
    loop = clause;
  }
  if (!Is(pair, "pair") || ts_node_is_null(loop)) return "";
  // `for k, v in d.items()` or `for k in d` / `d.keys()`: the key variable, and d.
  TSNode target = Field(loop, "left");
  if (Is(target, "pattern_list") || Is(target, "tuple_pattern")) {
    target = ts_node_named_child(target, 0);
  }
  TSNode iterated = Field(loop, "right");
  std::string_view method;
  if (Is(iterated, "call") && Is(Field(iterated, "function"), "attribute") &&
      NamedChildCount(Field(iterated, "arguments")) == 0) {
    method = NodeText(Field(Field(iterated, "function"), "attribute"), text_);
    iterated = Field(Field(iterated, "function"), "object");
  }
  const bool pairs = method == "items";
  const bool keys = method.empty() || method == "keys";
  if (!Is(target, "identifier") || !Is(iterated, "identifier") || !(pairs || keys)) return "";
  if (pairs != (Is(Field(loop, "left"), "pattern_list") || Is(Field(loop, "left"), "tuple_pattern"))) {
    return "";
  }
  // The key kept as it is (a renamed key `k[len("decoder_"):]` is another keyword).
  if (!Is(Field(pair, "key"), "identifier") ||
      NodeText(Field(pair, "key"), text_) != NodeText(target, text_)) {
    return "";
  }
  std::string source = NameSource(NodeText(iterated, text_), caller, depth);
  return source.starts_with("**") || (!source.empty() && !source.starts_with("*")) ? source : "";
}

const CompiledRegion::SubmoduleCalls& CompiledRegion::SubmoduleCallsIn(TSNode function) {
  uint32_t key = ts_node_start_byte(function);
  auto it = submodule_calls_.find(key);
  if (it == submodule_calls_.end()) {
    it = submodule_calls_.emplace(key, FindSubmoduleCalls(function)).first;
  }
  return it->second;
}

CompiledRegion::SubmoduleCalls CompiledRegion::FindSubmoduleCalls(TSNode function) {
  SubmoduleCalls out;
  // Code Dynamo never traces in any mode of the run calls nothing
  // (`if self.gradient_checkpointing: ...` with gradient_checkpointing False).
  auto traced = [&](TSNode n) {
    for (Mode mode : {Mode::kEval, Mode::kTrain}) {
      if ((mode == Mode::kEval ? options_.eval : options_.train) &&
          !IsGuardedAway(n, text_, imports_, mode, &truth_cache_, options_.reduced_precision)) {
        return true;
      }
    }
    return false;
  };
  // How `use` (an expression that is the submodule, or a module of a container of them) is
  // used: the call it is the callee of (`m(x)`, `m.forward(x)`), nothing for a read of one of its
  // attributes (`self.attn.processor`), or null for anything else.
  auto call_of = [&](TSNode use, bool* reads_only) -> TSNode {
    *reads_only = false;
    TSNode parent = ParentOf(use);
    // Tested or measured, not called: `len(self.layers)`, `self.norm is not None`, `if self.x:`.
    if (Is(parent, "comparison_operator") || Is(parent, "not_operator") ||
        Is(parent, "boolean_operator") ||
        ((Is(parent, "if_statement") || Is(parent, "elif_clause")) &&
         ts_node_eq(Field(parent, "condition"), use))) {
      *reads_only = true;
      return TSNode{};
    }
    if (Is(parent, "argument_list") && Is(ParentOf(parent), "call")) {
      std::string_view callee = NodeText(Field(ParentOf(parent), "function"), text_);
      if (callee == "len" || callee == "isinstance" || callee == "hasattr" ||
          callee == "getattr" || callee == "type" || callee == "id" || callee == "callable") {
        *reads_only = true;
        return TSNode{};
      }
    }
    if (Is(parent, "call") && ts_node_eq(Field(parent, "function"), use)) return parent;
    if (Is(parent, "attribute") && ts_node_eq(Field(parent, "object"), use)) {
      std::string_view member = NodeText(Field(parent, "attribute"), text_);
      TSNode grand = ParentOf(parent);
      if (member != "forward" && member != "__call__") {
        *reads_only = true;
        return TSNode{};
      }
      if (Is(grand, "call") && ts_node_eq(Field(grand, "function"), parent)) return grand;
    }
    return TSNode{};
  };
  // The uses of a loop's target `name` in its body: calls are sites; other uses hand it on.
  auto loop_uses = [&](TSNode loop, std::string_view name, std::vector<TSNode>* sites) {
    ForEachNamedNode(Field(loop, "body"), [&](TSNode n, std::string_view type) {
      if (type == "function_definition" || type == "class_definition" || type == "lambda") {
        bool mentions = NodeText(n, text_).find(name) != std::string_view::npos;
        if (mentions) sites->push_back(TSNode{});
        return false;
      }
      if (type != "identifier" || NodeText(n, text_) != name || !traced(n)) return true;
      bool reads_only = false;
      TSNode call = call_of(n, &reads_only);
      if (!reads_only) sites->push_back(call);
      return true;
    });
  };
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    if (type == "function_definition" || type == "class_definition") return false;
    if (type != "attribute" || !IsSelf(Field(n, "object"), text_)) return true;
    std::vector<TSNode>& sites = out[std::string(NodeText(Field(n, "attribute"), text_))];
    if (!traced(n)) return true;
    TSNode parent = ParentOf(n);
    // for m in self.layers: / for m in self.layers[1:]: / for i, m in enumerate(self.layers): /
    // for attn, m in zip(self.attentions, self.layers[1:]):
    TSNode iterated = n;
    if (Is(parent, "subscript") && ts_node_eq(Field(parent, "value"), n) &&
        Is(Field(parent, "subscript"), "slice")) {
      iterated = parent;
    }
    uint32_t element = UINT32_MAX;  // which element of each item the loop target takes: all
    TSNode arguments = ParentOf(iterated);
    if (Is(arguments, "argument_list") && Is(ParentOf(arguments), "call")) {
      std::string_view over = NodeText(Field(ParentOf(arguments), "function"), text_);
      std::vector<TSNode> given = NamedChildren(arguments);
      if (over == "enumerate" && given.size() == 1) element = 1;
      for (uint32_t i = 0; over == "zip" && i < given.size(); ++i) {
        if (ts_node_eq(given[i], iterated)) element = i;
      }
      if (element != UINT32_MAX) iterated = ParentOf(arguments);
    }
    TSNode loop = ParentOf(iterated);
    if (Is(loop, "for_statement") && ts_node_eq(Field(loop, "right"), iterated)) {
      TSNode target = Field(loop, "left");
      if (element != UINT32_MAX) {
        bool unpacked = (Is(target, "pattern_list") || Is(target, "tuple_pattern")) &&
                        NamedChildCount(target) > element;
        target = unpacked ? ts_node_named_child(target, element) : TSNode{};
      }
      if (Is(target, "identifier")) {
        loop_uses(loop, NodeText(target, text_), &sites);
      } else {
        sites.push_back(TSNode{});
      }
      return true;
    }
    // self.layers[i](x)
    TSNode use = n;
    if (Is(parent, "subscript") && ts_node_eq(Field(parent, "value"), n)) use = parent;
    bool reads_only = false;
    TSNode call = call_of(use, &reads_only);
    if (!reads_only) sites.push_back(call);
    return true;
  });
  return out;
}

void CompiledRegion::AddSubmoduleCalls(
    TSNode function, TSNode owner, const std::function<std::string(const std::string&)>& qualify,
    const std::set<std::string>& parameters, FunctionSummary* f) {
  const SubmoduleCalls& uses = SubmoduleCallsIn(function);
  for (const auto& [attribute, constructors] : AttributeClassesOf(owner)) {
    // Only a submodule this function calls (or hands on) runs its forward from here: a vision
    // tower only `get_image_features` calls is not reached from `forward` when that call is
    // guarded away (no pixel_values given).
    auto used = uses.find(attribute);
    if (used == uses.end() || used->second.empty()) continue;
    // The forwards this attribute's classes run, as callees of f.
    std::vector<CallSite> forwards;
    for (TSNode constructor : constructors) {
      size_t local_before = f->local_callees.size();
      size_t external_before = f->external_callees.size();
      if (Is(constructor, "call")) {
        std::string built = AutoCalleeFor(constructor, owner, qualify, "forward");
        if (!built.empty()) f->external_callees.push_back(std::move(built));
      } else if (Is(constructor, "subscript")) {
        AddClassMapForwards(NodeText(Field(constructor, "value"), text_), qualify, f);
      } else if (Is(constructor, "identifier") &&
                 !ts_node_is_null(ClassNamed(NodeText(constructor, text_)))) {
        // Calling an instance runs its class's __call__: nn.Module's runs forward; a class's own
        // (an attention processor object, a module overriding __call__) runs first.
        std::string cls(NodeText(constructor, text_));
        f->local_callees.push_back(cls + ".forward");
        if (!ts_node_is_null(MethodOf(ClassNamed(cls), "__call__", 0))) {
          f->local_callees.push_back(cls + ".__call__");
        }
      } else {
        for (const std::string& name : QualifiedNames(constructor, text_, imports_)) {
          if (name.starts_with("torch.")) continue;
          f->external_callees.push_back(qualify(name) + ".forward");
          f->external_callees.push_back(qualify(name) + ".__call__");
        }
      }
      // The forward runs only when this constructor did (its __init__ branch).
      uint32_t built_start = ts_node_start_byte(constructor);
      uint32_t built_end = ts_node_end_byte(constructor);
      bool with_config = PassesOwnConfiguration(constructor);
      for (size_t i = local_before; i < f->local_callees.size(); ++i) {
        forwards.push_back(CallSite{.callee = f->local_callees[i], .local = true,
                                    .built_start = built_start, .built_end = built_end,
                                    .built_with_config = with_config});
      }
      for (size_t i = external_before; i < f->external_callees.size(); ++i) {
        forwards.push_back(CallSite{.callee = f->external_callees[i], .built_start = built_start,
                                    .built_end = built_end, .built_with_config = with_config});
      }
    }
    for (TSNode call : used->second) {
      CallSite arguments;
      if (ts_node_is_null(call)) {
        arguments.splat = true;
      } else {
        arguments = ArgumentsOf(call, function, parameters);
      }
      for (const CallSite& forward : forwards) {
        CallSite site = arguments;
        site.callee = forward.callee;
        site.local = forward.local;
        site.built_start = forward.built_start;
        site.built_end = forward.built_end;
        site.built_with_config = forward.built_with_config;
        f->calls.push_back(std::move(site));
      }
    }
  }
}

const std::vector<TSNode>& CompiledRegion::CallsOfModule(TSNode class_definition) {
  if (!module_calls_) {
    module_calls_.emplace();
    for (TSNode statement : NamedChildren(root_)) {
      TSNode owner = Is(statement, "decorated_definition") ? Field(statement, "definition")
                                                           : statement;
      if (!Is(owner, "class_definition")) continue;
      const AttributeClasses& classes = AttributeClassesOf(owner);
      std::map<std::string, std::vector<TSNode>, std::less<>> uses;  // the class's methods'
      for (TSNode member : NamedChildren(Field(owner, "body"))) {
        if (Is(member, "decorated_definition")) member = Field(member, "definition");
        // __init__ builds them (its `self.layers = ...` is no call).
        if (!Is(member, "function_definition") || DefinitionName(member, text_) == "__init__") {
          continue;
        }
        for (const auto& [attribute, calls] : SubmoduleCallsIn(member)) {
          uses[attribute].insert(uses[attribute].end(), calls.begin(), calls.end());
        }
      }
      for (const auto& [attribute, constructors] : classes) {
        auto used = uses.find(attribute);
        if (used == uses.end()) continue;
        for (TSNode constructor : constructors) {
          if (!Is(constructor, "identifier")) continue;
          TSNode built = ClassNamed(NodeText(constructor, text_));
          if (ts_node_is_null(built)) continue;
          std::vector<TSNode>& calls = (*module_calls_)[ts_node_start_byte(built)];
          calls.insert(calls.end(), used->second.begin(), used->second.end());
        }
      }
    }
  }
  static const std::vector<TSNode> kNone;
  auto it = module_calls_->find(ts_node_start_byte(class_definition));
  return it == module_calls_->end() ? kNone : it->second;
}

FunctionSummary::Signature CompiledRegion::SignatureOf(TSNode function) const {
  FunctionSummary::Signature out;
  bool skip_self = !ts_node_is_null(OwningClass(function)) && !IsStaticMethod(function, text_);
  bool keyword_only = false;
  for (TSNode parameter : NamedChildren(Field(function, "parameters"))) {
    TSNode inner = Is(parameter, "typed_parameter") ? ts_node_named_child(parameter, 0) : parameter;
    if (Is(inner, "list_splat_pattern") || Is(inner, "keyword_separator") ||
        Is(inner, "dictionary_splat_pattern")) {
      keyword_only = true;  // what follows can only be passed by keyword
      continue;
    }
    TSNode name = ParameterNameNode(parameter);
    if (ts_node_is_null(name)) continue;  // the `/` separator
    if (skip_self) {
      skip_self = false;
      continue;
    }
    out.named.emplace_back(NodeText(name, text_));
    if (!keyword_only) ++out.positional;
  }
  VariadicNames variadics = VariadicsOf(function, text_);
  out.var_positional = variadics.positional;
  out.var_keyword = variadics.keyword;
  return out;
}

void CompiledRegion::AddCallSites(TSNode call, const std::vector<std::string>& owner_bases,
                                  const std::function<std::string(const std::string&)>& qualify,
                                  const std::set<std::string>& parameters,
                                  std::vector<CallSite>* out) {
  CallSite site = ArgumentsOf(call, EnclosingFunction(call), parameters);
  TSNode callee = CalleeOf(call);
  if (!ts_node_is_null(callee)) {
    site.callee = QualifiedName(callee);
    site.local = true;
    out->push_back(std::move(site));
    return;
  }
  TSNode expression = Field(call, "function");
  TSNode object = Is(expression, "attribute") ? Field(expression, "object") : TSNode{};
  bool on_self = IsSelf(object, text_);
  bool on_super = Is(object, "call") && NodeText(Field(object, "function"), text_) == "super";
  if (on_self || on_super) {
    std::string method(NodeText(Field(expression, "attribute"), text_));
    for (const std::string& base : owner_bases) {
      site.callee = base + "." + method;
      out->push_back(site);
    }
    return;
  }
  for (const std::string& name : QualifiedNames(expression, text_, imports_)) {
    if (name.starts_with("builtins.") || name.starts_with("torch.")) continue;
    site.callee = qualify(name);
    out->push_back(site);
  }
}

std::vector<std::string> CompiledRegion::ImportedModulesIn(TSNode function) const {
  std::vector<std::string> out;
  uint32_t start = ts_node_start_byte(function), end = ts_node_end_byte(function);
  // Most functions import nothing: no walk for them.
  if (text_.substr(start, end - start).find("import") == std::string_view::npos) return out;
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    if (type == "function_definition" || type == "class_definition") return false;
    if (type != "import_statement" && type != "import_from_statement") return true;
    std::string module = ImportedModule(n);
    if (!module.empty() && std::find(out.begin(), out.end(), module) == out.end()) {
      out.push_back(std::move(module));
    }
    return false;
  });
  return out;
}

ModuleSummary CompiledRegion::Summarize(const std::string& path, const std::string& module,
                                        bool is_package) {
  ComputeReachable();
  module_ = module;
  is_package_ = is_package;
  ModuleSummary summary;
  summary.path = path;
  summary.module = module;
  auto qualify = [&](const std::string& name) {
    return ResolveRelative(name, module, is_package);
  };
  for (const auto& [name, targets] : imports_.bindings()) {
    for (const std::string& target : targets) summary.imports[name].push_back(qualify(target));
  }
  for (const std::string& star : imports_.star_modules()) {
    summary.star_imports.push_back(qualify(star));
  }
  // A lazy package's exports are attributes of the package, as a re-export is.
  if (is_package) {
    for (const auto& [name, target] : LazyExports(root_, text_)) {
      std::vector<std::string>& targets = summary.imports[name];
      std::string qualified = qualify(target);
      if (std::find(targets.begin(), targets.end(), qualified) == targets.end()) {
        targets.push_back(std::move(qualified));
      }
    }
  }
  // Module-level aliases (`Net = Block`): the name is the object its value names.
  for (const ModuleAlias& alias : ModuleAliases(root_, text_)) {
    if (summary.imports.contains(alias.name)) continue;
    std::vector<std::string> targets;
    std::string_view value = NodeText(alias.value, text_);
    if (Is(alias.value, "identifier") && imports_.Lookup(value) == nullptr &&
        imports_.DefinesAtModuleLevel(value)) {
      targets.push_back(module + "." + std::string(value));
    } else {
      for (const std::string& name : QualifiedNames(alias.value, text_, imports_)) {
        targets.push_back(qualify(name));
      }
    }
    if (!targets.empty()) summary.imports[alias.name] = std::move(targets);
  }
  summary.replaces_itself = ReplacesOwnModule(root_, text_);
  summary.compiled_lines = compiled_lines_;
  for (const std::string& object : compiled_objects_) {
    // ".Net" is a class of this module.
    summary.compiled.push_back(object.starts_with(".") && object.find('.', 1) == std::string::npos
                                   ? module + object
                                   : qualify(object));
  }
  std::set<uint32_t> entries;
  for (TSNode entry : entries_) entries.insert(Key(entry));
  // Module-level dicts of classes: what an imported class map selects from.
  for (TSNode statement : NamedChildren(root_)) {
    TSNode assignment = ts_node_named_child(statement, 0);
    if (!Is(statement, "expression_statement") || !Is(assignment, "assignment") ||
        !Is(Field(assignment, "left"), "identifier") || !Is(Field(assignment, "right"), "dictionary")) {
      continue;
    }
    std::string name(NodeText(Field(assignment, "left"), text_));
    std::vector<std::string> classes;
    for (TSNode value : ClassMapValues(name)) {
      if (Is(value, "identifier") && !ts_node_is_null(ClassNamed(NodeText(value, text_)))) {
        classes.push_back(module + "." + std::string(NodeText(value, text_)));
        continue;
      }
      for (const std::string& q : QualifiedNames(value, text_, imports_)) classes.push_back(qualify(q));
    }
    if (!classes.empty()) summary.class_maps[name] = std::move(classes);
  }
  ReadAutoModelFacts(
      root_, text_, [&](TSNode n) { return ClassNamedBy(n, qualify, module); }, &summary);

  // Top-level functions, and methods of top-level classes.
  std::vector<TSNode> functions;
  for (TSNode member : NamedChildren(root_)) {
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (Is(member, "function_definition")) functions.push_back(member);
    if (!Is(member, "class_definition")) continue;
    std::string class_name = DefinitionName(member, text_);
    for (TSNode decorator : Decorators(member)) {
      TSNode callee = DecoratorCallee(decorator);
      std::string called = Is(ts_node_named_child(decorator, 0), "call") ? "()" : "";
      if (Is(callee, "identifier") && !ts_node_is_null(ModuleFunction(NodeText(callee, text_)))) {
        summary.class_decorators[class_name].push_back(
            module + "." + std::string(NodeText(callee, text_)) + called);
        continue;
      }
      for (const std::string& name : QualifiedNames(callee, text_, imports_)) {
        if (!name.starts_with("torch.") && !name.starts_with("builtins.")) {
          summary.class_decorators[class_name].push_back(qualify(name) + called);
        }
      }
    }
    SummarizeConfiguration(member, class_name, qualify, &summary);
    std::vector<std::string>& bases = summary.classes[class_name];
    TSNode superclasses = Field(member, "superclasses");
    for (TSNode base : NamedChildren(superclasses)) {
      if (!Is(base, "identifier") && !Is(base, "attribute")) continue;
      if (Is(base, "identifier") && !ts_node_is_null(ClassNamed(NodeText(base, text_)))) {
        bases.push_back(module + "." + std::string(NodeText(base, text_)));
        continue;
      }
      for (const std::string& name : QualifiedNames(base, text_, imports_)) {
        bases.push_back(qualify(name));
      }
    }
    TSNode body = Field(member, "body");
    for (TSNode method : NamedChildren(body)) {
      if (Is(method, "decorated_definition")) method = Field(method, "definition");
      if (Is(method, "function_definition")) functions.push_back(method);
    }
  }

  // Functions are listed with the closures they hand out (decorator wrappers), which the list
  // grows by while it is walked.
  std::set<uint32_t> listed;
  for (size_t i = 0; i < functions.size(); ++i) {
    TSNode function = functions[i];
    FunctionSummary f;
    f.name = QualifiedName(function);
    f.line = static_cast<int>(ts_node_start_point(function).row) + 1;
    f.start_byte = ts_node_start_byte(function);
    f.end_byte = ts_node_end_byte(function);
    f.entry = entries.contains(Key(function));
    f.disabled = IsDisabled(function) && !IsConstantResult(function);
    f.constant_result = IsConstantResult(function);
    f.property = IsPropertyGetter(function, text_);
    f.config_fields_written = ConfigurationFieldsWritten(function);
    f.disabled_own_frame_only = IsDisabledOwnFrameOnly(function);
    f.wrapper = !ts_node_is_null(EnclosingFunction(function)) && IsWrapper(function);
    if (f.wrapper) f.adds_arguments = AddedArgumentsOf(function);
    for (TSNode closure : ClosuresReturnedBy(function)) {
      f.returns.push_back(QualifiedName(closure));
      if (listed.insert(Key(closure)).second) functions.push_back(closure);
    }
    for (const auto& [method, rebound] : MethodsRebound(function)) {
      f.rebinds[method] = {QualifiedName(rebound.replacement), rebound.runs_original,
                           rebound.original_when.empty() ? ""
                                                         : "`" + rebound.original_when + "`"};
      if (listed.insert(Key(rebound.replacement)).second) functions.push_back(rebound.replacement);
    }
    for (TSNode wrapper : LocalDecoratorWrappers(function)) {
      f.local_callees.push_back(QualifiedName(wrapper));
    }
    for (std::string& call : ExternalDecoratorCalls(function, module, is_package)) {
      f.external_callees.push_back(std::move(call));
    }
    TSNode owner = OwningClass(function);
    std::vector<std::string> owner_bases;
    if (!ts_node_is_null(owner)) owner_bases = summary.classes[DefinitionName(owner, text_)];
    f.literal_defaults = LiteralDefaults(function);
    f.signature = SignatureOf(function);
    f.imported_modules = ImportedModulesIn(function);
    const std::set<std::string> parameters = UnreboundParameters(function);
    // Callees some call reaches whatever the parameters hold; the others, with their guards.
    std::set<std::string> always(f.local_callees.begin(), f.local_callees.end());
    always.insert(f.external_callees.begin(), f.external_callees.end());
    std::map<std::string, std::vector<std::vector<std::string>>> guarded;
    std::map<std::string, std::unique_ptr<TruthCache>> hypotheses;
    // The names the function's conditions test, once per function (not per call).
    const std::set<std::string, std::less<>> condition_names =
        f.literal_defaults.empty() && f.signature.var_positional.empty() &&
                f.signature.var_keyword.empty()
            ? std::set<std::string, std::less<>>{}
            : ConditionNames(function);
    // The callees `at` (a call, or a property read) added since the counts given: reached
    // whatever happens, or only when no parameter that keeps `at` from running holds its default.
    auto note_callees_of = [&](TSNode at, size_t local_before, size_t external_before) {
      if (f.local_callees.size() == local_before && f.external_callees.size() == external_before) {
        return;
      }
      std::vector<std::string> guards =
          DefaultGuards(function, at, f.literal_defaults, f.signature, condition_names,
                        &hypotheses);
      auto note = [&](const std::string& callee) {
        if (guards.empty()) {
          always.insert(callee);
        } else {
          guarded[callee].push_back(guards);
        }
      };
      for (size_t i = local_before; i < f.local_callees.size(); ++i) note(f.local_callees[i]);
      for (size_t i = external_before; i < f.external_callees.size(); ++i) {
        note(f.external_callees[i]);
      }
    };
    for (TSNode call : CallsIn(function)) {
      size_t local_before = f.local_callees.size();
      size_t external_before = f.external_callees.size();
      for (TSNode target : LocalTargetsOf(call)) f.local_callees.push_back(QualifiedName(target));
      AddExternalTargets(call, owner, owner_bases, qualify, module, &f.external_callees);
      AddCallSites(call, owner_bases, qualify, parameters, &f.calls);
      note_callees_of(call, local_before, external_before);
    }
    // Reading a property runs its getter (Dynamo inlines it as it would a call).
    for (TSNode read : PropertyReadsIn(function)) {
      size_t local_before = f.local_callees.size();
      size_t external_before = f.external_callees.size();
      for (TSNode getter : LocalPropertyTargets(read)) {
        f.local_callees.push_back(QualifiedName(getter));
      }
      AddExternalPropertyTargets(read, owner, qualify, module, &f.external_callees);
      note_callees_of(read, local_before, external_before);
    }
    size_t local_after_calls = f.local_callees.size();
    size_t external_after_calls = f.external_callees.size();
    // A module's methods call its submodules (self.attn(...), for layer in self.layers: ...).
    if (!ts_node_is_null(owner)) AddSubmoduleCalls(function, owner, qualify, parameters, &f);
    // Submodules are reached from every method (see above), whatever the parameters hold.
    always.insert(f.local_callees.begin() + local_after_calls, f.local_callees.end());
    always.insert(f.external_callees.begin() + external_after_calls, f.external_callees.end());
    for (auto& [callee, calls] : guarded) {
      if (!always.contains(callee)) f.guarded_callees[callee] = std::move(calls);
    }
    std::sort(f.local_callees.begin(), f.local_callees.end());
    f.local_callees.erase(std::unique(f.local_callees.begin(), f.local_callees.end()),
                          f.local_callees.end());
    std::sort(f.external_callees.begin(), f.external_callees.end());
    f.external_callees.erase(std::unique(f.external_callees.begin(), f.external_callees.end()),
                             f.external_callees.end());
    summary.functions.push_back(std::move(f));
  }
  return summary;
}

}  // namespace gbreak
