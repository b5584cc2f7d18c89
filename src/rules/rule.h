#ifndef GBREAK_RULES_RULE_H_
#define GBREAK_RULES_RULE_H_

#include <string>
#include <string_view>
#include <vector>

namespace gbreak {

enum class Severity { kInfo, kWarning, kError };

// How sure a finding is. Ordered: a finding's confidence is the weakest of its rule's and of the
// semantic facts it relied on. Maps to SARIF `precision`.
enum class Confidence {
  kPossible,  // the value's kind is unknown
  kLikely,    // a value inferred to be a tensor
  kCertain,   // the construct always breaks
};

// Whether a `--fix` edit keeps what the program does (`safe`) or may change it (`unsafe`: e.g.
// the exception a failing check raises). Ordered: unsafe is the weaker promise.
enum class FixSafety { kUnsafe, kSafe };

std::string_view SeverityName(Severity severity);
std::string_view ConfidenceName(Confidence confidence);

// One rule of the catalog, as loaded from rules/<name>.toml (+ queries/<name>.scm).
struct Rule {
  enum class Kind {
    kQuery,    // matched by its tree-sitter query and semantic predicates
    kBuiltin,  // produced by gbreak itself (syntax errors, encodings, unused suppressions)
  };

  std::string code;      // e.g. "SE001"
  std::string name;      // kebab-case, e.g. "print-call"
  std::string category;  // e.g. "side-effects"
  std::string summary;   // one line, for `gbreak rules`
  std::string message;   // the finding's message; `{capture}` is replaced by the capture's text
  Severity severity = Severity::kWarning;
  Confidence confidence = Confidence::kCertain;
  std::vector<std::string> registry_ids;  // Dynamo's GBnnnn ids this rule predicts
  std::vector<std::string> predicates;    // semantic predicates its query uses
  std::string rationale;                  // why Dynamo breaks
  std::string fix;                        // what to do instead
  std::string example_before;
  std::string example_after;
  bool enabled_by_default = true;
  Kind kind = Kind::kQuery;
  // When Dynamo breaks on the construct (rules/dynamo_settings.h): the torch versions (`torch =
  // ">=2.1,<2.6"`, "" = all), settings that must hold (`only_config`) and settings under which
  // Dynamo traces it instead (`unless_config`, e.g. "capture_scalar_outputs").
  std::string torch_range;
  std::vector<std::string> only_config;
  std::vector<std::string> unless_config;
  // The mechanical edit `gbreak lint --fix` may make for a finding (`autofix = ...`), made only
  // where it is mechanical (rules/fix_edit.h, rules/tensor_check_edit.h,
  // rules/tensor_select_edit.h):
  //  - "guard-eager": wrap the reported call's statement in
  //    `if not torch.compiler.is_compiling():`, so that only eager runs execute it;
  //  - "tensor-check": turn `assert cond, msg` / `if cond: raise E(msg)` on a tensor into
  //    `torch._assert_async(cond, msg)`, a check Dynamo puts in the graph;
  //  - "tensor-branch": for an `if` on a tensor, the tensor-check edit when its body only raises,
  //    and `torch.where` (rules/tensor_select_edit.h) when it only replaces a tensor by an
  //    elementwise function of itself.
  enum class Autofix { kNone, kGuardEager, kTensorCheck, kTensorBranch };
  Autofix autofix = Autofix::kNone;
  // Whether the edit keeps the program's behaviour (`fix_safety`, ruff's convention): unsafe
  // edits are made only with `--unsafe-fixes` and are otherwise a suggestion in words. Each kind
  // has the safety its measured behaviour gives it (rule_loader.cc refuses a safer declaration).
  FixSafety fix_safety = FixSafety::kSafe;

  std::string origin;        // where the TOML came from, e.g. "rules/print-call.toml"
  std::string query_origin;  // where the query came from, e.g. "queries/print-call.scm"
  std::string query_source;  // the query text ("" for builtin rules)
  // The query is one of the embedded catalog's, which the tests compile with tree-sitter
  // (catalog_test): start-up reads its outline without compiling it again (rules/query_outline.h
  // says why). Queries from --rules-dir are compiled once to check them.
  bool query_checked_in_tests = false;

  // What a finding of this rule predicts: a recompilation (category "recompiles"), gbreak's own
  // diagnostic (category "gbreak": syntax errors, encodings, suppressions), or a graph break.
  bool PredictsRecompile() const { return category == "recompiles"; }
  bool PredictsBreak() const { return category != "recompiles" && category != "gbreak"; }
};

}  // namespace gbreak

#endif  // GBREAK_RULES_RULE_H_
