#ifndef GBREAK_RULES_RULE_ENGINE_H_
#define GBREAK_RULES_RULE_ENGINE_H_

#include <memory>
#include <string_view>
#include <utility>
#include <optional>
#include <set>
#include <span>
#include <tuple>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/compiled_region.h"
#include "analysis/file_facts.h"
#include "rules/finding.h"
#include "rules/pattern_matcher.h"
#include "rules/query_outline.h"
#include "rules/query_predicates.h"
#include "rules/rule.h"
#include "source/source_file.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// Runs the rule catalog over parsed files. All query rules' texts are read as ONE query at
// start-up (its outline: patterns, captures, predicates; rules from outside the catalog are first
// compiled by tree-sitter to check them); their patterns are matched on the tree index by a
// PatternMatcher, one scan of each tree for every rule, and a match is routed to its rule by
// pattern index. The engine is immutable after Create() and shared by all worker
// threads; each worker brings its own TSQueryCursor (for patterns the matcher does not implement).
class RuleEngine {
 public:
  // Compiles the rules. A query that does not compile, a pattern without the `@report` capture, an
  // unknown predicate, or a message placeholder that names no capture is an error that names the
  // rule's file and the position in it.
  static absl::StatusOr<std::unique_ptr<RuleEngine>> Create(std::vector<Rule> rules);

  const std::vector<Rule>& rules() const { return rules_; }
  const Rule* FindByCode(std::string_view code) const;

  // Appends the findings of every query rule in `source` (parsed into `root`).
  // `modes` selects which `self.training` arms are analyzed (`--mode`).
  void Run(const SourceFile& source, TSNode root, TSQueryCursor* cursor,
           std::vector<Finding>* findings, RegionOptions options = {}) const;
  // The same with the caller's facts about the file (so the caller can summarize it afterwards).
  // With `ranges` (byte ranges, e.g. the functions an entry reaches), only matches that
  // intersect them are evaluated.
  void Run(const SourceFile& source, FileFacts& facts, TSQueryCursor* cursor,
           std::vector<Finding>* findings,
           const std::vector<std::pair<uint32_t, uint32_t>>* ranges = nullptr) const;

 private:
  using Seen = std::set<std::tuple<size_t, uint32_t, uint32_t>>;
  void RunInRange(const SourceFile& source, FileFacts& facts, TSQueryCursor* cursor,
                  std::optional<std::pair<uint32_t, uint32_t>> range,
                  std::vector<Finding>* findings, Seen& seen) const;
  // Checks one match of the structure `group` (captures in outline_'s ids) for every pattern of it.
  void EvaluateGroupMatch(const SourceFile& source, FileFacts& facts, MatchContext& context,
                          uint32_t group, std::span<const TSQueryCapture> captures,
                          std::vector<Finding>* findings, Seen& seen) const;
  // Checks one match of one pattern (its predicates) and adds its finding at `report`.
  void EvaluateMatch(const SourceFile& source, FileFacts& facts, const MatchContext& context,
                     const TSQueryMatch& match, TSNode report, std::vector<Finding>* findings,
                     Seen& seen) const;
  absl::Status BuildMatchQuery(std::string_view combined);
  struct Pattern {
    size_t rule;  // index into rules_
    std::vector<CompiledPredicate> predicates;
    PatternDirectives directives;
  };

  RuleEngine() = default;

  std::vector<Rule> rules_;
  QueryOutline outline_;           // every rule's patterns, with their predicates
  std::vector<Pattern> patterns_;  // by pattern index of outline_
  uint32_t report_capture_ = 0;
  // What runs over the tree: each distinct pattern structure once (predicates aside), since
  // rules share structures (ten match every method call, `(call function: (attribute) @fn)`) and
  // producing a match is most of a query's cost. Structure g stands for the outline_ patterns
  // groups_[g]. The matcher on the tree index takes every structure it implements (all of the
  // catalog's); the others run as fallback_query_, whose pattern i is structure
  // fallback_groups_[i] and whose capture ids map to outline_'s through fallback_capture_ids_.
  std::vector<std::vector<uint32_t>> groups_;
  PatternMatcher matcher_;
  QueryPtr fallback_query_;
  std::vector<uint32_t> fallback_groups_;
  std::vector<uint32_t> fallback_capture_ids_;
};

// Makes a finding of `rule` spanning [start, end) of source.text().
Finding MakeFinding(const Rule& rule, const SourceFile& source, uint32_t start, uint32_t end,
                    std::string message);

}  // namespace gbreak

#endif  // GBREAK_RULES_RULE_ENGINE_H_
