#include "syntax/tree_index.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

constexpr uint32_t kNone = UINT32_MAX;

// Within one tree a node is its id (ts_node_eq compares tree and id): the address of its slot in
// the parent's child array, or of the tree's root.
using NodeKey = const void*;

bool IsDefinition(std::string_view type) {
  return type == "function_definition" || type == "class_definition";
}

NodeKey KeyOf(TSNode node) { return node.id; }

// One tree's nodes in document order.
struct FlatTree {
  using Entry = IndexedNode;
  std::vector<Entry> entries;
  // Open addressing: every node of the tree goes in (hundreds of thousands for a large file).
  absl::flat_hash_map<NodeKey, uint32_t> index;

  explicit FlatTree(const TSTree* tree) {
    TSNode root = ts_tree_root_node(tree);
    uint32_t count = ts_node_descendant_count(root);  // the root included
    entries.reserve(count);
    index.reserve(count);
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    uint32_t current = Add(cursor, kNone);
    while (true) {
      if (ts_tree_cursor_goto_first_child(&cursor)) {
        uint32_t child = Add(cursor, current);
        entries[current].first_child = child;
        current = child;
        continue;
      }
      // No children: close the node, and its ancestors up to the nearest one with a next sibling.
      entries[current].end = static_cast<uint32_t>(entries.size());
      while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
        if (!ts_tree_cursor_goto_parent(&cursor)) {
          ts_tree_cursor_delete(&cursor);
          return;
        }
        current = entries[current].parent;
        entries[current].end = static_cast<uint32_t>(entries.size());
      }
      uint32_t sibling = Add(cursor, entries[current].parent);
      entries[current].next_sibling = sibling;
      current = sibling;
    }
  }

  uint32_t Add(const TSTreeCursor& cursor, uint32_t parent) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    uint32_t at = static_cast<uint32_t>(entries.size());
    uint32_t definition = kNone;
    if (parent != kNone) {
      definition = IsDefinition(entries[parent].type) ? parent : entries[parent].definition;
    }
    entries.push_back(Entry{node, parent, kNone, kNone, 0, definition, NodeType(node),
                            ts_node_symbol(node), ts_tree_cursor_current_field_id(&cursor),
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

TSNode NearestAncestor(TSNode node, std::string_view type) {
  if (node.id == nullptr) return node;
  const FlatTree* tree = TreeOf(node);
  uint32_t at = tree == nullptr ? kNone : tree->Find(node);
  if (at == kNone) {
    for (TSNode n = ParentOf(node); !ts_node_is_null(n); n = ParentOf(n)) {
      if (NodeType(n) == type) return n;
    }
    return TSNode{};
  }
  // Definitions are found along the definition links, other types along the parents.
  bool definition = IsDefinition(type);
  const std::vector<FlatTree::Entry>& entries = tree->entries;
  for (uint32_t p = definition ? entries[at].definition : entries[at].parent; p != kNone;
       p = definition ? entries[p].definition : entries[p].parent) {
    if (entries[p].type == type) return entries[p].node;
  }
  return TSNode{};
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

void ForEachNamedNode(TSNode root, absl::FunctionRef<bool(TSNode, std::string_view)> visit) {
  if (root.id == nullptr) return;
  const FlatTree* tree = TreeOf(root);
  uint32_t at = tree == nullptr ? kNone : tree->Find(root);
  if (at == kNone) {
    std::vector<TSNode> stack{root};
    while (!stack.empty()) {
      TSNode node = stack.back();
      stack.pop_back();
      if (visit(node, NodeType(node))) PushNamedChildren(stack, node);
    }
    return;
  }
  const std::vector<FlatTree::Entry>& entries = tree->entries;
  // The root is visited whether or not it is named, as the walk above does.
  if (!visit(entries[at].node, entries[at].type)) return;
  for (uint32_t i = at + 1, end = entries[at].end; i < end;) {
    const FlatTree::Entry& e = entries[i];
    if (!e.named || !visit(e.node, e.type)) {
      i = e.end;
    } else {
      ++i;
    }
  }
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

std::span<const IndexedNode> IndexedNodes(TSNode root, uint32_t* at) {
  const FlatTree* tree = root.id == nullptr ? nullptr : TreeOf(root);
  *at = tree == nullptr ? kNone : tree->Find(root);
  if (*at == kNone) return {};
  return tree->entries;
}

TreeIndexScope::TreeIndexScope() {
  if (scopes++ == 0) Forget();
}

TreeIndexScope::~TreeIndexScope() {
  if (--scopes == 0) Forget();
}

}  // namespace gbreak
