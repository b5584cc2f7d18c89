#ifndef GBREAK_RULES_QUERY_OUTLINE_H_
#define GBREAK_RULES_QUERY_OUTLINE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/tree_sitter.h"

namespace gbreak {

// What the rule engine needs from the text of a tree-sitter query: where each pattern starts,
// the captures (numbered as tree-sitter numbers them), which captures each pattern binds, and each
// pattern's predicates. The patterns themselves are matched by the PatternMatcher, so nothing
// here needs a compiled TSQuery.
//
// Why not let tree-sitter compile the query and ask it? ts_query_new analyzes every pattern
// against the grammar's parse table before it returns (for its query cursor, which gbreak runs
// only for the few pattern shapes the matcher refuses): ~55 ms for the catalog's 90 patterns,
// 85% of gbreak's start-up, paid by every run, a pre-commit hook on one file included. So the
// embedded catalog's text is read here (the tests compile every embedded query with tree-sitter
// and compare its outline with this one), and user rules are compiled by tree-sitter once, to
// check them, before being read here too.
class QueryOutline {
 public:
  // One argument of a predicate: a capture (by id) or a string (quoted or a bare symbol).
  struct Argument {
    bool is_capture = false;
    uint32_t capture = 0;
    std::string text;
    bool operator==(const Argument&) const = default;
  };
  // `(#eq? @a "x")`: the name as tree-sitter keeps it ("eq?"), then the arguments.
  struct Predicate {
    std::string name;
    std::vector<Argument> arguments;
    bool operator==(const Predicate&) const = default;
  };
  struct Pattern {
    uint32_t start_byte = 0;         // of the pattern's first character
    std::vector<uint32_t> captures;  // the capture ids it binds (outside predicates), ascending
    std::vector<Predicate> predicates;
    bool operator==(const Pattern&) const = default;
  };
  struct Error {
    uint32_t offset = 0;  // where reading stopped, as tree-sitter's error_offset
    std::string message;
  };

  // Reads a query's text with tree-sitter 0.25's query syntax (query.c): S-expression patterns,
  // `[...]` alternations, groupings, fields, `!field`, `.` anchors, quantifiers, `@captures`,
  // `"anonymous"` nodes, `_`, supertypes, MISSING, `;` comments and `(#predicate? ...)`. Node and
  // field names are not looked up (only a compile by tree-sitter checks them).
  static QueryOutline Read(std::string_view text, std::optional<Error>* error);

  // The outline of a query tree-sitter compiled from `text` (for the tests: both must agree).
  static QueryOutline Of(const TSQuery* query);

  const std::vector<Pattern>& patterns() const { return patterns_; }
  const std::vector<std::string>& capture_names() const { return capture_names_; }
  std::optional<uint32_t> CaptureId(std::string_view name) const;
  bool Binds(uint32_t pattern, uint32_t capture) const;

  bool operator==(const QueryOutline&) const = default;

 private:
  class Reader;
  std::vector<Pattern> patterns_;
  std::vector<std::string> capture_names_;  // by id, in order of first appearance
};

}  // namespace gbreak

#endif  // GBREAK_RULES_QUERY_OUTLINE_H_
