#include "rules/semantic_predicates.h"

#include "analysis/compiled_region.h"

namespace gbreak {
namespace {

std::optional<Confidence> InCompiledRegion(const MatchContext& context,
                                           const std::vector<PredicateArgument>& args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  if (IsInForwardMethod(args[0].node, context.text)) return Confidence::kCertain;
  return std::nullopt;
}

}  // namespace

const std::vector<SemanticPredicate>& AllSemanticPredicates() {
  static const auto* predicates = new std::vector<SemanticPredicate>{
      {"in-compiled-region",
       "the captured node runs under Dynamo (for now: inside the forward method of a class)", 1, 0,
       &InCompiledRegion},
  };
  return *predicates;
}

const SemanticPredicate* FindSemanticPredicate(std::string_view name) {
  for (const SemanticPredicate& predicate : AllSemanticPredicates()) {
    if (predicate.name == name) return &predicate;
  }
  return nullptr;
}

}  // namespace gbreak
