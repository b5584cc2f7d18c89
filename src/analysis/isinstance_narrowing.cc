#include "analysis/isinstance_narrowing.h"

#include <algorithm>
#include <utility>

#include "analysis/syntax_queries.h"
#include "syntax/tree_index.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

// What `isinstance(x, T)` says x is when it holds, for types that are no tensor: a Python
// scalar (int, float, bool, str, ...) or another non-tensor object (list, dict, np.ndarray).
// Nothing for torch.Tensor, or a type gbreak does not know.
std::optional<Value> NonTensorType(TSNode type, std::string_view text) {
  if (Is(type, "tuple") || Is(type, "parenthesized_expression")) {
    std::optional<Value> all;
    for (TSNode element : NamedChildren(type)) {
      std::optional<Value> one = NonTensorType(element, text);
      if (!one) return std::nullopt;
      all = all && all->kinds == one->kinds ? all : (all ? Value::Unknown() : *one);
    }
    return all;
  }
  std::string_view name = NodeText(type, text);
  if (name == "int" || name == "float" || name == "bool" || name == "str" || name == "bytes" ||
      name == "complex" || name == "numbers.Number" || name == "Number") {
    return Value::Of(Value::kConstant);
  }
  if (name == "list" || name == "tuple" || name == "dict" || name == "set" ||
      name == "np.ndarray" || name == "numpy.ndarray" || name == "np.generic") {
    return Value::Unknown();
  }
  return std::nullopt;
}

// `isinstance(<name>, T)` with T no tensor type: the name and what it holds then.
std::optional<std::pair<std::string_view, Value>> IsinstanceTest(TSNode call,
                                                                 std::string_view text) {
  if (!Is(call, "call") || NodeText(Field(call, "function"), text) != "isinstance") {
    return std::nullopt;
  }
  std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
  if (args.size() != 2 || !Is(args[0], "identifier")) return std::nullopt;
  std::optional<Value> held = NonTensorType(args[1], text);
  if (!held) return std::nullopt;
  return std::make_pair(NodeText(args[0], text), *held);
}

// The operands of a chain of `op` (`and`, `or`), parentheses looked through. Left to right,
// without recursion: `a and b and ...` nests to the left, and a generated chain of thousands
// overflowed the stack.
std::vector<TSNode> Operands(TSNode condition, std::string_view op, std::string_view text) {
  std::vector<TSNode> out;
  std::vector<TSNode> pending{condition};
  while (!pending.empty()) {
    TSNode c = pending.back();
    pending.pop_back();
    if (Is(c, "parenthesized_expression")) {
      pending.push_back(ts_node_named_child(c, 0));
    } else if (Is(c, "boolean_operator") && NodeText(Field(c, "operator"), text) == op) {
      pending.push_back(Field(c, "right"));
      pending.push_back(Field(c, "left"));
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// What `condition` holding says of `name`: `isinstance(name, T)`, alone or as a conjunct.
std::optional<Value> HeldWhenTrue(TSNode condition, std::string_view name, std::string_view text) {
  for (TSNode operand : Operands(condition, "and", text)) {
    auto test = IsinstanceTest(operand, text);
    if (test && test->first == name) return test->second;
  }
  return std::nullopt;
}

// What `condition` failing says: `not isinstance(name, T)`, alone or as one operand of an `or`
// chain (all of which failed), says `name` holds a T.
std::vector<std::pair<std::string_view, Value>> HeldWhenFalse(TSNode condition,
                                                              std::string_view text) {
  std::vector<std::pair<std::string_view, Value>> out;
  for (TSNode operand : Operands(condition, "or", text)) {
    if (!Is(operand, "not_operator")) continue;
    TSNode tested = Field(operand, "argument");
    while (Is(tested, "parenthesized_expression")) tested = ts_node_named_child(tested, 0);
    if (auto test = IsinstanceTest(tested, text)) out.push_back(*test);
  }
  return out;
}

// Whether a block's last statement leaves it (what follows the `if` runs only when it did not).
bool EndsByLeaving(TSNode block) {
  uint32_t count = ts_node_named_child_count(block);
  if (count == 0) return false;
  TSNode last = ts_node_named_child(block, count - 1);
  return Is(last, "return_statement") || Is(last, "raise_statement") ||
         Is(last, "continue_statement") || Is(last, "break_statement");
}

// The identifiers an assignment-like node binds (`a`, `a, b = ...`, `(a, b)`), with where the
// binding takes effect.
void AddBound(TSNode target, uint32_t at, std::string_view text,
              std::map<std::string_view, std::vector<uint32_t>>& bindings) {
  if (Is(target, "identifier")) {
    bindings[NodeText(target, text)].push_back(at);
    return;
  }
  if (Is(target, "pattern_list") || Is(target, "tuple_pattern") || Is(target, "list_pattern") ||
      Is(target, "parenthesized_expression")) {
    for (TSNode element : NamedChildren(target)) AddBound(element, at, text, bindings);
  }
}

}  // namespace

void IsinstanceNarrowing::AddFailedTests(TSNode if_statement) const {
  TSNode function = EnclosingFunction(if_statement);
  auto add = [&](std::vector<std::pair<std::string_view, Value>> failed, uint32_t start,
                 uint32_t end) {
    for (const auto& [name, value] : failed) {
      regions_.push_back({start, end, SIZE_MAX, name, value, UINT32_MAX, function});
    }
  };
  // The clauses after a test run only when it failed: they follow it to the statement's end.
  TSNode test = Field(if_statement, "condition");
  bool alternatives = false;
  for (TSNode clause : NamedChildren(if_statement)) {
    if (!Is(clause, "elif_clause") && !Is(clause, "else_clause")) continue;
    alternatives = true;
    if (!ts_node_is_null(test)) {
      add(HeldWhenFalse(test, text_), ts_node_start_byte(clause), ts_node_end_byte(if_statement));
    }
    test = Is(clause, "elif_clause") ? Field(clause, "condition") : TSNode{};
  }
  // `if not isinstance(x, int): return ...`: the rest of the block runs only when it failed.
  TSNode block = ParentOf(if_statement);
  if (!alternatives && EndsByLeaving(Field(if_statement, "consequence")) &&
      (Is(block, "block") || Is(block, "module"))) {
    add(HeldWhenFalse(test, text_), ts_node_end_byte(if_statement), ts_node_end_byte(block));
  }
}

void IsinstanceNarrowing::Build() const {
  built_ = true;
  if (text_.find("isinstance") == std::string_view::npos) return;
  ForEachNamedNode(root_, [&](TSNode n, std::string_view type) {
    if (type == "assignment" || type == "augmented_assignment") {
      AddBound(Field(n, "left"), ts_node_end_byte(n), text_, bindings_);
    } else if (type == "named_expression") {
      AddBound(Field(n, "name"), ts_node_end_byte(n), text_, bindings_);
    } else if (type == "for_statement") {
      AddBound(Field(n, "left"), ts_node_end_byte(Field(n, "left")), text_, bindings_);
    }
    TSNode arm{}, condition{};
    if (type == "if_statement" || type == "elif_clause") {
      arm = Field(n, "consequence");
      condition = Field(n, "condition");
    } else if (type == "conditional_expression" && ts_node_named_child_count(n) == 3) {
      arm = ts_node_named_child(n, 0);
      condition = ts_node_named_child(n, 1);
    }
    if (!ts_node_is_null(arm) &&
        NodeText(condition, text_).find("isinstance") != std::string_view::npos) {
      regions_.push_back({ts_node_start_byte(arm), ts_node_end_byte(arm), SIZE_MAX, {}, {},
                          UINT32_MAX, TSNode{}});
    }
    if (type == "if_statement") AddFailedTests(n);
    return true;
  });
  for (auto& [name, at] : bindings_) std::sort(at.begin(), at.end());
  for (Region& region : regions_) {
    if (region.name.empty()) continue;
    auto bound = bindings_.find(region.name);
    if (bound == bindings_.end()) continue;
    auto next = std::lower_bound(bound->second.begin(), bound->second.end(), region.start);
    if (next != bound->second.end()) region.until = *next;
  }
  // Regions nest or are apart: in start order, each one's enclosing region is on a stack of the
  // regions still open (a region ending where another does encloses it when it starts first).
  std::stable_sort(regions_.begin(), regions_.end(), [](const Region& a, const Region& b) {
    return a.start != b.start ? a.start < b.start : a.end > b.end;
  });
  std::vector<size_t> open;
  for (size_t i = 0; i < regions_.size(); ++i) {
    while (!open.empty() && regions_[open.back()].end < regions_[i].end) open.pop_back();
    regions_[i].enclosing = open.empty() ? SIZE_MAX : open.back();
    open.push_back(i);
  }
}

std::optional<Value> IsinstanceNarrowing::At(TSNode identifier) const {
  if (!built_) Build();
  uint32_t at = ts_node_start_byte(identifier);
  auto after = std::upper_bound(regions_.begin(), regions_.end(), at,
                                [](uint32_t p, const Region& r) { return p < r.start; });
  if (after == regions_.begin()) return std::nullopt;
  std::string_view name = NodeText(identifier, text_);
  bool in_branch = false;
  for (size_t i = static_cast<size_t>(after - regions_.begin()) - 1; i != SIZE_MAX;
       i = regions_[i].enclosing) {
    const Region& region = regions_[i];
    if (region.end < ts_node_end_byte(identifier)) continue;
    if (region.name.empty()) {
      in_branch = true;
    } else if (region.name == name && at < region.until &&
               SameNode(EnclosingFunction(identifier), region.function)) {
      return region.value;
    }
  }
  return in_branch ? HeldIn(identifier) : std::nullopt;
}

// The branch tests around `identifier`, nearest first: the first that says what it holds, unless
// the name was bound again in that branch before the read.
std::optional<Value> IsinstanceNarrowing::HeldIn(TSNode identifier) const {
  std::string_view name = NodeText(identifier, text_);
  for (TSNode child = identifier, n = ParentOf(identifier); !ts_node_is_null(n);
       child = n, n = ParentOf(n)) {
    if (Is(n, "function_definition") || Is(n, "lambda") || Is(n, "class_definition")) break;
    TSNode condition{};
    if ((Is(n, "if_statement") || Is(n, "elif_clause")) &&
        ts_node_eq(Field(n, "consequence"), child)) {
      condition = Field(n, "condition");
    } else if (Is(n, "conditional_expression") && ts_node_named_child_count(n) == 3 &&
               ts_node_eq(ts_node_named_child(n, 0), child)) {
      condition = ts_node_named_child(n, 1);
    }
    if (ts_node_is_null(condition)) continue;
    std::optional<Value> held = HeldWhenTrue(condition, name, text_);
    if (!held) continue;
    auto bound = bindings_.find(name);
    bool rebound = false;
    if (bound != bindings_.end()) {
      auto next = std::upper_bound(bound->second.begin(), bound->second.end(),
                                   ts_node_start_byte(child));
      rebound = next != bound->second.end() && *next <= ts_node_start_byte(identifier);
    }
    if (!rebound) return held;
  }
  return std::nullopt;
}

}  // namespace gbreak
