#include "analysis/call_index.h"

namespace gbreak {

const std::vector<TSNode>& CallIndex::To(std::string_view callee) {
  if (!built_) {
    built_ = true;
    ForEachNamedNode(root_, [&](TSNode node, std::string_view type) {
      if (type == "call") {
        calls_[NodeText(Field(node, "function"), text_)].push_back(node);
      }
      return true;
    });
  }
  static const std::vector<TSNode> kNone;
  auto it = calls_.find(callee);
  return it == calls_.end() ? kNone : it->second;
}

}  // namespace gbreak
