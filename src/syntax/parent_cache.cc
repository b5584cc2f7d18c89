#include "syntax/parent_cache.h"

#include <cstdint>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace gbreak {
namespace {

struct NodeKey {
  const void* id;
  const TSTree* tree;
  uint32_t start;
  bool operator==(const NodeKey& other) const {
    return std::tie(id, tree, start) == std::tie(other.id, other.tree, other.start);
  }
};

struct NodeKeyHash {
  size_t operator()(const NodeKey& key) const {
    size_t h = std::hash<const void*>()(key.id);
    h ^= std::hash<const void*>()(key.tree) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h ^= std::hash<uint32_t>()(key.start) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
  }
};

std::unordered_map<NodeKey, TSNode, NodeKeyHash>& Cache() {
  thread_local std::unordered_map<NodeKey, TSNode, NodeKeyHash> cache;
  return cache;
}

thread_local int scopes = 0;
thread_local const TSTree* populated = nullptr;  // the tree whose every parent is cached

NodeKey KeyOf(TSNode node) { return NodeKey{node.id, node.tree, ts_node_start_byte(node)}; }

// One walk records the parent of every node of the tree: asking ts_node_parent per node walks
// down from the root each time, and the analyses ask for most nodes' ancestors.
void Populate(const TSTree* tree) {
  auto& cache = Cache();
  TSNode root = ts_tree_root_node(tree);
  cache.emplace(KeyOf(root), TSNode{});
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  std::vector<TSNode> stack{root};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    ts_tree_cursor_reset(&cursor, node);
    if (!ts_tree_cursor_goto_first_child(&cursor)) continue;
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      cache.emplace(KeyOf(child), node);
      if (ts_node_child_count(child) > 0) stack.push_back(child);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  populated = tree;
}

}  // namespace

TSNode ParentOf(TSNode node) {
  if (ts_node_is_null(node)) return node;
  if (scopes == 0) return ts_node_parent(node);
  auto& cache = Cache();
  NodeKey key = KeyOf(node);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  if (populated != node.tree) {
    Populate(node.tree);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
  }
  TSNode parent = ts_node_parent(node);
  cache.emplace(key, parent);
  return parent;
}

ParentCacheScope::ParentCacheScope() {
  if (scopes++ == 0) {
    Cache().clear();
    populated = nullptr;
  }
}

ParentCacheScope::~ParentCacheScope() {
  if (--scopes == 0) {
    Cache().clear();
    populated = nullptr;
  }
}

}  // namespace gbreak
