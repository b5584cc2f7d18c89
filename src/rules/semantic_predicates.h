#ifndef GBREAK_RULES_SEMANTIC_PREDICATES_H_
#define GBREAK_RULES_SEMANTIC_PREDICATES_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/file_facts.h"
#include "rules/finding.h"
#include "rules/rule.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// What a semantic predicate may look at: the file being checked. Predicates are pure functions
// of these facts; they never re-parse.
struct MatchContext {
  std::string_view text;  // the parsed bytes (without a byte-order mark)
  TSNode root;
  FileFacts* facts;       // lazily computed analysis of this file
  // Set by a predicate that can only be decided program-wide (#calls-disabled? on a function of
  // another module, #imports-replaced-module? in a whole-tree run): the finding carries it as
  // Finding::requirement, and the program graph keeps or drops it.
  ProgramRequirement deferred;
};

// One argument of a predicate call in a query: `@capture` (its first node in the match) or a
// string literal.
struct PredicateArgument {
  bool is_capture = false;
  TSNode node{};          // when is_capture (null if the capture matched nothing)
  std::string_view text;  // the literal, or the node's text
};

// Answers a question about captured nodes. Returns no value when the answer is "no", and the
// confidence of the "yes" otherwise (so `is-tensor` can say "likely").
using PredicateFunction = std::optional<Confidence> (*)(const MatchContext&,
                                                         std::span<const PredicateArgument>);

struct SemanticPredicate {
  std::string_view name;  // as written in queries, without `#` and `?`: "in-compiled-region"
  std::string_view description;
  int capture_arguments;  // how many leading @capture arguments it takes
  int string_arguments;   // how many string arguments follow them; -1: one or more
  PredicateFunction function;
};

// The registered predicates, by name (`not-` prefixed names are the negations, handled by the
// engine). Null when unknown.
const SemanticPredicate* FindSemanticPredicate(std::string_view name);
const std::vector<SemanticPredicate>& AllSemanticPredicates();

}  // namespace gbreak

#endif  // GBREAK_RULES_SEMANTIC_PREDICATES_H_
