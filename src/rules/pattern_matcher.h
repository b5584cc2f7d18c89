#ifndef GBREAK_RULES_PATTERN_MATCHER_H_
#define GBREAK_RULES_PATTERN_MATCHER_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// Matches the rules' tree-sitter query patterns on the tree index (syntax/tree_index.h) instead of
// running a TSQueryCursor. The cursor walks every node of the tree with a TSTreeCursor and keeps a
// state per partial match; on the transformers tree that walk alone cost a third of parsing. Here
// a pattern is tried only at the nodes of its root type, found by one scan of the node array, and
// its children are matched by following the index's links.
//
// Only part of the query language is implemented: node types, `(_)`, anonymous "strings",
// `field:` children, `[...]` alternations, `.` anchors and `@captures`. A pattern using anything
// else (quantifiers, negated fields, supertypes, `_`, ERROR/MISSING, sibling sequences, nested
// alternations) does not compile here and stays with tree-sitter's query cursor. Matches are
// tree-sitter's: every distinct way a pattern matches is one match, its captures in document
// order (pattern_matcher_test compares both on a varied file and on the corpus).
class PatternMatcher {
 public:
  // Maps a capture name to the id the matches should carry; no value refuses the pattern.
  using CaptureIds = absl::FunctionRef<std::optional<uint32_t>(std::string_view)>;

  // Compiles one pattern's text as pattern number `pattern` (comments and predicates are passed
  // over: the caller evaluates predicates).
  // Returns false, adding nothing, for a pattern this matcher does not implement.
  bool Add(uint32_t pattern, std::string_view text, CaptureIds capture_ids);

  // Calls `on_match(pattern, captures)` for every match of the added patterns in the subtree of
  // `root` whose root node intersects `range` (bytes [first, second); none: all), in document
  // order of their root nodes, then in the order the patterns were added. Needs a TreeIndexScope
  // around it; outside one nothing matches.
  void ForEachMatch(
      TSNode root, std::optional<std::pair<uint32_t, uint32_t>> range,
      absl::FunctionRef<void(uint32_t, std::span<const TSQueryCapture>)> on_match) const;

  bool empty() const { return patterns_.empty(); }

  // One node of a pattern: what it matches, where among its siblings, what it captures.
  struct Step {
    enum class Kind { kSymbol, kNamedWildcard, kAlternation };
    Kind kind = Kind::kSymbol;
    TSSymbol symbol = 0;             // kSymbol: named or anonymous
    TSFieldId field = 0;             // `field:` (0: any child)
    bool immediate = false;          // `.` before it: the first named sibling to come
    bool last = false;               // `.` after it: no named sibling follows
    std::vector<uint32_t> captures;  // capture ids
    std::vector<Step> children;      // kSymbol, kNamedWildcard: in order
    std::vector<Step> alternatives;  // kAlternation
  };

 private:
  struct Compiled {
    uint32_t pattern;
    Step root;
  };
  std::vector<Compiled> patterns_;
  // Patterns by the symbol of their root node, and those whose root is `(_)`.
  std::vector<std::vector<uint32_t>> by_root_symbol_;
  std::vector<uint32_t> wildcard_roots_;
};

}  // namespace gbreak

#endif  // GBREAK_RULES_PATTERN_MATCHER_H_
