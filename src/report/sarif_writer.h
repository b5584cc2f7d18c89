#ifndef GBREAK_REPORT_SARIF_WRITER_H_
#define GBREAK_REPORT_SARIF_WRITER_H_

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "report/lint_report.h"

namespace gbreak {

// GitHub code scanning's hard limits per run (docs: "SARIF support for code scanning").
inline constexpr size_t kSarifMaxResults = 25000;
inline constexpr size_t kSarifMaxGzipBytes = 10 * 1024 * 1024;

// The project's home, SARIF's `tool.driver.informationUri`.
inline constexpr char kGbreakHomepage[] = "https://github.com/gbreak/gbreak";

struct SarifOptions {
  std::string tool_version;
  // Absolute directory the finding paths are relative to (where gbreak ran).
  std::string working_directory;
  // Absolute repository root: URIs are relative to it, under the base id %SRCROOT%. Files outside
  // it (site-packages) cannot be shown by code scanning.
  std::string source_root;
  // `automationDetails.id`: "category/" (run id left to the uploader) or "category/run-id".
  std::string automation_id = "gbreak/";
  // Reads a file (absolute path) for the line fingerprints; nullopt when it cannot.
  std::function<std::optional<std::string>(const std::string&)> read_file;
  size_t max_results = kSarifMaxResults;
  size_t max_gzip_bytes = kSarifMaxGzipBytes;
};

struct SarifOutput {
  std::string text;                   // the SARIF log, UTF-8 JSON
  std::vector<std::string> warnings;  // e.g. results dropped to stay within the limits
};

// The report as a SARIF 2.1.0 log for GitHub code scanning: one run, every rule that ran in
// `tool.driver.rules` with its documentation, one result per finding. Findings outside the
// repository are reported at the innermost in-repository frame of their call chain, with the
// library location in `relatedLocations` and the chain in `codeFlows`.
SarifOutput WriteSarif(const LintReport& report, const SarifOptions& options);

// The size of `text` once gzip-compressed (what code scanning's 10 MB limit applies to).
size_t GzipSize(const std::string& text);

}  // namespace gbreak

#endif  // GBREAK_REPORT_SARIF_WRITER_H_
