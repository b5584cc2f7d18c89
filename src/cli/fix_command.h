#ifndef GBREAK_CLI_FIX_COMMAND_H_
#define GBREAK_CLI_FIX_COMMAND_H_

#include <string>
#include <vector>

#include "cli/lint_command.h"
#include "report/lint_report.h"
#include "rules/finding.h"

namespace gbreak {

// The edits `--fix` makes in one file, and the findings they fix.
struct FilePlan {
  std::string path;
  std::vector<TextEdit> edits;  // sorted by start, not overlapping
  std::vector<size_t> fixed;    // indexes into the findings
};

// Chooses the edits to make, file by file, from the findings that carry one (Finding::edit).
// Findings in libraries (origin other than "user") are never edited. When two edits overlap the
// first one (by position) wins and the other finding stays unfixed; an identical edit fixes
// both findings.
std::vector<FilePlan> PlanFixes(const std::vector<Finding>& findings);

// `gbreak lint --diff`: prints the edits as a unified diff (to `options.output_file`, default
// stdout) and changes no file; says "Would fix N findings in M files." on stderr. Returns the
// exit status: 1 when something can be fixed (0 with --exit-zero), 0 when nothing can, 2 when a
// file could not be read or `had_error` (an input diagnostic was already printed).
int ShowFixes(const LintReport& report, const LintOptions& options, bool had_error);

// Drops the unsafe edits (FixSafety::kUnsafe) of the findings, which keep the fix in words;
// returns how many of them were in user code (the ones --unsafe-fixes would make).
size_t DropUnsafeEdits(std::vector<Finding>& findings);

// Says on stderr that `hidden` unsafe fixes were left out and how to make them (nothing for 0).
void NoteHiddenFixes(size_t hidden);

// True when some finding carries an edit `--fix` would make.
bool HasFixes(const std::vector<Finding>& findings);

// `gbreak lint --fix`: makes the edits of `report`'s findings, rewriting each changed file
// atomically (source/atomic_file.h), then lints again without --fix, so that what remains is
// reported at its new lines, and says "Fixed N findings in M files." on stderr. A file that
// cannot be read or rewritten is left as it was and an error names it; the exit status is then
// 2. Otherwise it is the second run's.
int FixAndRelint(const LintReport& report, const LintOptions& options);

}  // namespace gbreak

#endif  // GBREAK_CLI_FIX_COMMAND_H_
