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

// `(#resolves-to? @expr "torch.nonzero" "torch.Tensor.nonzero")`: after import resolution the
// expression names one of the given qualified names (so `from torch import nonzero as nz; nz(x)`
// matches "torch.nonzero"). A trailing ".*" matches any name under a prefix.
std::optional<Confidence> ResolvesTo(const MatchContext& context,
                                     const std::vector<PredicateArgument>& args) {
  if (ts_node_is_null(args[0].node)) return std::nullopt;
  for (const std::string& name :
       QualifiedNames(args[0].node, context.text, context.facts->imports())) {
    for (size_t i = 1; i < args.size(); ++i) {
      std::string_view wanted = args[i].text;
      if (wanted.ends_with(".*")) {
        wanted.remove_suffix(1);
        if (std::string_view(name).starts_with(wanted)) return Confidence::kCertain;
      } else if (name == wanted) {
        return Confidence::kCertain;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

const std::vector<SemanticPredicate>& AllSemanticPredicates() {
  static const auto* predicates = new std::vector<SemanticPredicate>{
      {"in-compiled-region",
       "the captured node runs under Dynamo (for now: inside the forward method of a class)", 1, 0,
       &InCompiledRegion},
      {"resolves-to",
       "the captured name or attribute chain refers, after import resolution, to one of the "
       "given qualified names (\"torch.nonzero\", \"numpy.random.*\", \"builtins.print\")",
       1, -1, &ResolvesTo},
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
