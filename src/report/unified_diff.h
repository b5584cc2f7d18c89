#ifndef GBREAK_REPORT_UNIFIED_DIFF_H_
#define GBREAK_REPORT_UNIFIED_DIFF_H_

#include <string>
#include <string_view>
#include <vector>

#include "rules/finding.h"

namespace gbreak {

// `text` with `edits` applied. The edits must be sorted by start, must not overlap, and must lie
// within `text` (the caller chose them: cli/fix_command.h).
std::string ApplyEdits(std::string_view text, const std::vector<TextEdit>& edits);

// What `edits` (as for ApplyEdits) do to the file `path` whose bytes are `text`, as a unified diff
// that `patch -p1` and `git apply` accept: `--- a/PATH` and `+++ b/PATH` (an absolute path is
// printed as it is), then `@@ -l,n +l,n @@` hunks with `context` lines of context around each
// change, hunks closer than that merged, and `\ No newline at end of file` where a file's last
// line has no line end. Lines keep their bytes, CR included. Empty when nothing changes.
std::string UnifiedDiff(std::string_view path, std::string_view text,
                        const std::vector<TextEdit>& edits, int context = 3);

}  // namespace gbreak

#endif  // GBREAK_REPORT_UNIFIED_DIFF_H_
