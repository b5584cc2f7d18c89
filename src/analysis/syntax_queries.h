#ifndef GBREAK_ANALYSIS_SYNTAX_QUERIES_H_
#define GBREAK_ANALYSIS_SYNTAX_QUERIES_H_

// Small questions about Python syntax trees that several analyses ask.

#include <string>
#include <string_view>
#include <vector>

#include "syntax/tree_sitter.h"

namespace gbreak {

// The innermost function_definition / class_definition containing `node` (null if none).
TSNode EnclosingFunction(TSNode node);
TSNode EnclosingClass(TSNode node);

// For a function_definition: the class it is a method of (directly in the class body, possibly
// decorated), or a null node.
TSNode OwningClass(TSNode function);

// The decorators of a function or class definition (empty if undecorated).
std::vector<TSNode> Decorators(TSNode definition);

// The name of a function or class definition.
std::string DefinitionName(TSNode definition, std::string_view text);

// The statement that contains `node` (the nearest ancestor whose parent is a block or module).
TSNode EnclosingStatement(TSNode node);

// A function decorated with @staticmethod: no `self` among its parameters.
bool IsStaticMethod(TSNode function, std::string_view text);

// A getter: a function decorated with @property (reading the attribute calls it).
bool IsPropertyGetter(TSNode function, std::string_view text);

// The callee expression of a decorator: `@f` -> f, `@f(...)` -> f.
TSNode DecoratorCallee(TSNode decorator);

// The name `self`.
bool IsSelf(TSNode node, std::string_view text);

// A name spelled like a class: its first letter upper case.
bool IsCapitalized(std::string_view name);

// The name a parameter binds (`x`, `x=1`, `x: int`, `x: int = 1`); null for `*args`, `**kw`,
// `/` and `*` separators.
TSNode ParameterNameNode(TSNode parameter);

// `True`, `False` or `None`: the literals a condition folds on.
bool IsBoolOrNoneLiteral(TSNode node);

// A string literal without interpolation, escapes or prefix (`"sdpa"`, `'original_full'`),
// whose value is its text between the quotes.
bool IsPlainString(TSNode node, std::string_view text);

// A literal whose value is what it spells: True, False, None, a number or a plain string. What
// a parameter left at its default, or passed the same by every call, holds as a constant.
bool IsPlainLiteral(TSNode node, std::string_view text);

// The assignments and augmented assignments to the plain name `name` in a function's own body
// (not in nested functions or classes), in no particular order.
std::vector<TSNode> AssignmentsTo(TSNode function, std::string_view name, std::string_view text);

// Whether what `binding` (a statement of `function`) sets may be seen by `use`: it ends before
// `use`, or a loop of the function holds both (the next iteration sees it).
bool Reaches(TSNode binding, TSNode use, TSNode function);

// The assignments to `name` in `function` whose value `use` may see: those that end before it,
// and those in a loop of the function that also holds `use` (the next iteration sees them). A
// parameter tested before it is first reassigned (`if kwargs is not None:` above
// `kwargs = kwargs.copy() if kwargs is not None else {}`) still holds what the call passed.
std::vector<TSNode> AssignmentsReaching(TSNode function, std::string_view name, TSNode use,
                                        std::string_view text);

// Every statement or clause of a function's own body that binds `name` in any way Python has:
// assignments (also through tuple and list targets), augmented assignments, `for` targets,
// `with ... as`, `except ... as`, walrus, imports, `del`, and `global` / `nonlocal`
// declarations (the name then lives outside the function). For deciding what a local holds.
std::vector<TSNode> BindingsOf(TSNode function, std::string_view name, std::string_view text);

// The operator of a two-operand comparison, spaces removed: "==", "is", "isnot", "notin".
std::string ComparisonOperator(TSNode comparison, std::string_view text);

// The names of a function's `*args` and `**kwargs` parameters ("" when it has none).
struct VariadicNames {
  std::string positional, keyword;
};
VariadicNames VariadicsOf(TSNode function, std::string_view text);

// Whether a function's own body may add to the collection `name` holds: `name[k] = v`,
// `name.update(...)`, `.setdefault`, `.append`, `.extend`, `.insert`, `|=`, `+=`. Reading and
// removing (`pop`) do not count.
bool MayFill(TSNode function, std::string_view name, std::string_view text);

// A method that adds to the collection it is called on: update, setdefault, append, extend,
// insert, __setitem__ (MayFill's calls).
bool IsFillingMethod(std::string_view method);

// The statements and calls of a function's own body that MayFill names, in source order.
std::vector<TSNode> FillsOf(TSNode function, std::string_view name, std::string_view text);

// `{}`, `[]`, `()`, `dict()`, `list()`, `tuple()`: an empty collection as written.
bool IsEmptyCollectionLiteral(TSNode node, std::string_view text);

// Whether `value` (the right side of `name = value`) is an empty collection when `name` held
// None: `name or {}`, `{} if name is None else name`, `name.copy() if name is not None else {}`.
bool EmptyWhenNone(TSNode value, std::string_view name, std::string_view text);

// Whether `node` runs only on the way to an exception: in an `except` handler's body, in a
// `raise` statement, or in a block that ends by raising with no `return`, `break` or `continue`
// between `node` and that `raise` (`if x.sum() < 0: logger.error(...); raise ValueError(...)`).
// A raise inside a `try:` body with handlers may be caught, so it makes no error path. Stops at
// the enclosing function: a function whose whole body raises is left to its callers.
bool OnErrorPath(TSNode node);

// `if C: ... return` (or `continue`/`break`) with no other clause: the statements after it in
// its block run only when C does not hold. A body that ends by raising is no early exit: the
// code after a validation check is the normal path, and the raise an error path (OnErrorPath).
bool IsEarlyExit(TSNode statement);

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_SYNTAX_QUERIES_H_
