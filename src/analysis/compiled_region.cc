#include "analysis/compiled_region.h"

#include <algorithm>
#include <cctype>

#include "analysis/syntax_queries.h"

namespace gbreak {
namespace {

constexpr int kMaxBaseDepth = 8;

bool IsDisableName(const std::string& name) {
  return name == "torch.compiler.disable" || name == "torch._dynamo.disable" ||
         name == "torch._disable_dynamo" || name == "torch._dynamo.eval_frame.disable";
}

bool IsCompileName(const std::string& name) { return name == "torch.compile"; }

// The callee expression of a decorator: `@f` -> f, `@f(...)` -> f.
TSNode DecoratorCallee(TSNode decorator) {
  TSNode expression = ts_node_named_child(decorator, 0);
  return Is(expression, "call") ? Field(expression, "function") : expression;
}

}  // namespace

CompiledRegion::CompiledRegion(TSNode root, std::string_view text, const ImportTable& imports,
                               RegionOptions options)
    : root_(root), text_(text), imports_(imports), options_(options) {}

bool CompiledRegion::IsDisabled(TSNode function) const {
  return disabled_.contains(Key(function));
}

const CompiledRegion::Definitions& CompiledRegion::DefinitionsIn(TSNode container,
                                                                  std::string_view type) const {
  auto key = std::make_pair(ts_node_start_byte(container), std::string(type));
  auto it = definitions_.find(key);
  if (it != definitions_.end()) return it->second;
  Definitions& names = definitions_[key];
  for (TSNode member : NamedChildren(container)) {
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (Is(member, type)) names.emplace(NodeText(Field(member, "name"), text_), member);  // first wins
  }
  return names;
}

TSNode CompiledRegion::ModuleFunction(std::string_view name) const {
  const Definitions& functions = DefinitionsIn(root_, "function_definition");
  auto it = functions.find(name);
  return it == functions.end() ? TSNode{} : it->second;
}

TSNode CompiledRegion::ClassNamed(std::string_view name) const {
  const Definitions& classes = DefinitionsIn(root_, "class_definition");
  auto it = classes.find(name);
  return it == classes.end() ? TSNode{} : it->second;
}

// A method of the class or, through its bases defined in this file, of an ancestor.
TSNode CompiledRegion::MethodOf(TSNode class_definition, std::string_view name, int depth) const {
  if (ts_node_is_null(class_definition) || depth > kMaxBaseDepth) return TSNode{};
  const Definitions& methods =
      DefinitionsIn(Field(class_definition, "body"), "function_definition");
  if (auto it = methods.find(name); it != methods.end()) return it->second;
  TSNode bases = Field(class_definition, "superclasses");
  for (TSNode base : NamedChildren(bases)) {
    if (!Is(base, "identifier")) continue;
    TSNode found = MethodOf(ClassNamed(NodeText(base, text_)), name, depth + 1);
    if (!ts_node_is_null(found)) return found;
  }
  return TSNode{};
}

void CompiledRegion::FindEntriesAndDisabled() {
  std::vector<TSNode> stack{root_};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "function_definition")) {
      for (TSNode decorator : Decorators(node)) {
        for (const std::string& name : QualifiedNames(DecoratorCallee(decorator), text_, imports_)) {
          if (IsDisableName(name)) disabled_.insert(Key(node));
          if (IsCompileName(name)) entries_.push_back(node);
        }
      }
      if (DefinitionName(node, text_) == "forward" && !ts_node_is_null(OwningClass(node))) {
        entries_.push_back(node);
      }
    } else if (Is(node, "call")) {
      // torch.compile(fn) and torch.compiler.disable(fn) applied to a function of this file.
      std::vector<std::string> names = QualifiedNames(Field(node, "function"), text_, imports_);
      bool compile = std::any_of(names.begin(), names.end(), IsCompileName);
      bool disable = std::any_of(names.begin(), names.end(), IsDisableName);
      TSNode first = ts_node_named_child(Field(node, "arguments"), 0);
      TSNode callee = Field(node, "function");
      // model.compile(...) takes keyword arguments only (re.compile(pattern) is not one).
      bool method_compile = !compile && Is(callee, "attribute") &&
                            NodeText(Field(callee, "attribute"), text_) == "compile" &&
                            (ts_node_is_null(first) || Is(first, "keyword_argument"));
      if (compile || method_compile) {
        for (std::string& name : CompiledObjectNames(node, method_compile)) {
          compiled_objects_.push_back(std::move(name));
          compiled_lines_.push_back(static_cast<int>(ts_node_start_point(node).row) + 1);
        }
      }
      if ((compile || disable) && Is(first, "identifier")) {
        TSNode target = ModuleFunction(NodeText(first, text_));
        if (!ts_node_is_null(target)) {
          if (compile) entries_.push_back(target);
          if (disable) {
            // `f = torch.compiler.disable(f)`: calls of f now skip Dynamo.
            TSNode parent = ParentOf(node);
            if (Is(parent, "assignment") && Is(Field(parent, "left"), "identifier")) {
              disabled_names_.insert(std::string(NodeText(Field(parent, "left"), text_)));
            }
          }
        }
      }
    }
    PushNamedChildren(stack, node);
  }
}

TSNode CompiledRegion::AssignedValue(std::string_view name) const {
  TSNode value{};
  std::vector<TSNode> stack{root_};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "assignment") && Is(Field(node, "left"), "identifier") &&
        NodeText(Field(node, "left"), text_) == name) {
      TSNode right = Field(node, "right");
      // `model = torch.compile(model)` rebinds the name to the compiled wrapper: keep the model.
      bool is_compile_call = false;
      if (Is(right, "call")) {
        for (const std::string& n : QualifiedNames(Field(right, "function"), text_, imports_)) {
          is_compile_call = is_compile_call || IsCompileName(n);
        }
      }
      if (!is_compile_call) value = right;
    }
    PushNamedChildren(stack, node);
  }
  return value;
}

std::vector<std::string> CompiledRegion::CompiledObjectNames(TSNode call,
                                                             bool method_compile) const {
  // torch.compile(x, ...) compiles its first argument; x.compile() compiles x.
  TSNode object = method_compile ? Field(Field(call, "function"), "object")
                                 : ts_node_named_child(Field(call, "arguments"), 0);
  if (Is(object, "identifier")) {
    if (!ts_node_is_null(ModuleFunction(NodeText(object, text_)))) return {};  // an entry already
    TSNode value = AssignedValue(NodeText(object, text_));
    if (!ts_node_is_null(value)) object = value;
  }
  // Net(config), Net.from_pretrained(...), Net.from_config(...), functools.partial(f, ...).
  if (Is(object, "call")) {
    TSNode built = Field(object, "function");
    if (Is(built, "attribute") && NodeText(Field(built, "attribute"), text_).starts_with("from_")) {
      built = Field(built, "object");
    }
    object = built;
  }
  std::vector<std::string> out;
  if (Is(object, "identifier") && !ts_node_is_null(ClassNamed(NodeText(object, text_)))) {
    out.push_back("." + std::string(NodeText(object, text_)));  // this module's class
    return out;
  }
  for (const std::string& name : QualifiedNames(object, text_, imports_)) {
    if (!name.starts_with("builtins.") && !name.starts_with("torch.")) out.push_back(name);
  }
  return out;
}

std::vector<TSNode> CompiledRegion::CallsIn(TSNode function) const {
  std::vector<TSNode> calls;
  std::vector<TSNode> stack{Field(function, "body")};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "class_definition")) continue;
    if (Is(node, "call")) calls.push_back(node);
    PushNamedChildren(stack, node);
  }
  return calls;
}

TSNode CompiledRegion::CalleeOf(TSNode call) {
  TSNode function = Field(call, "function");
  if (Is(function, "identifier")) {
    std::string_view name = NodeText(function, text_);
    if (disabled_names_.contains(std::string(name))) return TSNode{};
    // A nested function defined in an enclosing function, else a module function.
    for (TSNode scope = EnclosingFunction(call); !ts_node_is_null(scope);
         scope = EnclosingFunction(scope)) {
      const Definitions& nested = DefinitionsIn(Field(scope, "body"), "function_definition");
      if (auto it = nested.find(name); it != nested.end()) return it->second;
    }
    return ModuleFunction(name);
  }
  if (!Is(function, "attribute")) return TSNode{};
  TSNode object = Field(function, "object");
  std::string_view method = NodeText(Field(function, "attribute"), text_);
  TSNode owner = EnclosingClass(call);
  if (Is(object, "identifier") && NodeText(object, text_) == "self") {
    return MethodOf(owner, method, 0);
  }
  if (Is(object, "call") && NodeText(Field(object, "function"), text_) == "super") {
    // super().method(...): the first base that defines it.
    TSNode bases = Field(owner, "superclasses");
    for (TSNode base : NamedChildren(bases)) {
      if (!Is(base, "identifier")) continue;
      TSNode found = MethodOf(ClassNamed(NodeText(base, text_)), method, 0);
      if (!ts_node_is_null(found)) return found;
    }
    return TSNode{};
  }
  if (Is(object, "identifier")) {
    // Base.method(self, ...) or a class's static method.
    return MethodOf(ClassNamed(NodeText(object, text_)), method, 0);
  }
  return TSNode{};
}

bool CompiledRegion::CallsDisabled(TSNode call) {
  ComputeReachable();
  TSNode function = Field(call, "function");
  if (Is(function, "identifier") &&
      disabled_names_.contains(std::string(NodeText(function, text_)))) {
    return true;
  }
  // torch.compiler.disable(fn)(...) called in place.
  if (Is(function, "call")) {
    for (const std::string& name : QualifiedNames(Field(function, "function"), text_, imports_)) {
      if (IsDisableName(name)) return true;
    }
  }
  TSNode callee = CalleeOf(call);
  return !ts_node_is_null(callee) && IsDisabled(callee);
}

void CompiledRegion::ComputeReachable() {
  if (computed_) return;
  computed_ = true;
  FindEntriesAndDisabled();
  std::vector<TSNode> work;
  for (TSNode entry : entries_) {
    if (IsDisabled(entry)) continue;
    if (reachable_.emplace(Key(entry), true).second) work.push_back(entry);
  }
  while (!work.empty()) {
    TSNode function = work.back();
    work.pop_back();
    for (TSNode call : CallsIn(function)) {
      TSNode callee = CalleeOf(call);
      if (ts_node_is_null(callee) || IsDisabled(callee)) continue;
      if (reachable_.emplace(Key(callee), true).second) work.push_back(callee);
    }
  }
}

bool CompiledRegion::IsReferencedIn(TSNode outer, TSNode nested) const {
  std::string_view name = NodeText(Field(nested, "name"), text_);
  std::vector<TSNode> stack{Field(outer, "body")};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (SameNode(node, nested)) continue;
    if (Is(node, "identifier") && NodeText(node, text_) == name &&
        !SameNode(ParentOf(node), nested)) {
      TSNode parent = ParentOf(node);
      // `return inner` only hands it out; anything else (a call, an argument) uses it.
      if (!Is(parent, "return_statement")) return true;
    }
    for (TSNode child : NamedChildren(node)) stack.push_back(child);
  }
  return false;
}

CompiledRegion::Location CompiledRegion::Locate(TSNode node) {
  ComputeReachable();
  Location location;
  location.function = EnclosingFunction(node);
  if (ts_node_is_null(location.function)) return location;  // module level: never traced
  // Any disabled function on the way out means Dynamo does not trace this code.
  for (TSNode f = location.function; !ts_node_is_null(f); f = EnclosingFunction(f)) {
    if (IsDisabled(f)) return location;
  }
  // A nested function is reached when the function enclosing it is and refers to it (calls it,
  // or hands it to something that will: checkpoint(inner, x), torch.cond(p, inner, ...)).
  bool chain_used = true;  // every nested function on the way out is used by its parent
  for (TSNode f = location.function; !ts_node_is_null(f); f = EnclosingFunction(f)) {
    if (chain_used && reachable_.contains(Key(f))) location.reachable = true;
    TSNode outer = EnclosingFunction(f);
    if (ts_node_is_null(outer)) {
      if (chain_used) location.outermost = f;
      break;
    }
    chain_used = chain_used && IsReferencedIn(outer, f);
  }
  location.eval =
      options_.eval && !IsGuardedAway(node, text_, imports_, Mode::kEval, &truth_cache_);
  location.train =
      options_.train && !IsGuardedAway(node, text_, imports_, Mode::kTrain, &truth_cache_);
  location.traced = location.eval || location.train;
  return location;
}

std::string CompiledRegion::QualifiedName(TSNode function) const {
  std::string name = DefinitionName(function, text_);
  for (TSNode n = ParentOf(function); !ts_node_is_null(n); n = ParentOf(n)) {
    if (Is(n, "function_definition") || Is(n, "class_definition")) {
      name = DefinitionName(n, text_) + "." + name;
    }
  }
  return name;
}

std::vector<std::string> CompiledRegion::ExternalCallsFromReachable() {
  ComputeReachable();
  std::vector<std::string> out;
  std::vector<TSNode> functions;
  std::vector<TSNode> stack{root_};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "function_definition") && reachable_.contains(Key(node))) {
      functions.push_back(node);
    }
    PushNamedChildren(stack, node);
  }
  for (TSNode function : functions) {
    for (TSNode call : CallsIn(function)) {
      if (!ts_node_is_null(CalleeOf(call))) continue;
      for (const std::string& name : QualifiedNames(Field(call, "function"), text_, imports_)) {
        if (!name.starts_with("builtins.") && !name.starts_with("torch.")) out.push_back(name);
      }
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace gbreak

namespace gbreak {

std::vector<TSNode> CompiledRegion::SubmoduleClassCalls(TSNode class_definition) const {
  std::vector<TSNode> out;
  TSNode init{};  // the class's own __init__
  TSNode body = Field(class_definition, "body");
  for (TSNode member : NamedChildren(body)) {
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (Is(member, "function_definition") && DefinitionName(member, text_) == "__init__") {
      init = member;
    }
  }
  if (ts_node_is_null(init)) return out;
  std::vector<TSNode> stack{Field(init, "body")};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "assignment") && Is(Field(node, "left"), "attribute") &&
        NodeText(Field(Field(node, "left"), "object"), text_) == "self") {
      // Every capitalized callable called on the right: Linear(...), ModuleList([Block(...)]).
      std::vector<TSNode> inner{Field(node, "right")};
      while (!inner.empty()) {
        TSNode n = inner.back();
        inner.pop_back();
        if (Is(n, "call")) {
          TSNode callee = Field(n, "function");
          TSNode last = Is(callee, "attribute") ? Field(callee, "attribute") : callee;
          std::string_view name = NodeText(last, text_);
          if (!name.empty() && std::isupper(static_cast<unsigned char>(name[0]))) {
            out.push_back(callee);
          }
        }
        for (TSNode child : NamedChildren(n)) inner.push_back(child);
      }
    }
    for (TSNode child : NamedChildren(node)) stack.push_back(child);
  }
  return out;
}

ModuleSummary CompiledRegion::Summarize(const std::string& path, const std::string& module,
                                        bool is_package) {
  ComputeReachable();
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
  summary.compiled_lines = compiled_lines_;
  for (const std::string& object : compiled_objects_) {
    // ".Net" is a class of this module.
    summary.compiled.push_back(object.starts_with(".") && object.find('.', 1) == std::string::npos
                                   ? module + object
                                   : qualify(object));
  }
  std::set<uint32_t> entries;
  for (TSNode entry : entries_) entries.insert(Key(entry));

  // Top-level functions, and methods of top-level classes.
  std::vector<TSNode> functions;
  for (TSNode member : NamedChildren(root_)) {
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (Is(member, "function_definition")) functions.push_back(member);
    if (!Is(member, "class_definition")) continue;
    std::string class_name = DefinitionName(member, text_);
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

  for (TSNode function : functions) {
    FunctionSummary f;
    f.name = QualifiedName(function);
    f.line = static_cast<int>(ts_node_start_point(function).row) + 1;
    f.start_byte = ts_node_start_byte(function);
    f.end_byte = ts_node_end_byte(function);
    f.entry = entries.contains(Key(function));
    f.disabled = IsDisabled(function);
    TSNode owner = OwningClass(function);
    std::vector<std::string> owner_bases;
    if (!ts_node_is_null(owner)) owner_bases = summary.classes[DefinitionName(owner, text_)];
    for (TSNode call : CallsIn(function)) {
      TSNode callee = CalleeOf(call);
      if (!ts_node_is_null(callee)) {
        f.local_callees.push_back(QualifiedName(callee));
        continue;
      }
      TSNode expression = Field(call, "function");
      TSNode object = Is(expression, "attribute") ? Field(expression, "object") : TSNode{};
      bool on_self = Is(object, "identifier") && NodeText(object, text_) == "self";
      bool on_super = Is(object, "call") && NodeText(Field(object, "function"), text_) == "super";
      if (on_self || on_super) {
        // A method this file does not define: maybe inherited from an imported base.
        std::string method(NodeText(Field(expression, "attribute"), text_));
        for (const std::string& base : owner_bases) f.external_callees.push_back(base + "." + method);
        continue;
      }
      for (const std::string& name : QualifiedNames(expression, text_, imports_)) {
        if (!name.starts_with("builtins.")) f.external_callees.push_back(qualify(name));
      }
    }
    // A module's methods call its submodules (self.attn(...), for layer in self.layers: ...).
    if (!ts_node_is_null(owner)) {
      for (TSNode constructor : SubmoduleClassCalls(owner)) {
        if (Is(constructor, "identifier") &&
            !ts_node_is_null(ClassNamed(NodeText(constructor, text_)))) {
          f.local_callees.push_back(std::string(NodeText(constructor, text_)) + ".forward");
          continue;
        }
        for (const std::string& name : QualifiedNames(constructor, text_, imports_)) {
          if (!name.starts_with("torch.")) f.external_callees.push_back(qualify(name) + ".forward");
        }
      }
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
