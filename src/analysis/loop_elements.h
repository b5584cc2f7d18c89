#ifndef GBREAK_ANALYSIS_LOOP_ELEMENTS_H_
#define GBREAK_ANALYSIS_LOOP_ELEMENTS_H_

#include <tree_sitter/api.h>

#include <string_view>

#include "absl/container/flat_hash_map.h"

namespace gbreak {

// Which names in one function read the elements of a submodule container: in
//
//     for i, layer in enumerate(self.layers):
//         layer.set_attention_type(...)
//
// `layer` is an element of `self.layers`, so the call runs a method of the classes `__init__` built
// the container's elements of. Built in one walk over the function's own body (a nested function
// or lambda is called some other time, so its names are not the loop's): every name is looked up
// once, against the loops open around it, which keeps a 100,000-deep expression linear.
class LoopElements {
 public:
  LoopElements(TSNode function, std::string_view text);

  // The `self.<attribute>` whose elements the identifier `name` holds: `for m in self.layers:`,
  // `for m in self.layers[1:]:`, `for i, m in enumerate(self.layers):`, `for a, m in
  // zip(self.attentions, self.layers):`. Null when the innermost loop binding it iterates
  // something else, or no loop binds it.
  TSNode ContainerOf(TSNode name) const;

 private:
  absl::flat_hash_map<const void*, TSNode> containers_;  // by the name's node id
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_LOOP_ELEMENTS_H_
