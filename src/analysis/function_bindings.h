#ifndef GBREAK_ANALYSIS_FUNCTION_BINDINGS_H_
#define GBREAK_ANALYSIS_FUNCTION_BINDINGS_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/syntax_queries.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// What each function of one file binds, by name, found in one walk of its body the first time
// anything asks: the questions of syntax_queries.h (AssignmentsTo, FillsOf, VariadicsOf) asked
// about one name at a time would each walk the whole body, and folding asks them for every
// parameter a condition tests — a forward of N tested parameters cost N walks of N statements.
// Same answers as the syntax_queries.h functions of the same names, in the same order. Keys are
// tree nodes' start bytes: an index must not outlive its tree.
class BindingIndex {
 public:
  explicit BindingIndex(std::string_view text) : text_(text) {}

  // A parameter of a function: its node as written (`x`, `x=None`, `x: int = 1`) and its place
  // among the parameters (counting `self`, `*args` and the `*` / `/` separators).
  struct Parameter {
    TSNode node{};
    uint32_t position = 0;
  };

  const std::vector<TSNode>& AssignmentsTo(TSNode function, std::string_view name);
  std::vector<TSNode> AssignmentsReaching(TSNode function, std::string_view name, TSNode use);
  const std::vector<TSNode>& FillsOf(TSNode function, std::string_view name);
  const VariadicNames& VariadicsOf(TSNode function);
  // The parameter that binds `name`; null node when none does (`*args` and `**kwargs` are in
  // VariadicsOf).
  Parameter ParameterNamed(TSNode function, std::string_view name);
  // The names the body binds: the left side of its assignments, augmented assignments and `for`
  // targets, as written (a name, or the names of a flat tuple of targets).
  const std::set<std::string, std::less<>>& NamesBoundIn(TSNode function);
  // The statements of the body that bind `name` as the names above are bound: assignments and
  // augmented assignments to it (alone or in a flat tuple of targets), `for` statements with
  // it among their targets, and `name := ...` expressions; in the body's order.
  const std::vector<TSNode>& StatementsBinding(TSNode function, std::string_view name);
  // Whether the body binds `name` in any way Python has (syntax_queries.h BindingsOf: imports,
  // `with ... as`, `global`, ... too), asked once per function and name.
  bool BindsInAnyWay(TSNode function, std::string_view name);
  // Those statements and clauses (syntax_queries.h BindingsOf), found once per function and
  // name: folding asks again under each hypothesis of a parameter held at its default.
  const std::vector<TSNode>& BindingsOf(TSNode function, std::string_view name);

 private:
  using NodesByName = std::map<std::string, std::vector<TSNode>, std::less<>>;
  struct Function {
    NodesByName assignments;  // by the assignment's left side as written
    NodesByName fills;        // by the collection filled
    VariadicNames variadics;
    std::map<std::string, Parameter, std::less<>> parameters;
    std::set<std::string, std::less<>> bound_names;
    NodesByName binders;  // StatementsBinding, by name
  };
  const Function& Of(TSNode function);
  void IndexBody(TSNode function, Function& out) const;
  void IndexParameters(TSNode function, Function& out) const;

  std::string_view text_;
  std::map<uint32_t, Function> functions_;  // by the definition's start byte
  std::map<std::pair<uint32_t, std::string>, std::vector<TSNode>, std::less<>> bindings_of_;
  const std::vector<TSNode> none_;
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_FUNCTION_BINDINGS_H_
