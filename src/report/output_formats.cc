#include "report/output_formats.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "report/concise_writer.h"
#include "report/github_writer.h"
#include "report/json_lines_writer.h"
#include "report/json_writer.h"
#include "report/markdown_writer.h"
#include "report/sarif_writer.h"
#include "report/text_writer.h"

namespace gbreak {

namespace fs = std::filesystem;

std::optional<std::string> ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return contents.str();
}

std::string FindSourceRoot(const std::string& start) {
  std::error_code error;
  fs::path dir = fs::absolute(start, error).lexically_normal();
  for (fs::path p = dir; !p.empty(); p = p.parent_path()) {
    if (fs::exists(p / ".git", error)) return p.generic_string();
    if (p == p.root_path()) break;
  }
  return dir.generic_string();
}

FormattedReport FormatReport(const LintReport& report, const std::string& format,
                             bool statistics, const std::string& tool_version) {
  FormattedReport out;
  if (format == "json") {
    out.text = WriteJson(report, tool_version);
  } else if (format == "json-lines") {
    out.text = WriteJsonLines(report);
  } else if (format == "concise") {
    out.text = WriteConcise(report);
  } else if (format == "github") {
    std::error_code error;
    GithubOptions options;
    options.working_directory = fs::current_path(error).generic_string();
    options.source_root = FindSourceRoot(options.working_directory);
    out.text = WriteGithub(report, options);
  } else if (format == "sarif") {
    std::error_code error;
    SarifOptions options;
    options.tool_version = tool_version;
    options.working_directory = fs::current_path(error).generic_string();
    options.source_root = FindSourceRoot(options.working_directory);
    options.read_file = ReadWholeFile;
    SarifOutput sarif = WriteSarif(report, options);
    out.text = std::move(sarif.text);
    out.warnings = std::move(sarif.warnings);
  } else if (format == "markdown") {
    MarkdownOptions options;
    options.tool_version = tool_version;
    options.read_file = ReadWholeFile;
    out.text = WriteMarkdown(report, options);
  } else if (statistics) {
    out.text = WriteStatistics(report);
  } else {
    out.text = WriteText(report);
  }
  return out;
}

}  // namespace gbreak
