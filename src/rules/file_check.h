#ifndef GBREAK_RULES_FILE_CHECK_H_
#define GBREAK_RULES_FILE_CHECK_H_

#include <cstdint>
#include <string>
#include <vector>

#include <optional>

#include "absl/time/time.h"
#include "program/program_graph.h"
#include "rules/finding.h"
#include "rules/rule_engine.h"
#include "source/diagnostic.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

struct FileCheckOptions {
  uint64_t max_file_bytes = 10ull << 20;
  RegionOptions region;  // modes (--mode) and how reachability is settled
};

struct FileCheckResult {
  std::vector<Finding> findings;
  std::vector<Diagnostic> diagnostics;  // the file could not be read, or was skipped
  uint64_t bytes = 0;
  bool analyzed = false;
  absl::Duration parse_time;
  absl::Duration analysis_time;
  // The file's part of the program-wide call graph (when reachability is deferred).
  std::optional<ModuleSummary> summary;
};

// Checks one file end to end: read it once, check its encoding, parse it once, report syntax
// errors, run the rules, and drop the tree. One FileChecker per worker thread: it owns that
// worker's parser and query cursor, so memory stays at one tree per worker.
class FileChecker {
 public:
  FileChecker(const RuleEngine& engine, FileCheckOptions options);

  FileCheckResult Check(const std::string& path);

 private:
  void CheckEncoding(const SourceFile& source, FileCheckResult& result) const;
  void CheckSyntax(const SourceFile& source, TSNode root, FileCheckResult& result) const;

  const RuleEngine& engine_;
  FileCheckOptions options_;
  ParserPtr parser_;
  QueryCursorPtr cursor_;
};

}  // namespace gbreak

#endif  // GBREAK_RULES_FILE_CHECK_H_
