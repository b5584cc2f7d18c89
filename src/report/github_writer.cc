#include "report/github_writer.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace gbreak {
namespace {

const char* CommandName(Severity severity) {
  switch (severity) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kInfo: return "notice";
  }
  return "warning";
}

std::string Escape(std::string_view text, bool property) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out.push_back(c);
    }
  }
  return out;
}

}  // namespace

std::string EscapeGithubData(std::string_view text) { return Escape(text, false); }
std::string EscapeGithubProperty(std::string_view text) { return Escape(text, true); }

std::string WriteGithub(const LintReport& report) {
  std::string out;
  for (const Finding& f : report.findings) {
    const Rule& rule = *f.rule;
    int end_line = std::max(f.end.line, f.start.line);
    std::string title = absl::StrCat("gbreak (", rule.code, " ", rule.name, ")");
    // The message repeats the location so the raw log line reads well on its own too.
    std::string message =
        absl::StrCat(f.path, ":", f.start.line, ":", f.start.column, ": ", rule.code, " ",
                     f.message);
    absl::StrAppend(&out, "::", CommandName(rule.severity),
                    " title=", EscapeGithubProperty(title),
                    ",file=", EscapeGithubProperty(f.path), ",line=", f.start.line,
                    ",col=", f.start.column, ",endLine=", end_line,
                    ",endColumn=", std::max(f.end.column, 1),
                    "::", EscapeGithubData(message), "\n");
  }
  return out;
}

}  // namespace gbreak
