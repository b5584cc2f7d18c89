#include "analysis/function_bindings.h"

#include "analysis/syntax_queries.h"

namespace gbreak {
namespace {

bool IsTargetTuple(TSNode target) {
  return Is(target, "pattern_list") || Is(target, "tuple_pattern") ||
         Is(target, "list_pattern") || Is(target, "expression_list") || Is(target, "tuple") ||
         Is(target, "list");
}

}  // namespace

const BindingIndex::Function& BindingIndex::Of(TSNode function) {
  auto [it, added] = functions_.try_emplace(ts_node_start_byte(function));
  if (added) {
    IndexParameters(function, it->second);
    IndexBody(function, it->second);
  }
  return it->second;
}

void BindingIndex::IndexParameters(TSNode function, Function& out) const {
  std::vector<TSNode> parameters = NamedChildren(Field(function, "parameters"));
  for (uint32_t i = 0; i < parameters.size(); ++i) {
    TSNode p = parameters[i];
    TSNode name = ParameterNameNode(p);
    if (!ts_node_is_null(name)) out.parameters.try_emplace(std::string(NodeText(name, text_)), p, i);
  }
  out.variadics = gbreak::VariadicsOf(function, text_);
}

void BindingIndex::IndexBody(TSNode function, Function& out) const {
  // One walk doing what AssignmentsTo, FillsOf and FileFacts' bound names each did alone.
  ForEachNamedNode(Field(function, "body"), [&](TSNode n, std::string_view type) {
    if (type == "function_definition" || type == "class_definition") return false;
    bool assignment = type == "assignment" || type == "augmented_assignment";
    auto bind = [&](TSNode target) {
      std::string_view name = NodeText(target, text_);
      out.bound_names.emplace(name);
      std::vector<TSNode>& binders = out.binders[std::string(name)];
      if (binders.empty() || !SameNode(binders.back(), n)) binders.push_back(n);
    };
    if (assignment || type == "for_statement") {
      TSNode left = Field(n, "left");
      if (Is(left, "identifier")) bind(left);
      // a, b = ... / for i, x in ...; not `self.x = ...` or `c[i] = ...`: they bind no name.
      if (IsTargetTuple(left)) {
        for (TSNode element : NamedChildren(left)) {
          if (Is(element, "identifier")) bind(element);
        }
      }
    }
    if (type == "named_expression") {
      TSNode name = Field(n, "name");
      if (Is(name, "identifier")) out.binders[std::string(NodeText(name, text_))].push_back(n);
    }
    if (assignment) {
      TSNode left = Field(n, "left");
      std::string_view written = NodeText(left, text_);
      out.assignments[std::string(written)].push_back(n);
      // `name[k] = v` fills `name`; `name += [...]` does too.
      if (Is(left, "subscript")) {
        out.fills[std::string(NodeText(Field(left, "value"), text_))].push_back(n);
      }
      if (type == "augmented_assignment") out.fills[std::string(written)].push_back(n);
    }
    if (type == "call") {
      TSNode callee = Field(n, "function");
      if (Is(callee, "attribute") && IsFillingMethod(NodeText(Field(callee, "attribute"), text_))) {
        out.fills[std::string(NodeText(Field(callee, "object"), text_))].push_back(n);
      }
    }
    return true;
  });
}

const std::vector<TSNode>& BindingIndex::AssignmentsTo(TSNode function, std::string_view name) {
  const Function& f = Of(function);
  auto it = f.assignments.find(name);
  return it == f.assignments.end() ? none_ : it->second;
}

std::vector<TSNode> BindingIndex::AssignmentsReaching(TSNode function, std::string_view name,
                                                      TSNode use) {
  std::vector<TSNode> out;
  for (TSNode assignment : AssignmentsTo(function, name)) {
    if (Reaches(assignment, use, function)) out.push_back(assignment);
  }
  return out;
}

const std::vector<TSNode>& BindingIndex::StatementsBinding(TSNode function,
                                                           std::string_view name) {
  const Function& f = Of(function);
  auto it = f.binders.find(name);
  return it == f.binders.end() ? none_ : it->second;
}

const std::vector<TSNode>& BindingIndex::FillsOf(TSNode function, std::string_view name) {
  const Function& f = Of(function);
  auto it = f.fills.find(name);
  return it == f.fills.end() ? none_ : it->second;
}

const VariadicNames& BindingIndex::VariadicsOf(TSNode function) { return Of(function).variadics; }

BindingIndex::Parameter BindingIndex::ParameterNamed(TSNode function, std::string_view name) {
  const Function& f = Of(function);
  auto it = f.parameters.find(name);
  return it == f.parameters.end() ? Parameter{} : it->second;
}

const std::set<std::string, std::less<>>& BindingIndex::NamesBoundIn(TSNode function) {
  return Of(function).bound_names;
}

bool BindingIndex::BindsInAnyWay(TSNode function, std::string_view name) {
  return !BindingsOf(function, name).empty();
}

const std::vector<TSNode>& BindingIndex::BindingsOf(TSNode function, std::string_view name) {
  auto [it, added] = bindings_of_.try_emplace({ts_node_start_byte(function), std::string(name)});
  if (added) it->second = gbreak::BindingsOf(function, name, text_);
  return it->second;
}

}  // namespace gbreak
