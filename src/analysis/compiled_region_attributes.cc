// CompiledRegion, part: what a name holds: the classes a parameter is annotated with, the classes
// `__init__` assigns to `self.<attr>` (directly, through containers, class maps and alternate
// constructors).

#include "analysis/compiled_region.h"

#include <algorithm>
#include <cctype>

#include "analysis/auto_models.h"
#include "analysis/syntax_queries.h"

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

// `Class.from_x(...)` / `Class._from_x(...)`: Python's naming of alternate constructors
// (classmethods returning an instance of the class they are called on: `int.from_bytes`, a
// model's `_from_config`), on a capitalized name.
bool IsAlternateConstructorCall(TSNode callee, std::string_view text) {
  if (!Is(callee, "attribute")) return false;
  TSNode object = Field(callee, "object");
  TSNode class_name = Is(object, "attribute") ? Field(object, "attribute") : object;
  if (!Is(class_name, "identifier") || !IsCapitalized(NodeText(class_name, text))) return false;
  std::string_view method = NodeText(Field(callee, "attribute"), text);
  return method.starts_with("from_") || method.starts_with("_from_");
}

}  // namespace

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

TSNode CompiledRegion::LoopedContainer(TSNode name) {
  if (!Is(name, "identifier")) return TSNode{};
  TSNode function = EnclosingFunction(name);
  if (ts_node_is_null(function)) return TSNode{};
  std::unique_ptr<LoopElements>& loops = loop_elements_[function.id];
  if (loops == nullptr) loops = std::make_unique<LoopElements>(function, text_);
  return loops->ContainerOf(name);
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

}  // namespace gbreak
