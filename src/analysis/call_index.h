#ifndef GBREAK_ANALYSIS_CALL_INDEX_H_
#define GBREAK_ANALYSIS_CALL_INDEX_H_

#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// The calls of one file by their callee's text (`f`, `self.f`, `Net`), built by one walk on
// first use. The guard folding (what calls pass a defaulted parameter) and the value inference
// (what kinds a helper's parameters receive) both ask for a function's call sites; one index
// per file serves both (FileFacts owns it). Nodes: the index must not outlive its tree.
class CallIndex {
 public:
  CallIndex(TSNode root, std::string_view text) : root_(root), text_(text) {}

  const std::vector<TSNode>& To(std::string_view callee);

 private:
  TSNode root_;
  std::string_view text_;
  bool built_ = false;
  // Keys are views of the text (which outlives the index, as the tree does).
  absl::flat_hash_map<std::string_view, std::vector<TSNode>> calls_;
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_CALL_INDEX_H_
