#ifndef GBREAK_RULES_ENTRY_FILE_STORE_H_
#define GBREAK_RULES_ENTRY_FILE_STORE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/file_check.h"

namespace gbreak {

// Where an entry run (rules/entry_scope.h) finds the halves of a file's check that an earlier
// run made, so that a run after the user edited their own script parses only that script, not
// the site-packages files it reaches (cache/result_cache.h keeps them).
//
// The two halves are kept apart because they depend on different things. What
// FileChecker::Prepare finds (the file's summary for the call graph, its syntax and encoding
// diagnostics) depends on the file alone: it is kept under the file's key. What Finish finds
// depends on the file and on what the whole program's graph hands it (which of its functions
// are reached, which parameters hold their defaults, ...): it is kept under a key of both, so a
// changed script that changes nothing a library file is told reuses that file's findings, and
// one that does (a call passing a parameter it did not pass before) has it checked again.
class EntryFileStore {
 public:
  virtual ~EntryFileStore() = default;

  struct Source {
    std::string key;    // of the bytes, path, module name and the run's settings
    std::string bytes;  // kept for a Prepare after all (Finish not found), so read only once
  };
  // The file read and keyed; nothing when it cannot be read or is over the size limit (the
  // checker reads it then, and reports why).
  virtual std::optional<Source> Read(const std::string& path, const std::string& module) = 0;

  // Prepare's result (with its summary) under `key`, or nothing.
  virtual std::optional<FileCheckResult> Prepared(const std::string& key) = 0;
  virtual void KeepPrepared(const std::string& key, const FileCheckResult& prepared) = 0;

  // The key of Finish's result for the file keyed `key`, run within `ranges` (sorted) with
  // `program`.
  virtual std::string FinishKey(const std::string& key,
                                const std::vector<std::pair<uint32_t, uint32_t>>& ranges,
                                const FileChecker::ProgramFacts& program) = 0;
  // Finish's result under `finish_key`, or nothing.
  virtual std::optional<FileCheckResult> Finished(const std::string& finish_key) = 0;
  virtual void KeepFinished(const std::string& finish_key, const FileCheckResult& result) = 0;
};

}  // namespace gbreak

#endif  // GBREAK_RULES_ENTRY_FILE_STORE_H_
