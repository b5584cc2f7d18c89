#ifndef GBREAK_RULES_FILE_CHECK_H_
#define GBREAK_RULES_FILE_CHECK_H_

#include <cstdint>
#include <string>
#include <map>
#include <set>
#include <memory>
#include <utility>
#include <vector>

#include <optional>

#include "absl/time/time.h"
#include "program/program_graph.h"
#include "rules/finding.h"
#include "rules/rule_engine.h"
#include "source/diagnostic.h"
#include "analysis/file_facts.h"
#include "source/source_file.h"
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
  // Of the call sites ProgramFacts::call_sites asked about, those that run only under conditions
  // gbreak cannot decide (branch_conditions.h): start byte -> the conditions, joined by "and".
  std::map<uint32_t, std::string> call_conditions;
  // Of those sites, the ones Dynamo never reaches: in a branch that folds away once the program
  // facts are known (`if config.do_stable_layer_norm:` with the configuration's default False;
  // a field some code stores on a configuration does not fold, ProgramGraph::ConfigDefaults).
  std::set<uint32_t> calls_never_run;
};

// A file read, parsed and summarized, whose rules have not run yet (entry runs settle which of
// its functions are reached before running the rules on just those). Holds the tree.
struct PreparedFile;

// Checks one file end to end: read it once, check its encoding, parse it once, report syntax
// errors, run the rules, and drop the tree. One FileChecker per worker thread: it owns that
// worker's parser and query cursor, so memory stays at one tree per worker.
struct PreparedFile {
  FileCheckResult result;  // what Prepare found (read errors, encoding, syntax, summary)
  std::unique_ptr<SourceFile> source;
  TreePtr tree;
  std::unique_ptr<FileFacts> facts;
};

class FileChecker {
 public:
  FileChecker(const RuleEngine& engine, FileCheckOptions options);

  // `module` is the file's dotted module name when the caller knows it (it located the file on a
  // search path); otherwise it is derived from the packages the file sits in.
  FileCheckResult Check(const std::string& path, const std::string& module = "");
  // The same for a file the caller has read already (the result cache hashes its bytes first):
  // `bytes` are its contents, within the size limit.
  FileCheckResult CheckText(const std::string& path, const std::string& module,
                            std::string bytes);

  // The two halves of Check, for entry runs: Prepare reads, parses, checks encoding and syntax
  // and summarizes the file for the call graph; Finish runs the rules, only within `ranges`
  // (byte ranges) when given, with what the program-wide graph says of the file, and drops the
  // tree.
  struct ProgramFacts {
    // Parameters no call in the region passes: function start byte -> names.
    std::map<uint32_t, std::set<std::string>> defaulted;
    // Configuration class -> field -> its default (or the user's --config value).
    std::map<std::string, std::map<std::string, std::string>> config_defaults;
    // Parameters some reached call (in any module) passes a tensor: function start byte -> names.
    std::map<uint32_t, std::set<std::string>> tensor_passed;
    // Optional inputs of entries whose call is unknown: function start byte -> names.
    std::map<uint32_t, std::set<std::string>> unknown_inputs;
    // Functions whose calls the program graph saw in every module (function start bytes): the
    // calls in their own file are not all there are, so they alone do not fold a parameter.
    std::set<uint32_t> calls_known;
    // Of those, the functions every reached call of which is in their own file: that file's
    // calls of them are all the calls there are (TruthCache::CallsHere).
    std::set<uint32_t> calls_here;
    // Reached call sites (their bytes), and the constructors that built the submodules some of
    // them call (CallSite::built_start): whether they never run, or else their undecided
    // conditions.
    std::vector<std::pair<uint32_t, uint32_t>> call_sites;
    // The modules the reached functions' imports hand out that replace themselves in
    // sys.modules (FileFacts::SetReplacedImports); unset: not decided.
    std::optional<std::set<std::string>> replaced_imports;
  };
  std::unique_ptr<PreparedFile> Prepare(const std::string& path, const std::string& module);
  std::unique_ptr<PreparedFile> PrepareText(const std::string& path, const std::string& module,
                                            std::string bytes);
  FileCheckResult Finish(PreparedFile& file,
                         const std::vector<std::pair<uint32_t, uint32_t>>* ranges,
                         ProgramFacts program = {});

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
