#include "syntax/parent_cache.h"

#include <cstdint>
#include <tuple>
#include <unordered_map>

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

}  // namespace

TSNode ParentOf(TSNode node) {
  if (ts_node_is_null(node)) return node;
  if (scopes == 0) return ts_node_parent(node);
  NodeKey key{node.id, node.tree, ts_node_start_byte(node)};
  auto& cache = Cache();
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  TSNode parent = ts_node_parent(node);
  cache.emplace(key, parent);
  return parent;
}

ParentCacheScope::ParentCacheScope() {
  if (scopes++ == 0) Cache().clear();
}

ParentCacheScope::~ParentCacheScope() {
  if (--scopes == 0) Cache().clear();
}

}  // namespace gbreak
