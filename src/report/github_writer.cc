#include "report/github_writer.h"

#include <algorithm>
#include <filesystem>

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

// The path the runner can find in the checkout: relative to the repository root when the file
// is under it (symlinks resolved, as in SARIF), else absolute.
std::string RepositoryPath(const std::string& path, const GithubOptions& options) {
  namespace fs = std::filesystem;
  if (options.source_root.empty()) return path;
  fs::path p(path);
  if (p.is_relative()) p = fs::path(options.working_directory) / p;
  std::error_code error;
  fs::path canonical = fs::weakly_canonical(p, error);
  p = error ? p.lexically_normal() : canonical;
  fs::path root = fs::weakly_canonical(options.source_root, error);
  if (error) root = fs::path(options.source_root).lexically_normal();
  fs::path relative = p.lexically_relative(root);
  if (relative.empty() || *relative.begin() == "..") return p.generic_string();
  return relative.generic_string();
}

}  // namespace

std::string EscapeGithubData(std::string_view text) { return Escape(text, false); }
std::string EscapeGithubProperty(std::string_view text) { return Escape(text, true); }

std::string WriteGithub(const LintReport& report, const GithubOptions& options) {
  std::string out;
  for (const Finding& f : report.findings) {
    const Rule& rule = *f.rule;
    std::string path = RepositoryPath(f.path, options);
    int end_line = std::max(f.end.line, f.start.line);
    std::string title = absl::StrCat("gbreak (", rule.code, " ", rule.name, ")");
    // The message repeats the location so the raw log line reads well on its own too.
    std::string message =
        absl::StrCat(path, ":", f.start.line, ":", f.start.column, ": ", rule.code, " ",
                     f.message);
    absl::StrAppend(&out, "::", CommandName(rule.severity),
                    " title=", EscapeGithubProperty(title),
                    ",file=", EscapeGithubProperty(path), ",line=", f.start.line,
                    ",col=", f.start.column, ",endLine=", end_line,
                    ",endColumn=", std::max(f.end.column, 1),
                    "::", EscapeGithubData(message), "\n");
  }
  return out;
}

}  // namespace gbreak
