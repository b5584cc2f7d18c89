#ifndef GBREAK_ANALYSIS_COMPILED_REGION_H_
#define GBREAK_ANALYSIS_COMPILED_REGION_H_

#include <string_view>

#include "syntax/tree_sitter.h"

namespace gbreak {

// True when `node` is inside the `forward` method of a class (directly in the class body, possibly
// decorated). This is the whole-tree stand-in for compiled-region detection: every
// `nn.Module.forward` is what Dynamo traces when the module is compiled.
bool IsInForwardMethod(TSNode node, std::string_view source);

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_COMPILED_REGION_H_
