#ifndef GBREAK_SYNTAX_TREE_INDEX_H_
#define GBREAK_SYNTAX_TREE_INDEX_H_

#include <tree_sitter/api.h>

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "absl/functional/function_ref.h"

namespace gbreak {

// tree-sitter nodes know no parent (ts_node_parent walks down from the root, scanning the siblings
// at every level), and a child walk pays a cursor step per child. The analysis asks for the
// enclosing function or class of every call and match, and walks the same function bodies many
// times (assignments to a name, calls, `self` attributes). So inside a TreeIndexScope, the first
// question about a tree builds a flat copy of its shape in one walk: every node in document order
// with its parent, first child and next sibling. Parents and named children are then array reads.
//
// Nodes are keyed by their addresses, so a scope must cover the analysis of trees that outlive it
// (FileChecker opens one around each file's analysis); outside any scope the answers come from
// tree-sitter directly, with the same results.
class TreeIndexScope {
 public:
  TreeIndexScope();
  ~TreeIndexScope();
  TreeIndexScope(const TreeIndexScope&) = delete;
  TreeIndexScope& operator=(const TreeIndexScope&) = delete;
};

// The nearest proper ancestor of `node` of the given type (`function_definition`), or a null
// node: one lookup, then the parents are array reads.
TSNode NearestAncestor(TSNode node, std::string_view type);

// Drops the index of a tree about to be freed while a scope lives on (a later tree could take its
// address).
void ForgetTreeIndex(const TSTree* tree);

// A node's parent; a null node for the root.
TSNode ParentOf(TSNode node);

// The first child in the field `id`, or a null node (ts_node_child_by_field_id).
TSNode ChildByFieldId(TSNode node, TSFieldId id);

// Visits `root` (when it is not null) and its named descendants in document order, as a depth-first
// walk that pushes named children would; `visit(node, type)` returns false to skip the node's
// descendants. Anonymous nodes and what is under them are not visited. With an index this is a
// scan of an array, without a lookup per node.
void ForEachNamedNode(TSNode root, absl::FunctionRef<bool(TSNode, std::string_view)> visit);

// Appends the named children of `node`, in order (nothing for a null node).
void AppendNamedChildren(std::vector<TSNode>& out, TSNode node);

// One node of an indexed tree. Links are positions in the tree's node array (IndexedNodes).
struct IndexedNode {
  static constexpr uint32_t kNone = UINT32_MAX;
  TSNode node;
  uint32_t parent = kNone;
  uint32_t first_child = kNone;
  uint32_t next_sibling = kNone;
  uint32_t end = 0;  // one past the last node of this node's subtree
  // The nearest proper ancestor that is a function or class definition: EnclosingFunction and
  // EnclosingClass follow these links, not every parent (a 20,000-term `a + b + ...` is 20,000
  // levels deep).
  uint32_t definition = kNone;
  std::string_view type;
  TSSymbol symbol = 0;  // ts_node_symbol
  TSFieldId field = 0;  // the field this node fills in its parent
  bool named = false;
};

// For code that looks at every node (the rules' pattern matcher): the nodes of `root`'s tree in
// document order, with `*at` set to the position of `root`. Empty outside a TreeIndexScope.
std::span<const IndexedNode> IndexedNodes(TSNode root, uint32_t* at);

}  // namespace gbreak

#endif  // GBREAK_SYNTAX_TREE_INDEX_H_
