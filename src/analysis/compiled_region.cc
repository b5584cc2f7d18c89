#include "analysis/compiled_region.h"

#include <algorithm>

#include "analysis/syntax_queries.h"
#include "analysis/wrapper_arguments.h"

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
    } else if (!ts_node_is_null(owner)) {
      // self.scheduler.add_noise(...) with `self.scheduler = Scheduler(...)` in __init__; and
      // `layer.set_attention_type(...)` in `for layer in self.layers:` with the ModuleList's
      // elements built there.
      if (!Is(object, "attribute") || !IsSelf(Field(object, "object"), text_)) {
        object = LoopedContainer(object);
      }
      const AttributeClasses* classes =
          ts_node_is_null(object) ? nullptr : &AttributeClassesOf(owner);
      auto it = classes == nullptr ? AttributeClasses::const_iterator{}
                                   : classes->find(NodeText(Field(object, "attribute"), text_));
      if (classes != nullptr && it != classes->end()) {
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
