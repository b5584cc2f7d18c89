#include "syntax/tree_index.h"

#include <cstdint>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

constexpr uint32_t kNone = UINT32_MAX;

struct NodeKey {
  const void* id;
  uint32_t start;
  bool operator==(const NodeKey& other) const {
    return std::tie(id, start) == std::tie(other.id, other.start);
  }
  template <typename H>
  friend H AbslHashValue(H h, const NodeKey& key) {
    return H::combine(std::move(h), key.id, key.start);
  }
};

NodeKey KeyOf(TSNode node) { return NodeKey{node.id, ts_node_start_byte(node)}; }

// One tree's nodes in document order.
struct FlatTree {
  struct Entry {
    TSNode node;
    uint32_t parent = kNone;
    uint32_t first_child = kNone;
    uint32_t next_sibling = kNone;
    TSFieldId field = 0;  // the field this node fills in its parent
    bool named = false;
  };
  std::vector<Entry> entries;
  // Open addressing: every node of the tree goes in (hundreds of thousands for a large file).
  absl::flat_hash_map<NodeKey, uint32_t> index;

  explicit FlatTree(const TSTree* tree) {
    TSTreeCursor cursor = ts_tree_cursor_new(ts_tree_root_node(tree));
    uint32_t current = Add(cursor, kNone);
    while (true) {
      if (ts_tree_cursor_goto_first_child(&cursor)) {
        uint32_t child = Add(cursor, current);
        entries[current].first_child = child;
        current = child;
        continue;
      }
      // No children: move to the next sibling of the nearest ancestor that has one.
      while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
        if (!ts_tree_cursor_goto_parent(&cursor)) {
          ts_tree_cursor_delete(&cursor);
          return;
        }
        current = entries[current].parent;
      }
      uint32_t sibling = Add(cursor, entries[current].parent);
      entries[current].next_sibling = sibling;
      current = sibling;
    }
  }

  uint32_t Add(const TSTreeCursor& cursor, uint32_t parent) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    uint32_t at = static_cast<uint32_t>(entries.size());
    entries.push_back(Entry{node, parent, kNone, kNone, ts_tree_cursor_current_field_id(&cursor),
                            ts_node_is_named(node)});
    index.emplace(KeyOf(node), at);
    return at;
  }

  uint32_t Find(TSNode node) const {
    auto it = index.find(KeyOf(node));
    return it == index.end() ? kNone : it->second;
  }
};

thread_local int scopes = 0;

// The trees indexed in this thread's scope, by tree.
absl::flat_hash_map<const TSTree*, std::unique_ptr<FlatTree>>& Trees() {
  thread_local absl::flat_hash_map<const TSTree*, std::unique_ptr<FlatTree>> trees;
  return trees;
}

thread_local const FlatTree* last = nullptr;  // the tree asked about last (almost always the one)
thread_local const TSTree* last_tree = nullptr;

const FlatTree* TreeOf(TSNode node) {
  if (scopes == 0) return nullptr;
  if (node.tree == last_tree) return last;
  auto& slot = Trees()[node.tree];
  if (slot == nullptr) slot = std::make_unique<FlatTree>(node.tree);
  last_tree = node.tree;
  last = slot.get();
  return last;
}

void Forget() {
  Trees().clear();
  last = nullptr;
  last_tree = nullptr;
}

}  // namespace

void ForgetTreeIndex(const TSTree* tree) {
  Trees().erase(tree);
  if (last_tree == tree) {
    last = nullptr;
    last_tree = nullptr;
  }
}

TSNode ParentOf(TSNode node) {
  if (ts_node_is_null(node)) return node;
  const FlatTree* tree = TreeOf(node);
  uint32_t at = tree == nullptr ? kNone : tree->Find(node);
  if (at == kNone) return ts_node_parent(node);
  uint32_t parent = tree->entries[at].parent;
  return parent == kNone ? TSNode{} : tree->entries[parent].node;
}

TSNode ChildByFieldId(TSNode node, TSFieldId id) {
  const FlatTree* tree = TreeOf(node);
  uint32_t at = tree == nullptr ? kNone : tree->Find(node);
  if (at == kNone) return ts_node_child_by_field_id(node, id);
  for (uint32_t c = tree->entries[at].first_child; c != kNone; c = tree->entries[c].next_sibling) {
    if (tree->entries[c].field == id) return tree->entries[c].node;
  }
  // One field of the Python grammar is inherited through an aliased hidden rule, so it is no
  // field of a visible child: a match statement's `alternative` clauses sit in its `body` block
  // (tree_index_test checks every field of every node against tree-sitter).
  if (NodeType(node) == "match_statement") return ts_node_child_by_field_id(node, id);
  return TSNode{};
}

void AppendNamedChildren(std::vector<TSNode>& out, TSNode node) {
  if (node.id == nullptr || ts_node_child_count(node) == 0) return;
  const FlatTree* tree = TreeOf(node);
  uint32_t at = tree == nullptr ? kNone : tree->Find(node);
  if (at != kNone) {
    for (uint32_t c = tree->entries[at].first_child; c != kNone; c = tree->entries[c].next_sibling) {
      if (tree->entries[c].named) out.push_back(tree->entries[c].node);
    }
    return;
  }
  TSTreeCursor cursor = ts_tree_cursor_new(node);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(child)) out.push_back(child);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
}

TreeIndexScope::TreeIndexScope() {
  if (scopes++ == 0) Forget();
}

TreeIndexScope::~TreeIndexScope() {
  if (--scopes == 0) Forget();
}

}  // namespace gbreak
