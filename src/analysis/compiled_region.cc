#include "analysis/compiled_region.h"

#include <algorithm>
#include <cctype>
#include <limits>

#include "absl/strings/str_join.h"
#include "analysis/auto_models.h"
#include "analysis/syntax_queries.h"
#include "analysis/wrapper_arguments.h"
#include "program/auto_callee.h"
#include "program/lazy_exports.h"

namespace gbreak {
namespace {

constexpr int kMaxBaseDepth = 8;

bool IsDisableName(const std::string& name) {
  return name == "torch.compiler.disable" || name == "torch._dynamo.disable" ||
         name == "torch._disable_dynamo" || name == "torch._dynamo.eval_frame.disable";
}

bool IsCompileName(const std::string& name) { return name == "torch.compile"; }

// Dynamo calls a function marked as a compile-time constant while tracing and keeps its result
// (`torch._dynamo.assume_constant_result` sets `fn._dynamo_marked_constant`): it never traces the
// body, and the call is no break.
bool IsAssumeConstantName(const std::string& name) {
  return name == "torch._dynamo.assume_constant_result" ||
         name == "torch._dynamo.decorators.assume_constant_result";
}

// The callee expression of a decorator: `@f` -> f, `@f(...)` -> f.
TSNode DecoratorCallee(TSNode decorator) {
  TSNode expression = ts_node_named_child(decorator, 0);
  return Is(expression, "call") ? Field(expression, "function") : expression;
}

// `torch.compiler.disable(recursive=False)` (as a decorator or a call).
bool HasRecursiveFalse(TSNode call, std::string_view text) {
  for (TSNode argument : NamedChildren(Field(call, "arguments"))) {
    if (Is(argument, "keyword_argument") && NodeText(Field(argument, "name"), text) == "recursive" &&
        NodeText(Field(argument, "value"), text) == "False") {
      return true;
    }
  }
  return false;
}

bool IsCapitalized(std::string_view name) {
  return !name.empty() && std::isupper(static_cast<unsigned char>(name[0]));
}

bool IsSelf(TSNode node, std::string_view text) {
  return Is(node, "identifier") && NodeText(node, text) == "self";
}

// A getter: a function decorated with @property (reading the attribute calls it).
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
// tuple of targets) or of `del`.
bool IsAttributeTarget(TSNode attribute) {
  TSNode node = attribute;
  TSNode parent = ParentOf(node);
  while (Is(parent, "pattern_list") || Is(parent, "tuple_pattern") || Is(parent, "list_pattern")) {
    node = parent;
    parent = ParentOf(node);
  }
  if (Is(parent, "assignment") || Is(parent, "augmented_assignment")) {
    return SameNode(Field(parent, "left"), node);
  }
  return Is(parent, "delete_statement");
}

// Decorators whose effect Dynamo knows or that do not wrap the call: never followed.
bool IsTransparentDecorator(const std::string& name) {
  for (std::string_view prefix : {"builtins.", "torch.", "functools.", "typing.", "abc.",
                                  "dataclasses.", "contextlib."}) {
    if (name.starts_with(prefix)) return true;
  }
  return false;
}

}  // namespace

CompiledRegion::CompiledRegion(TSNode root, std::string_view text, const ImportTable& imports,
                               RegionOptions options)
    : root_(root),
      text_(text),
      imports_(imports),
      options_(options),
      own_bindings_(std::make_unique<BindingIndex>(text)),
      bindings_(own_bindings_.get()),
      definitions_(text) {
  truth_cache_.UseBindingIndex(bindings_);
}

bool CompiledRegion::IsDisabled(TSNode function) const {
  return disabled_.contains(Key(function)) || constant_result_.contains(Key(function));
}

bool CompiledRegion::IsConstantResult(TSNode function) const {
  return constant_result_.contains(Key(function));
}

bool CompiledRegion::MarksConstant(TSNode decorator) const {
  for (const std::string& name : QualifiedNames(DecoratorCallee(decorator), text_, imports_)) {
    if (IsAssumeConstantName(name)) return true;
  }
  // A decorator of this module that sets the mark itself (transformers' _make_compile_constant:
  // `setattr(fn, "_dynamo_marked_constant", True)`).
  TSNode callee = DecoratorCallee(decorator);
  if (!Is(callee, "identifier")) return false;
  TSNode definition = ModuleFunction(NodeText(callee, text_));
  return !ts_node_is_null(definition) &&
         NodeText(definition, text_).find("_dynamo_marked_constant") != std::string_view::npos;
}

bool CompiledRegion::IsDisabledOwnFrameOnly(TSNode function) const {
  return disabled_own_frame_only_.contains(Key(function));
}

const CompiledRegion::Definitions& CompiledRegion::DefinitionsIn(TSNode container,
                                                                  std::string_view type) const {
  return definitions_.In(container, type);
}

TSNode CompiledRegion::ModuleFunction(std::string_view name) const {
  const Definitions& functions = DefinitionsIn(root_, "function_definition");
  auto it = functions.find(name);
  return it == functions.end() ? TSNode{} : it->second;
}

TSNode CompiledRegion::FunctionVisibleAt(TSNode at, std::string_view name) const {
  // A nested function defined in an enclosing function, else a module function.
  for (TSNode scope = EnclosingFunction(at); !ts_node_is_null(scope);
       scope = EnclosingFunction(scope)) {
    const Definitions& nested = DefinitionsIn(Field(scope, "body"), "function_definition");
    if (auto it = nested.find(name); it != nested.end()) return it->second;
  }
  return ModuleFunction(name);
}

TSNode CompiledRegion::ClassNamed(std::string_view name) const {
  const Definitions& classes = DefinitionsIn(root_, "class_definition");
  auto it = classes.find(name);
  return it == classes.end() ? TSNode{} : it->second;
}

// A method of the class or, through its bases defined in this file, of an ancestor.
TSNode CompiledRegion::MethodOf(TSNode class_definition, std::string_view name, int depth) const {
  if (ts_node_is_null(class_definition) || depth > kMaxBaseDepth) return TSNode{};
  if (depth > 0) return FindMethod(class_definition, name, depth);
  // Asked from the class itself: kept (an answer from deeper in the bases stops at another
  // depth, so those are not).
  std::map<std::string, TSNode, std::less<>>& known = methods_[class_definition.id];
  if (auto it = known.find(name); it != known.end()) return it->second;
  TSNode found = FindMethod(class_definition, name, 0);
  known.emplace(std::string(name), found);
  return found;
}

TSNode CompiledRegion::FindMethod(TSNode class_definition, std::string_view name,
                                  int depth) const {
  const Definitions& methods =
      DefinitionsIn(Field(class_definition, "body"), "function_definition");
  if (auto it = methods.find(name); it != methods.end()) return it->second;
  TSNode bases = Field(class_definition, "superclasses");
  for (TSNode base : NamedChildren(bases)) {
    if (!Is(base, "identifier")) continue;
    TSNode base_class = ClassNamed(NodeText(base, text_));
    // `class Output(Output):` derives from the name's earlier binding (an import), not itself.
    if (SameNode(base_class, class_definition)) continue;
    TSNode found = MethodOf(base_class, name, depth + 1);
    if (!ts_node_is_null(found)) return found;
  }
  return TSNode{};
}

void CompiledRegion::FindEntriesAndDisabled() {
  ForEachNamedNode(root_, [&](TSNode node, std::string_view type) {
    if (type == "function_definition") {
      for (TSNode decorator : Decorators(node)) {
        for (const std::string& name : QualifiedNames(DecoratorCallee(decorator), text_, imports_)) {
          if (IsDisableName(name)) {
            disabled_.insert(Key(node));
            TSNode expression = ts_node_named_child(decorator, 0);
            if (Is(expression, "call") && HasRecursiveFalse(expression, text_)) {
              disabled_own_frame_only_.insert(Key(node));
            }
          }
          if (IsCompileName(name)) entries_.push_back(node);
        }
        if (MarksConstant(decorator)) constant_result_.insert(Key(node));
      }
      if (DefinitionName(node, text_) == "forward" && !ts_node_is_null(OwningClass(node))) {
        entries_.push_back(node);
      }
    } else if (type == "call") {
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
      if (compile && Is(first, "identifier")) {
        TSNode target = ModuleFunction(NodeText(first, text_));
        if (!ts_node_is_null(target)) entries_.push_back(target);
      }
      if (disable) NoteDisabledAssignment(node);
    }
    return true;
  });
}

void CompiledRegion::NoteDisabledAssignment(TSNode disable_call) {
  TSNode parent = ParentOf(disable_call);
  if (!Is(parent, "assignment")) return;
  TSNode left = Field(parent, "left");
  TSNode function = EnclosingFunction(parent);
  if (Is(left, "identifier")) {
    // `f = torch.compiler.disable(f)` (module level) or `g = torch.compiler.disable(lambda ...)`
    // in a function: calls of the name now skip Dynamo.
    std::string name(NodeText(left, text_));
    if (ts_node_is_null(function)) {
      disabled_names_.insert(std::move(name));
      callees_.clear();  // calls of the name resolve to nothing now
    } else {
      disabled_locals_.emplace(Key(function), std::move(name));
    }
    return;
  }
  // `self.block.forward = torch.compiler.disable(self.block.forward)` or
  // `self.block = torch.compiler.disable(block)`: calling self.block skips Dynamo.
  if (!Is(left, "attribute")) return;
  TSNode object = Field(left, "object");
  std::string_view attribute = NodeText(Field(left, "attribute"), text_);
  if (Is(object, "attribute") && IsSelf(Field(object, "object"), text_) &&
      attribute == "forward") {
    attribute = NodeText(Field(object, "attribute"), text_);
  } else if (!IsSelf(object, text_)) {
    return;
  }
  TSNode owner = EnclosingClass(parent);
  if (!ts_node_is_null(owner)) disabled_attributes_.emplace(Key(owner), std::string(attribute));
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
  ForEachNamedNode(Field(function, "body"), [&](TSNode node, std::string_view type) {
    if (type == "class_definition") return false;
    if (type == "call") calls.push_back(node);
    return true;
  });
  return calls;
}

TSNode CompiledRegion::CalleeOf(TSNode call) {
  // Summaries, reachability and the disabled-call predicate each ask for the same calls.
  std::pair<uint32_t, uint32_t> key{ts_node_start_byte(call), ts_node_end_byte(call)};
  if (auto it = callees_.find(key); it != callees_.end()) return it->second;
  TSNode callee = ResolveCallee(call);
  callees_.emplace(key, callee);
  return callee;
}

TSNode CompiledRegion::ResolveCallee(TSNode call) {
  TSNode function = Field(call, "function");
  if (Is(function, "identifier")) {
    std::string_view name = NodeText(function, text_);
    if (disabled_names_.contains(std::string(name))) return TSNode{};
    TSNode function = FunctionVisibleAt(call, name);
    if (!ts_node_is_null(function)) return function;
    // Calling a class of this file constructs it: its __init__ runs (a deprecated output class
    // whose __init__ warns, built in forward). The class binds the name when it is defined after
    // an import of the same name (`class Output(Output):`), as Python's last binding does.
    // Branches only an argument count makes dead (`if len(caches) == 1:` in
    // `EncoderDecoderCache(*caches)`, called with two) fold in the program graph.
    return MethodOf(ClassNamed(name), "__init__", 0);
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
      TSNode base_class = ClassNamed(NodeText(base, text_));
      if (SameNode(base_class, owner)) continue;  // `class Output(Output):`: the earlier binding
      TSNode found = MethodOf(base_class, method, 0);
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
  if (Is(function, "identifier")) {
    std::string name(NodeText(function, text_));
    if (disabled_names_.contains(name)) return true;
    for (TSNode scope = EnclosingFunction(call); !ts_node_is_null(scope);
         scope = EnclosingFunction(scope)) {
      if (disabled_locals_.contains({Key(scope), name})) return true;
    }
  }
  // self.block(...) where self.block's forward was rebound to a disabled one.
  if (Is(function, "attribute") && IsSelf(Field(function, "object"), text_)) {
    TSNode owner = EnclosingClass(call);
    if (!ts_node_is_null(owner) &&
        disabled_attributes_.contains(
            {Key(owner), std::string(NodeText(Field(function, "attribute"), text_))})) {
      return true;
    }
  }
  // torch.compiler.disable(fn)(...) called in place.
  if (Is(function, "call")) {
    for (const std::string& name : QualifiedNames(Field(function, "function"), text_, imports_)) {
      if (IsDisableName(name)) return true;
    }
  }
  TSNode callee = CalleeOf(call);
  return !ts_node_is_null(callee) && IsDisabled(callee) && !IsConstantResult(callee);
}

std::string CompiledRegion::ExternalCallee(TSNode call) {
  if (!ts_node_is_null(CalleeOf(call))) return "";
  TSNode function = Field(call, "function");
  if (!Is(function, "identifier") && !Is(function, "attribute")) return "";
  // Only names an import binds (not self.x(...), not local variables).
  TSNode head = function;
  while (Is(head, "attribute")) head = Field(head, "object");
  if (!Is(head, "identifier") || !imports_.bindings().contains(NodeText(head, text_))) return "";
  for (const std::string& name : QualifiedNames(function, text_, imports_)) {
    if (name.starts_with("torch.") || name.starts_with("builtins.")) return "";
    return ResolveRelative(name, module_, is_package_);
  }
  return "";
}

void CompiledRegion::ComputeReachable() {
  if (computed_) return;
  computed_ = true;
  FindEntriesAndDisabled();
  std::vector<TSNode> work;
  std::set<uint32_t> own_frame_only_seen;
  auto reach = [&](TSNode function) {
    if (IsDisabled(function)) {
      // Skipped itself, but what it calls runs as compiled frames of their own.
      if (IsDisabledOwnFrameOnly(function) && own_frame_only_seen.insert(Key(function)).second) {
        work.push_back(function);
      }
      return;
    }
    if (reachable_.emplace(Key(function), true).second) work.push_back(function);
  };
  for (TSNode entry : entries_) reach(entry);
  while (!work.empty()) {
    TSNode function = work.back();
    work.pop_back();
    for (TSNode wrapper : LocalDecoratorWrappers(function)) reach(wrapper);
    for (TSNode call : CallsIn(function)) {
      for (TSNode target : LocalTargetsOf(call)) reach(target);
    }
    for (TSNode read : PropertyReadsIn(function)) {
      for (TSNode getter : LocalPropertyTargets(read)) reach(getter);
    }
  }
}

const std::vector<TSNode>& CompiledRegion::LocalTargetsOf(TSNode call) {
  auto [it, added] = local_targets_.try_emplace(call.id);
  if (added) it->second = FindLocalTargets(call);
  return it->second;
}

std::vector<TSNode> CompiledRegion::FindLocalTargets(TSNode call) {
  std::vector<TSNode> out;
  TSNode callee = CalleeOf(call);
  if (!ts_node_is_null(callee)) out.push_back(callee);
  TSNode function = Field(call, "function");
  if (Is(function, "attribute")) {
    TSNode object = Field(function, "object");
    std::string_view method = NodeText(Field(function, "attribute"), text_);
    TSNode owner = EnclosingClass(call);
    if (IsSelf(object, text_) && !ts_node_is_null(owner)) {
      // self.method(...) runs the override of the instance's class: any subclass of this file.
      for (TSNode subclass : OverridingSubclasses(owner, method)) {
        TSNode found = MethodOf(subclass, method, 0);
        if (!ts_node_is_null(found) && std::find_if(out.begin(), out.end(), [&](TSNode known) {
              return SameNode(known, found);
            }) == out.end()) {
          out.push_back(found);
        }
      }
    } else if (Is(object, "attribute") && IsSelf(Field(object, "object"), text_) &&
               !ts_node_is_null(owner)) {
      // self.scheduler.add_noise(...) with `self.scheduler = Scheduler(...)` in __init__.
      const AttributeClasses& classes = AttributeClassesOf(owner);
      auto it = classes.find(NodeText(Field(object, "attribute"), text_));
      if (it != classes.end()) {
        for (TSNode constructor : it->second) {
          std::vector<TSNode> classes{constructor};
          if (Is(constructor, "subscript")) {
            classes = ClassMapValues(NodeText(Field(constructor, "value"), text_));
          }
          for (TSNode cls : classes) {
            if (!Is(cls, "identifier")) continue;
            TSNode found = MethodOf(ClassNamed(NodeText(cls, text_)), method, 0);
            if (!ts_node_is_null(found)) out.push_back(found);
          }
        }
      }
    }
  }
  // Functions handed to the call: torch.cond(p, true_fn, false_fn, ...), checkpoint(self.f, x).
  std::vector<std::string> names = QualifiedNames(function, text_, imports_);
  if (std::any_of(names.begin(), names.end(), IsDisableName)) return out;
  for (TSNode argument : NamedChildren(Field(call, "arguments"))) {
    if (Is(argument, "keyword_argument")) argument = Field(argument, "value");
    if (Is(argument, "identifier")) {
      TSNode found = FunctionVisibleAt(call, NodeText(argument, text_));
      if (!ts_node_is_null(found)) out.push_back(found);
    } else if (Is(argument, "attribute") && IsSelf(Field(argument, "object"), text_)) {
      TSNode found =
          MethodOf(EnclosingClass(call), NodeText(Field(argument, "attribute"), text_), 0);
      if (!ts_node_is_null(found)) out.push_back(found);
    }
  }
  return out;
}

std::vector<TSNode> CompiledRegion::PropertyReadsIn(TSNode function) const {
  std::vector<TSNode> reads;
  ForEachNamedNode(Field(function, "body"), [&](TSNode node, std::string_view type) {
    if (type == "class_definition") return false;
    if (type != "attribute") return true;
    TSNode object = Field(node, "object");
    const bool on_self = IsSelf(object, text_) ||
                         (Is(object, "attribute") && IsSelf(Field(object, "object"), text_));
    if (!on_self) return true;
    // ParentOf, not ts_node_parent (a walk down from the root: quadratic in a deep expression).
    TSNode parent = ParentOf(node);
    const bool called = Is(parent, "call") && SameNode(Field(parent, "function"), node);
    if (!called && !IsAttributeTarget(node)) reads.push_back(node);
    return true;
  });
  return reads;
}

std::vector<TSNode> CompiledRegion::LocalPropertyTargets(TSNode read) const {
  std::vector<TSNode> out;
  TSNode owner = EnclosingClass(read);
  if (ts_node_is_null(owner)) return out;
  TSNode object = Field(read, "object");
  std::string_view name = NodeText(Field(read, "attribute"), text_);
  std::vector<TSNode> classes;
  if (IsSelf(object, text_)) {
    classes.push_back(owner);
    for (TSNode subclass : OverridingSubclasses(owner, name)) classes.push_back(subclass);
  } else {
    const AttributeClasses& built = AttributeClassesOf(owner);
    auto it = built.find(NodeText(Field(object, "attribute"), text_));
    if (it == built.end()) return out;
    for (TSNode constructor : it->second) {
      if (Is(constructor, "identifier")) classes.push_back(ClassNamed(NodeText(constructor, text_)));
    }
  }
  for (TSNode cls : classes) {
    TSNode getter = MethodOf(cls, name, 0);
    if (ts_node_is_null(getter) || !IsPropertyGetter(getter, text_)) continue;
    if (std::none_of(out.begin(), out.end(), [&](TSNode known) { return SameNode(known, getter); })) {
      out.push_back(getter);
    }
  }
  return out;
}

void CompiledRegion::AddExternalPropertyTargets(
    TSNode read, TSNode owner, const std::function<std::string(const std::string&)>& qualify,
    const std::string& module, std::vector<std::string>* out) const {
  TSNode object = Field(read, "object");
  if (ts_node_is_null(owner) || !Is(object, "attribute")) return;
  const AttributeClasses& built = AttributeClassesOf(owner);
  auto it = built.find(NodeText(Field(object, "attribute"), text_));
  if (it == built.end()) return;
  const std::string name(NodeText(Field(read, "attribute"), text_));
  for (TSNode constructor : it->second) {
    if (Is(constructor, "identifier")) {
      TSNode local = ClassNamed(NodeText(constructor, text_));
      if (!ts_node_is_null(local)) {
        // A class of this file that does not define it may inherit it from another module.
        if (ts_node_is_null(MethodOf(local, name, 0))) {
          out->push_back(PropertyReadName(module + "." + std::string(NodeText(constructor, text_)) +
                                          "." + name));
        }
        continue;
      }
    }
    if (!Is(constructor, "identifier") && !Is(constructor, "attribute")) continue;
    for (const std::string& qualified : QualifiedNames(constructor, text_, imports_)) {
      if (!qualified.starts_with("torch.") && !qualified.starts_with("builtins.")) {
        out->push_back(PropertyReadName(qualify(qualified) + "." + name));
      }
    }
  }
}

const CompiledRegion::ClassIndex& CompiledRegion::Classes() const {
  if (classes_ != nullptr) return *classes_;
  classes_ = std::make_unique<ClassIndex>();
  for (const auto& [name, cls] : DefinitionsIn(root_, "class_definition")) {
    for (const auto& [defined, function] :
         DefinitionsIn(Field(cls, "body"), "function_definition")) {
      classes_->by_method[defined].push_back(cls);
    }
    if (NamedChildCount(Field(cls, "superclasses")) > 1) classes_->multi_base.push_back(cls);
  }
  return *classes_;
}

bool CompiledRegion::DerivesFrom(TSNode cls, std::string_view ancestor,
                                 std::map<const void*, bool>& known) const {
  if (auto it = known.find(cls.id); it != known.end()) return it->second;
  // Depth first over the bases named in this file, each class once; `visited` keeps the class
  // each was reached from, so a find marks the whole path (a chain is walked once, not once per
  // class in it).
  std::vector<std::pair<TSNode, size_t>> visited{{cls, SIZE_MAX}};
  std::set<const void*> seen{cls.id};
  auto found_from = [&](size_t i) {
    for (; i != SIZE_MAX; i = visited[i].second) known[visited[i].first.id] = true;
    return true;
  };
  for (std::vector<size_t> stack{0}; !stack.empty();) {
    size_t i = stack.back();
    stack.pop_back();
    for (TSNode base : NamedChildren(Field(visited[i].first, "superclasses"))) {
      if (!Is(base, "identifier")) continue;
      if (NodeText(base, text_) == ancestor) return found_from(i);
      TSNode next = ClassNamed(NodeText(base, text_));
      if (ts_node_is_null(next) || !seen.insert(next.id).second) continue;
      if (auto it = known.find(next.id); it != known.end()) {
        if (it->second) return found_from(i);
        continue;
      }
      visited.emplace_back(next, i);
      stack.push_back(visited.size() - 1);
    }
  }
  // Everything reachable from `cls` was looked at: none of it derives from `ancestor`.
  for (const auto& [node, from] : visited) known[node.id] = false;
  return false;
}

std::vector<TSNode> CompiledRegion::OverridingSubclasses(TSNode owner,
                                                         std::string_view method) const {
  // A subclass that neither defines the method nor has several bases runs what its one base
  // runs: the owner's method or another candidate's. Only these can add a target (walking every
  // subclass for every `self.f()` was cubic in a generated chain of 3,000 classes).
  std::vector<TSNode> out;
  std::string_view name = NodeText(Field(owner, "name"), text_);
  std::map<const void*, bool> known;  // class -> derives from owner
  const ClassIndex& classes = Classes();
  auto defining = classes.by_method.find(method);
  if (defining != classes.by_method.end()) {
    for (TSNode cls : defining->second) {
      if (!SameNode(cls, owner) && DerivesFrom(cls, name, known)) out.push_back(cls);
    }
  }
  for (TSNode cls : classes.multi_base) {
    if (!SameNode(cls, owner) && DerivesFrom(cls, name, known)) out.push_back(cls);
  }
  std::sort(out.begin(), out.end(), [](TSNode a, TSNode b) {
    return ts_node_start_byte(a) < ts_node_start_byte(b);
  });
  out.erase(std::unique(out.begin(), out.end(), SameNode), out.end());
  return out;
}

std::vector<TSNode> CompiledRegion::ClosuresReturnedBy(TSNode function, int depth) const {
  std::vector<TSNode> out;
  if (depth > kMaxBaseDepth) return out;
  const Definitions& nested = DefinitionsIn(Field(function, "body"), "function_definition");
  if (nested.empty()) return out;
  std::vector<TSNode> stack{Field(function, "body")};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "function_definition") || Is(node, "class_definition")) continue;
    if (Is(node, "return_statement")) {
      TSNode value = ts_node_named_child(node, 0);
      if (Is(value, "identifier")) {  // return wrapper
        auto it = nested.find(NodeText(value, text_));
        if (it != nested.end()) out.push_back(it->second);
      } else if (Is(value, "call") && Is(Field(value, "function"), "identifier")) {
        // return decorate(func): what the nested decorate returns (transformers' capture_outputs)
        auto it = nested.find(NodeText(Field(value, "function"), text_));
        if (it != nested.end()) {
          for (TSNode closure : ClosuresReturnedBy(it->second, depth + 1)) out.push_back(closure);
        }
      }
      continue;
    }
    PushNamedChildren(stack, node);
  }
  return out;
}

bool CompiledRegion::IsWrapper(TSNode closure) const {
  for (TSNode decorator : Decorators(closure)) {
    TSNode callee = DecoratorCallee(decorator);
    TSNode last = Is(callee, "attribute") ? Field(callee, "attribute") : callee;
    if (NodeText(last, text_) == "wraps") return true;  // @functools.wraps(fn)
  }
  // Or it calls a parameter of the function that made it: the function it wraps.
  return !WrappedCalls(closure).empty();
}

std::vector<TSNode> CompiledRegion::WrappedCalls(TSNode closure) const {
  TSNode maker = EnclosingFunction(closure);
  if (ts_node_is_null(maker)) return {};
  std::set<std::string, std::less<>> parameters;
  for (TSNode parameter : NamedChildren(Field(maker, "parameters"))) {
    TSNode name = Is(parameter, "identifier") ? parameter : Field(parameter, "name");
    if (Is(name, "identifier")) parameters.emplace(NodeText(name, text_));
  }
  std::vector<TSNode> out;
  for (TSNode call : CallsIn(closure)) {
    TSNode callee = Field(call, "function");
    if (Is(callee, "identifier") && parameters.contains(NodeText(callee, text_))) {
      out.push_back(call);
    }
  }
  return out;
}

std::vector<std::string> CompiledRegion::AddedArgumentsOf(TSNode wrapper) const {
  AddedArguments added;
  for (TSNode call : WrappedCalls(wrapper)) {
    // Only its own calls: a closure nested in it wraps the function on its own account.
    if (!SameNode(EnclosingFunction(call), wrapper)) continue;
    AddedArguments more = ArgumentsAddedBy(wrapper, call, bindings(), text_);
    added.keywords.insert(more.keywords.begin(), more.keywords.end());
    added.any_keyword = added.any_keyword || more.any_keyword;
    added.positional = added.positional || more.positional;
  }
  std::vector<std::string> out(added.keywords.begin(), added.keywords.end());
  if (added.any_keyword) out.push_back("**");
  if (added.positional) out.push_back("*");
  return out;
}

std::vector<TSNode> CompiledRegion::LocalDecoratorWrappers(TSNode function) {
  std::vector<TSNode> out;
  for (TSNode decorator : Decorators(function)) {
    TSNode expression = ts_node_named_child(decorator, 0);
    TSNode callee = DecoratorCallee(decorator);
    if (!Is(callee, "identifier")) continue;
    TSNode factory = ModuleFunction(NodeText(callee, text_));
    if (ts_node_is_null(factory)) continue;
    // `@d` calls d(f) and then what it returned; `@d(...)` calls d(...), then its result on f,
    // then what that returned.
    std::vector<TSNode> level{factory};
    for (int calls = Is(expression, "call") ? 2 : 1; calls > 0; --calls) {
      std::vector<TSNode> next;
      for (TSNode f : level) {
        for (TSNode closure : ClosuresReturnedBy(f)) next.push_back(closure);
      }
      level = std::move(next);
    }
    // Only a wrapper runs at call time; a docstring decorator's inner function returns the
    // decorated function itself and is done at import.
    for (TSNode closure : level) {
      if (IsWrapper(closure)) out.push_back(closure);
    }
  }
  return out;
}

std::vector<std::string> CompiledRegion::ExternalDecoratorCalls(TSNode function,
                                                                const std::string& module,
                                                                bool is_package) const {
  std::vector<std::string> out;
  for (TSNode decorator : Decorators(function)) {
    TSNode expression = ts_node_named_child(decorator, 0);
    TSNode callee = DecoratorCallee(decorator);
    if (Is(callee, "identifier") && !ts_node_is_null(ModuleFunction(NodeText(callee, text_)))) {
      continue;  // this file's: LocalDecoratorWrappers
    }
    std::string calls = Is(expression, "call") ? "()()" : "()";
    for (const std::string& name : QualifiedNames(callee, text_, imports_)) {
      if (IsTransparentDecorator(name)) continue;
      out.push_back(ResolveRelative(name, module, is_package) + calls);
    }
  }
  return out;
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
    if (chain_used && !IsReferencedIn(outer, f)) {
      // A closure its parent hands out (a decorator's wrapper) runs when whatever holds it is
      // called, not with its parent: it is a function of the call graph in its own right.
      std::vector<TSNode> closures = ClosuresReturnedBy(outer);
      bool handed_out = std::any_of(closures.begin(), closures.end(),
                                    [&](TSNode c) { return SameNode(c, f); });
      if (handed_out) location.outermost = f;
      break;
    }
  }
  location.eval =
      options_.eval && !IsGuardedAway(node, text_, imports_, Mode::kEval, &truth_cache_,
                                      options_.reduced_precision);
  location.train =
      options_.train && !IsGuardedAway(node, text_, imports_, Mode::kTrain, &truth_cache_,
                                       options_.reduced_precision);
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

}  // namespace gbreak

namespace gbreak {

namespace {

// What a method of a container takes in: `x.append(v)`, `x.insert(i, v)`, `x.extend(vs)`.
TSNode AddedElements(TSNode call, std::string_view text) {
  TSNode callee = Field(call, "function");
  if (!Is(callee, "attribute")) return TSNode{};
  std::string_view method = NodeText(Field(callee, "attribute"), text);
  std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
  if ((method == "append" || method == "extend") && args.size() == 1) return args[0];
  if (method == "insert" && args.size() == 2) return args[1];
  return TSNode{};
}

}  // namespace

// `Class.from_x(...)` / `Class._from_x(...)`: Python's naming of alternate constructors
// (classmethods returning an instance of the class they are called on: `int.from_bytes`, a
// model's `_from_config`), on a capitalized name.
static bool IsAlternateConstructorCall(TSNode callee, std::string_view text) {
  if (!Is(callee, "attribute")) return false;
  TSNode object = Field(callee, "object");
  TSNode class_name = Is(object, "attribute") ? Field(object, "attribute") : object;
  if (!Is(class_name, "identifier") || !IsCapitalized(NodeText(class_name, text))) return false;
  std::string_view method = NodeText(Field(callee, "attribute"), text);
  return method.starts_with("from_") || method.starts_with("_from_");
}

TSNode CompiledRegion::AnnotatedClass(TSNode function, std::string_view parameter) const {
  for (TSNode p : NamedChildren(Field(function, "parameters"))) {
    if (!Is(p, "typed_parameter") && !Is(p, "typed_default_parameter")) continue;
    TSNode name = Is(p, "typed_parameter") ? ts_node_named_child(p, 0) : Field(p, "name");
    if (!Is(name, "identifier") || NodeText(name, text_) != parameter) continue;
    // The names the annotation is made of (`X`, `"X"`, `X | None`, `Optional[X]`): it names an
    // instance of one class of this file when that class is all it names besides None.
    std::vector<std::string_view> words;
    ForEachNamedNode(Field(p, "type"), [&](TSNode n, std::string_view type) {
      if (type != "identifier" && type != "string_content") return true;
      std::string_view text = NodeText(n, text_);
      for (size_t start = 0; start < text.size();) {
        size_t end = std::min(text.find_first_of(" |[],", start), text.size());
        if (end > start) words.push_back(text.substr(start, end - start));
        start = end + 1;
      }
      return true;
    });
    TSNode found{};
    for (std::string_view word : words) {
      if (word == "None" || word == "Optional") continue;
      TSNode cls = ClassNamed(word);
      if (ts_node_is_null(cls) || (!ts_node_is_null(found) && !SameNode(cls, found))) {
        return TSNode{};
      }
      found = cls;
    }
    return ts_node_is_null(found) ? TSNode{} : Field(found, "name");
  }
  return TSNode{};
}

TSNode CompiledRegion::ImportedClassAnnotating(TSNode at, std::string_view name) const {
  TSNode function = EnclosingFunction(at);
  if (ts_node_is_null(function) || !bindings().AssignmentsTo(function, name).empty()) {
    return TSNode{};
  }
  TSNode parameter = bindings().ParameterNamed(function, name).node;
  if (!Is(parameter, "typed_parameter") && !Is(parameter, "typed_default_parameter")) {
    return TSNode{};
  }
  // The annotation's names (`A`, `A | None`, `Optional[A]`, `mod.A`): one imported class
  // besides None.
  TSNode found{};
  bool other = false;
  ForEachNamedNode(Field(parameter, "type"), [&](TSNode n, std::string_view type) {
    if (type == "attribute" || type == "identifier") {
      TSNode head = n;
      while (Is(head, "attribute")) head = Field(head, "object");
      std::string_view text = NodeText(n, text_);
      if (text == "None" || text == "Optional" || text == "typing.Optional") return false;
      if (Is(head, "identifier") && imports_.bindings().contains(NodeText(head, text_)) &&
          ts_node_is_null(found)) {
        found = n;
      } else {
        other = true;
      }
      return false;
    }
    if (type == "string") other = true;
    return true;
  });
  return other ? TSNode{} : found;
}

const CompiledRegion::AttributeClasses& CompiledRegion::AttributeClassesOf(
    TSNode class_definition) const {
  auto cached = attribute_classes_.find(Key(class_definition));
  if (cached != attribute_classes_.end()) return cached->second;
  AttributeClasses& out = attribute_classes_[Key(class_definition)];
  TSNode init{};  // the class's own __init__
  TSNode body = Field(class_definition, "body");
  for (TSNode member : NamedChildren(body)) {
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (Is(member, "function_definition") && DefinitionName(member, text_) == "__init__") {
      init = member;
    }
  }
  if (!ts_node_is_null(init)) AddInitAttributes(init, &out);
  // What the __init__ of a base class of this file sets (run by `super().__init__(...)`, or
  // inherited): `self.decoder` built by ParakeetForRNNT is ParakeetForTDT's too. The class's own
  // assignments come first.
  for (TSNode base : NamedChildren(Field(class_definition, "superclasses"))) {
    if (!Is(base, "identifier")) continue;
    TSNode base_class = ClassNamed(NodeText(base, text_));
    if (ts_node_is_null(base_class) || SameNode(base_class, class_definition)) continue;
    for (const auto& [attribute, constructors] : AttributeClassesOf(base_class)) {
      out.try_emplace(attribute, constructors);
    }
  }
  return out;
}

void CompiledRegion::AddInitAttributes(TSNode init, AttributeClasses* attributes) const {
  AttributeClasses& out = *attributes;
  // What flows into each `self.<attr>` and each local name of __init__: the right sides of
  // assignments (`self.x = ...`, `self.x += [...]`, `self.x[k] = ...`) and what container
  // methods add (`blocks.append(Block(c))`, `self.up_blocks.append(up_block)`), so that
  // `self.resnets = nn.ModuleList(resnets)` after `resnets.append(ResnetBlock(...))` holds
  // ResnetBlocks.
  std::map<std::string, std::vector<TSNode>, std::less<>> into_attribute, into_local;
  auto note = [&](TSNode target, TSNode value) {
    if (Is(target, "subscript")) target = Field(target, "value");
    if (Is(target, "attribute") && IsSelf(Field(target, "object"), text_)) {
      into_attribute[std::string(NodeText(Field(target, "attribute"), text_))].push_back(value);
    } else if (Is(target, "identifier")) {
      into_local[std::string(NodeText(target, text_))].push_back(value);
    }
  };
  std::vector<TSNode> stack{Field(init, "body")};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "function_definition") || Is(node, "class_definition")) continue;
    if ((Is(node, "assignment") || Is(node, "augmented_assignment")) &&
        !ts_node_is_null(Field(node, "right"))) {
      note(Field(node, "left"), Field(node, "right"));
    } else if (Is(node, "call")) {
      TSNode added = AddedElements(node, text_);
      if (!ts_node_is_null(added)) note(Field(Field(node, "function"), "object"), added);
    }
    PushNamedChildren(stack, node);
  }
  for (const auto& [attribute, values] : into_attribute) {
    std::vector<TSNode>& constructors = out[attribute];
    std::set<std::string, std::less<>> followed;  // locals already looked through
    std::vector<TSNode> inner(values.rbegin(), values.rend());
    while (!inner.empty()) {
      TSNode n = inner.back();
      inner.pop_back();
      if (Is(n, "call")) {
        // AutoModel.from_config(config.text_config): the class is the configuration's (the
        // program graph resolves it, auto_models.h).
        if (AutoBuildOf(n, text_)) {
          constructors.push_back(n);
          continue;
        }
        // Every capitalized callable called: Linear(...), ModuleList([Block(...)]).
        TSNode callee = Field(n, "function");
        TSNode last = Is(callee, "attribute") ? Field(callee, "attribute") : callee;
        std::string_view name = NodeText(last, text_);
        if (IsAlternateConstructorCall(callee, text_)) {
          // TextModel._from_config(config.text_config): a class's own alternate constructor
          // builds an instance of that class.
          constructors.push_back(Field(callee, "object"));
          continue;
        }
        if (!name.empty() && std::isupper(static_cast<unsigned char>(name[0]))) {
          constructors.push_back(callee);
        } else if (Is(callee, "subscript") && Is(Field(callee, "value"), "identifier")) {
          // ATTENTION_CLASSES[config.impl](config): a config-selected class map.
          constructors.push_back(callee);
        }
      } else if (Is(n, "identifier")) {
        auto local = into_local.find(NodeText(n, text_));
        if (local != into_local.end() && followed.insert(local->first).second) {
          inner.insert(inner.end(), local->second.rbegin(), local->second.rend());
        } else if (local == into_local.end()) {
          // `self.processor = processor` of a parameter annotated with a class
          // (`processor: "MochiAttnProcessor2_0"`): an instance of that class.
          TSNode annotated = AnnotatedClass(init, NodeText(n, text_));
          if (!ts_node_is_null(annotated)) constructors.push_back(annotated);
        }
        continue;
      }
      PushNamedChildren(inner, n);
    }
  }
}

std::vector<TSNode> CompiledRegion::ClassMapValues(std::string_view name) const {
  std::vector<TSNode> out;
  for (TSNode statement : NamedChildren(root_)) {
    if (!Is(statement, "expression_statement")) continue;
    TSNode assignment = ts_node_named_child(statement, 0);
    if (!Is(assignment, "assignment") || !Is(Field(assignment, "left"), "identifier") ||
        NodeText(Field(assignment, "left"), text_) != name) {
      continue;
    }
    TSNode dict = Field(assignment, "right");
    if (!Is(dict, "dictionary")) return {};
    out.clear();  // the last assignment wins
    for (TSNode pair : NamedChildren(dict)) {
      TSNode value = Field(pair, "value");
      if (!Is(pair, "pair") || !(Is(value, "identifier") || Is(value, "attribute"))) return {};
      TSNode last = Is(value, "attribute") ? Field(value, "attribute") : value;
      if (!IsCapitalized(NodeText(last, text_))) return {};  // a map of functions, not classes
      out.push_back(value);
    }
  }
  return out;
}

std::vector<TSNode> CompiledRegion::SubmoduleClassCalls(TSNode class_definition) const {
  std::vector<TSNode> out;
  for (const auto& [attribute, constructors] : AttributeClassesOf(class_definition)) {
    out.insert(out.end(), constructors.begin(), constructors.end());
  }
  return out;
}

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
  if (Is(object, "attribute") && IsSelf(Field(object, "object"), text_) &&
      !ts_node_is_null(owner)) {
    // self.scheduler.add_noise(...): the method of the class __init__ assigned, if it lives
    // elsewhere (or is inherited from elsewhere).
    const AttributeClasses& classes = AttributeClassesOf(owner);
    auto it = classes.find(NodeText(Field(object, "attribute"), text_));
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
        IsBoolOrNoneLiteral(Field(parameter, "value"))) {
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

CallSite CompiledRegion::ArgumentsOf(TSNode call, TSNode caller,
                                     const std::set<std::string>& parameters) const {
  CallSite site;
  site.start_byte = ts_node_start_byte(call);
  site.end_byte = ts_node_end_byte(call);
  // An argument that is a parameter of the caller, unchanged, hands on what the caller got.
  auto forwarded = [&](TSNode value, const std::string& key) {
    if (Is(value, "true") || Is(value, "false") || Is(value, "none")) {
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
      for (size_t i = local_before; i < f->local_callees.size(); ++i) {
        forwards.push_back(CallSite{.callee = f->local_callees[i], .local = true});
      }
      for (size_t i = external_before; i < f->external_callees.size(); ++i) {
        forwards.push_back(CallSite{.callee = f->external_callees[i]});
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
