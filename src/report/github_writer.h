#ifndef GBREAK_REPORT_GITHUB_WRITER_H_
#define GBREAK_REPORT_GITHUB_WRITER_H_

#include <string>
#include <string_view>

#include "report/lint_report.h"

namespace gbreak {

// GitHub Actions workflow commands, one per finding, which the runner turns into annotations on
// the pull request's diff:
//   ::warning title=gbreak (SE001 print-call),file=a.py,line=3,col=9,endLine=3,endColumn=14::msg
// Errors use `::error`, info-severity rules `::notice`.
struct GithubOptions {
  // Absolute directory the finding paths are relative to (where gbreak ran).
  std::string working_directory;
  // Absolute repository root (FindSourceRoot): the runner resolves `file=` against the
  // checkout, so paths under the root are written relative to it, whatever directory gbreak ran
  // in; paths outside it stay absolute. Empty: paths are written as the findings carry them.
  std::string source_root;
};
std::string WriteGithub(const LintReport& report, const GithubOptions& options = {});

// Workflow-command escaping (actions/toolkit's command.ts): the message escapes %, CR and LF;
// property values also escape ':' and ','.
std::string EscapeGithubData(std::string_view text);
std::string EscapeGithubProperty(std::string_view text);

}  // namespace gbreak

#endif  // GBREAK_REPORT_GITHUB_WRITER_H_
