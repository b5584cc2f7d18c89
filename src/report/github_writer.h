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
std::string WriteGithub(const LintReport& report);

// Workflow-command escaping (actions/toolkit's command.ts): the message escapes %, CR and LF;
// property values also escape ':' and ','.
std::string EscapeGithubData(std::string_view text);
std::string EscapeGithubProperty(std::string_view text);

}  // namespace gbreak

#endif  // GBREAK_REPORT_GITHUB_WRITER_H_
