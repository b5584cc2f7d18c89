#ifndef GBREAK_SYNTAX_PARENT_CACHE_H_
#define GBREAK_SYNTAX_PARENT_CACHE_H_

#include <tree_sitter/api.h>

namespace gbreak {

// A node's parent. tree-sitter 0.25 keeps no parent pointers: ts_node_parent walks down from the
// root to the node, scanning the siblings at every level, and the analysis asks for the enclosing
// function or class of every call and every match, so the same ancestors were found thousands of
// times (a third of a whole-tree run). Inside a ParentCacheScope the answers are remembered.
TSNode ParentOf(TSNode node);

// Remembers parents on this thread while it lives. Nodes are keyed by their addresses, so a scope
// must cover the analysis of one tree that outlives it (FileChecker opens one around each file's
// analysis); outside any scope ParentOf asks tree-sitter every time.
class ParentCacheScope {
 public:
  ParentCacheScope();
  ~ParentCacheScope();
  ParentCacheScope(const ParentCacheScope&) = delete;
  ParentCacheScope& operator=(const ParentCacheScope&) = delete;
};

}  // namespace gbreak

#endif  // GBREAK_SYNTAX_PARENT_CACHE_H_
