#ifndef GBREAK_RULES_SUPPRESSION_H_
#define GBREAK_RULES_SUPPRESSION_H_

// Suppression comments, in the conventions ruff users know:
//   x = t.item()  # noqa: CV001            this line, these codes (other tools' codes are ignored)
//   x = t.item()  # noqa                   this line, every gbreak code
//   x = t.item()  # gbreak: ignore[CV001]  this line, these codes
//   x = t.item()  # gbreak: ignore         this line, every code
//   # gbreak: noqa                         (a line of its own) the whole file
//   # gbreak: noqa: SE001, SE002           (a line of its own) these codes in the whole file
// A finding is suppressed by a comment on its first or its last line. Comments are found by line
// number in the source text (a `#` that the tree says starts a comment), never through the tree's
// parent links: tree-sitter attaches trailing comments to odd parents.
//
// Suppressions that suppress nothing are reported as GX100 unused-suppression (when that rule is
// selected), but only for gbreak's own codes of rules that ran, and never for a bare `# noqa`,
// which other linters share.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/finding.h"
#include "rules/rule_engine.h"
#include "source/source_file.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

struct SuppressionComment {
  int line = 0;             // 1-based line the comment is on
  uint32_t start = 0;       // byte offsets (into SourceFile::text()) of the directive
  uint32_t end = 0;
  bool gbreak_form = false;  // `# gbreak: ...` rather than `# noqa`
  bool file_level = false;   // `# gbreak: noqa` on a line of its own
  std::vector<std::string> codes;  // empty: every code
};

// Every suppression comment of a file. `root` may be a null node (then every `#` outside a
// line's string literals is trusted as a comment start).
std::vector<SuppressionComment> FindSuppressions(std::string_view text, TSNode root);

// Drops the suppressed findings of one file and appends GX100 findings for the suppressions that
// suppressed nothing (when `engine` has GX100 selected).
void ApplySuppressions(const SourceFile& source, TSNode root, const RuleEngine& engine,
                       std::vector<Finding>* findings);

}  // namespace gbreak

#endif  // GBREAK_RULES_SUPPRESSION_H_
