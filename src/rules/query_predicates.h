#ifndef GBREAK_RULES_QUERY_PREDICATES_H_
#define GBREAK_RULES_QUERY_PREDICATES_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "re2/re2.h"
#include "rules/query_outline.h"
#include "rules/rule.h"
#include "rules/semantic_predicates.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// One predicate of a query pattern, compiled once at start-up. The tree-sitter C library parses
// predicates but never evaluates them; gbreak does, host-side:
//   #eq? #not-eq? #any-eq? #any-not-eq?            text equality with a string or a capture
//   #match? #not-match? #any-match? #any-not-match? RE2 regex search
//   #any-of? #not-any-of?                           text is one of the strings
//   #<semantic>? #not-<semantic>?                   a registered semantic predicate
// For a quantified capture, plain forms require every node to pass, `any-` forms one node.
struct CompiledPredicate {
  enum class Kind { kEq, kMatch, kAnyOf, kSemantic };
  Kind kind = Kind::kEq;
  bool negated = false;
  bool any = false;
  uint32_t capture = 0;
  std::optional<uint32_t> other_capture;  // #eq? @a @b
  std::string literal;                    // #eq? @a "x"
  std::shared_ptr<const RE2> regex;       // #match?
  std::vector<std::string> values;        // #any-of?
  const SemanticPredicate* semantic = nullptr;
  struct Argument {
    bool is_capture;
    uint32_t capture;
    std::string text;
  };
  std::vector<Argument> arguments;  // for semantic predicates
  std::string name;                 // as written, for messages
};

// Compiles the predicates of one pattern (its `#set!` directives aside). Errors (unknown predicate, wrong arguments, a regex that
// does not compile) say what is wrong; the caller adds the file and position.
absl::StatusOr<std::vector<CompiledPredicate>> CompilePatternPredicates(
    const QueryOutline& outline, uint32_t pattern);

// What a pattern tells the passes that run after matching (rules/frame_skip.h), written with
// tree-sitter's `#set!` directive: a property of the pattern, never a test of a match.
//   (#set! resumes "no")          Dynamo cannot resume after this break (a slice built from a
//                                 tensor breaks in BUILD_SLICE): the rest of the function runs
//                                 eagerly.
//   (#set! frame-input-ok @value) no break when every @value node is a graph input of the frame
//                                 that runs it (a size read from a 0-d tensor the frame receives).
struct PatternDirectives {
  bool resumes = true;
  std::optional<uint32_t> frame_input_ok;  // the capture id
};
absl::StatusOr<PatternDirectives> CompilePatternDirectives(const QueryOutline& outline,
                                                           uint32_t pattern);

// Evaluates all predicates of a match. No value: the match is rejected. Otherwise the weakest
// confidence any semantic predicate reported (kCertain if none did).
std::optional<Confidence> EvaluatePredicates(const std::vector<CompiledPredicate>& predicates,
                                             const TSQueryMatch& match,
                                             const MatchContext& context);

}  // namespace gbreak

#endif  // GBREAK_RULES_QUERY_PREDICATES_H_
