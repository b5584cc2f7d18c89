#ifndef GBREAK_ANALYSIS_WRAPPER_ARGUMENTS_H_
#define GBREAK_ANALYSIS_WRAPPER_ARGUMENTS_H_

#include <set>
#include <string>
#include <string_view>

#include "analysis/function_bindings.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// What a decorator's wrapper hands the function it wraps beyond what its own caller passed.
// A wrapper that fills its `**kwargs` before the call (`kwargs[name] = getattr(self.config,
// name)`, as transformers' merge_with_config_defaults does for `use_cache`) passes parameters no
// call site names: they do not hold their defaults, however the decorated function is called.
struct AddedArguments {
  std::set<std::string> keywords;  // the keyword arguments it may add
  bool any_keyword = false;        // it may add keywords it does not spell out
  bool positional = false;         // it may add positional arguments
  bool Empty() const { return keywords.empty() && !any_keyword && !positional; }
};

// The arguments `wrapper` adds at `wrapped_call` (its call of the function it wraps). Keys are
// read as Python gives them: a string literal, or a loop variable over a literal list of strings
// (`for name in ["use_cache", ...]: kwargs[name] = ...`); any other key may be any keyword.
// Replacing an element of a list copy of `*args` (`args[i] = v`) adds no argument: a list does
// not grow by item assignment.
AddedArguments ArgumentsAddedBy(TSNode wrapper, TSNode wrapped_call, BindingIndex& bindings,
                                std::string_view text);

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_WRAPPER_ARGUMENTS_H_
