#ifndef GBREAK_SYNTAX_TREE_SITTER_H_
#define GBREAK_SYNTAX_TREE_SITTER_H_

// Thin RAII owners for tree-sitter's C objects, and small node helpers. Everything else in gbreak
// talks to tree-sitter through these, so ownership is never in doubt.

#include <tree_sitter/api.h>

#include "syntax/tree_index.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace gbreak {

struct ParserDeleter {
  void operator()(TSParser* p) const { ts_parser_delete(p); }
};
struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};
struct QueryDeleter {
  void operator()(TSQuery* q) const { ts_query_delete(q); }
};
struct QueryCursorDeleter {
  void operator()(TSQueryCursor* c) const { ts_query_cursor_delete(c); }
};

using ParserPtr = std::unique_ptr<TSParser, ParserDeleter>;
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;
using QueryPtr = std::unique_ptr<TSQuery, QueryDeleter>;
using QueryCursorPtr = std::unique_ptr<TSQueryCursor, QueryCursorDeleter>;

// The tree-sitter-python grammar (0.23.6, ABI 14).
const TSLanguage* PythonLanguage();

// A parser for Python. One per worker thread: TSParser is not thread-safe.
ParserPtr NewPythonParser();

// Parses `text` (UTF-8). Never returns null for valid input; tree-sitter recovers from errors.
TreePtr ParsePython(TSParser* parser, std::string_view text);

// The bytes a node spans.
inline std::string_view NodeText(TSNode node, std::string_view source) {
  if (ts_node_is_null(node)) return {};
  uint32_t start = ts_node_start_byte(node);
  uint32_t end = ts_node_end_byte(node);
  if (start > source.size() || end > source.size() || end < start) return {};
  return source.substr(start, end - start);
}

// The Python grammar's symbol names (aliases included) by symbol id, as views: ts_node_type hands
// out a C string, so every `Is(node, "call")` paid a strlen, and node-type tests are the
// analysis's commonest operation.
const std::vector<std::string_view>& PythonSymbolNames();

inline std::string_view NodeType(TSNode node) {
  if (node.id == nullptr) return {};  // ts_node_is_null, inline
  TSSymbol symbol = ts_node_symbol(node);
  const std::vector<std::string_view>& names = PythonSymbolNames();
  // ERROR is the symbol 65535, outside the table.
  return symbol < names.size() ? names[symbol] : std::string_view(ts_node_type(node));
}

// The Python grammar's id of a field name (0 for none). ts_node_child_by_field_name finds the id by
// comparing the name with every field name of the grammar, on every call.
TSFieldId PythonFieldId(std::string_view name);

// The child in a named field (`Field(call, "function")`), or a null node.
inline TSNode Field(TSNode node, std::string_view name) {
  if (node.id == nullptr) return node;
  TSFieldId id = PythonFieldId(name);
  return id == 0 ? TSNode{} : ChildByFieldId(node, id);
}

// The number of named children; 0 for a null node (ts_node_named_child_count would crash).
inline uint32_t NamedChildCount(TSNode node) {
  return ts_node_is_null(node) ? 0 : ts_node_named_child_count(node);
}

// The named children of a node, in order. ts_node_named_child(node, i) walks from the first child
// on every call, so indexing in a loop is quadratic in the child count (a class with 150 methods,
// a module with 300 statements); AppendNamedChildren (tree_index.h) reads them from the tree's
// flat index, or visits each child once with a cursor.
inline std::vector<TSNode> NamedChildren(TSNode node) {
  std::vector<TSNode> out;
  AppendNamedChildren(out, node);
  return out;
}

// Pushes the named children onto a depth-first stack so that the first child is popped first.
inline void PushNamedChildren(std::vector<TSNode>& stack, TSNode node) {
  size_t first = stack.size();
  AppendNamedChildren(stack, node);
  std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first), stack.end());
}

// True for a node of this type (false for a null node).
inline bool Is(TSNode node, std::string_view type) {
  return !ts_node_is_null(node) && NodeType(node) == type;
}

// The same node (same position and type), for comparing nodes from different cursors.
inline bool SameNode(TSNode a, TSNode b) { return ts_node_eq(a, b); }

// The first ERROR or MISSING node in document order, or a null node.
TSNode FirstSyntaxError(TSNode root);

}  // namespace gbreak

#endif  // GBREAK_SYNTAX_TREE_SITTER_H_
