#include "analysis/compiled_region.h"

#include <algorithm>

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
                               ModeSelection modes)
    : root_(root), text_(text), imports_(imports), modes_(modes) {}

bool CompiledRegion::IsDisabled(TSNode function) const {
  return disabled_.contains(Key(function));
}

TSNode CompiledRegion::ModuleFunction(std::string_view name) const {
  for (uint32_t i = 0; i < ts_node_named_child_count(root_); ++i) {
    TSNode member = ts_node_named_child(root_, i);
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (Is(member, "function_definition") && NodeText(Field(member, "name"), text_) == name) {
      return member;
    }
  }
  return TSNode{};
}

TSNode CompiledRegion::ClassNamed(std::string_view name) const {
  for (uint32_t i = 0; i < ts_node_named_child_count(root_); ++i) {
    TSNode member = ts_node_named_child(root_, i);
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (Is(member, "class_definition") && NodeText(Field(member, "name"), text_) == name) {
      return member;
    }
  }
  return TSNode{};
}

// A method of the class or, through its bases defined in this file, of an ancestor.
TSNode CompiledRegion::MethodOf(TSNode class_definition, std::string_view name, int depth) const {
  if (ts_node_is_null(class_definition) || depth > kMaxBaseDepth) return TSNode{};
  TSNode body = Field(class_definition, "body");
  for (uint32_t i = 0; i < ts_node_named_child_count(body); ++i) {
    TSNode member = ts_node_named_child(body, i);
    if (Is(member, "decorated_definition")) member = Field(member, "definition");
    if (Is(member, "function_definition") && NodeText(Field(member, "name"), text_) == name) {
      return member;
    }
  }
  TSNode bases = Field(class_definition, "superclasses");
  for (uint32_t i = 0; i < ts_node_named_child_count(bases); ++i) {
    TSNode base = ts_node_named_child(bases, i);
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
      if ((compile || disable) && Is(first, "identifier")) {
        TSNode target = ModuleFunction(NodeText(first, text_));
        if (!ts_node_is_null(target)) {
          if (compile) entries_.push_back(target);
          if (disable) {
            // `f = torch.compiler.disable(f)`: calls of f now skip Dynamo.
            TSNode parent = ts_node_parent(node);
            if (Is(parent, "assignment") && Is(Field(parent, "left"), "identifier")) {
              disabled_names_.insert(std::string(NodeText(Field(parent, "left"), text_)));
            }
          }
        }
      }
    }
    for (uint32_t i = ts_node_named_child_count(node); i-- > 0;) {
      stack.push_back(ts_node_named_child(node, i));
    }
  }
}

std::vector<TSNode> CompiledRegion::CallsIn(TSNode function) const {
  std::vector<TSNode> calls;
  std::vector<TSNode> stack{Field(function, "body")};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    if (Is(node, "class_definition")) continue;
    if (Is(node, "call")) calls.push_back(node);
    for (uint32_t i = ts_node_named_child_count(node); i-- > 0;) {
      stack.push_back(ts_node_named_child(node, i));
    }
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
      TSNode body = Field(scope, "body");
      for (uint32_t i = 0; i < ts_node_named_child_count(body); ++i) {
        TSNode member = ts_node_named_child(body, i);
        if (Is(member, "decorated_definition")) member = Field(member, "definition");
        if (Is(member, "function_definition") && NodeText(Field(member, "name"), text_) == name) {
          return member;
        }
      }
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
    for (uint32_t i = 0; i < ts_node_named_child_count(bases); ++i) {
      TSNode base = ts_node_named_child(bases, i);
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

CompiledRegion::Location CompiledRegion::Locate(TSNode node) {
  ComputeReachable();
  Location location;
  location.function = EnclosingFunction(node);
  if (ts_node_is_null(location.function)) return location;  // module level: never traced
  // Any disabled function on the way out means Dynamo does not trace this code.
  for (TSNode f = location.function; !ts_node_is_null(f); f = EnclosingFunction(f)) {
    if (IsDisabled(f)) return location;
  }
  // A nested function is reached when any function enclosing it is.
  for (TSNode f = location.function; !ts_node_is_null(f); f = EnclosingFunction(f)) {
    if (reachable_.contains(Key(f))) location.reachable = true;
  }
  location.eval = modes_.eval && !IsGuardedAway(node, text_, imports_, Mode::kEval);
  location.train = modes_.train && !IsGuardedAway(node, text_, imports_, Mode::kTrain);
  location.traced = location.eval || location.train;
  return location;
}

std::string CompiledRegion::QualifiedName(TSNode function) const {
  std::string name = DefinitionName(function, text_);
  for (TSNode n = ts_node_parent(function); !ts_node_is_null(n); n = ts_node_parent(n)) {
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
    for (uint32_t i = ts_node_named_child_count(node); i-- > 0;) {
      stack.push_back(ts_node_named_child(node, i));
    }
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
