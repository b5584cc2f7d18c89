#ifndef GBREAK_CACHE_RESULT_CACHE_H_
#define GBREAK_CACHE_RESULT_CACHE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "program/module_names.h"
#include "cache/stat_records.h"
#include "rules/entry_file_store.h"
#include "rules/entry_scope.h"
#include "source/file_stat.h"
#include "rules/file_check.h"
#include "rules/reachability.h"
#include "rules/rule_engine.h"

namespace gbreak {

// The persistent result cache of whole-tree lint runs (`.gbreak_cache/`, docs/cache.md).
//
// What it keeps: per file, the result of FileChecker::Check (findings, diagnostics, the file's
// summary for the program-wide call graph), under a key that hashes everything that result
// depends on: the file's bytes, its path and dotted module name, and the run's fingerprint (the
// gbreak build, the rules with their queries, and the check options). In a whole-tree run a
// file's result depends on nothing else; what crosses files (which functions another file's
// entries reach) is settled after every file is checked, from every file's summary, cached or
// not (rules/reachability.h). So a changed helper changes its caller's findings exactly as
// without the cache, and a run re-analyzes only the files whose bytes changed.
//
// Reading every file to hash it would cost a warm run more than it saves, so a stat index
// (per fingerprint and working directory) remembers each path's size, mtime, ctime, inode and
// module name with the key its bytes had: when they are unchanged, and the file was not modified
// within a second of being read (the race git's index calls "racily clean"), the key is trusted
// without reading the file.
//
// Per set of files, it also keeps the last run's settled results with those index rows of its
// files: a run over the same files, none changed, compares the stats its discovery took with
// the rows and reads that one entry, without the index or any file's entry.
//
// Entries are written atomically (a temporary file renamed into place), so concurrent runs see
// whole entries or none; each carries its key, and each part its length and CRC-32 (the index
// too): one that does not check out is ignored with a warning and rewritten. The entries are kept
// under a size bound (GBREAK_CACHE_MAX_MB, 512 by default): the oldest go first.
//
// Entry runs use it twice over: their whole result is kept under the request (ReuseEntryRun), and
// when something they read changed, the halves of each file's check are kept and found again
// (EntryFileStore): a run after the user edited their script parses that script, and the
// library files only when what the program graph hands them changed.
class ResultCache : public EntryFileStore {
 public:
  // What everything but the file itself contributes to a key.
  static std::string RunFingerprint(const RuleEngine& engine, const FileCheckOptions& options);

  // Opens the cache in `dir` (created when missing, with a .gitignore and a CACHEDIR.TAG) for
  // runs with `fingerprint`. An error says why it cannot be used; the run goes on without it.
  static absl::StatusOr<std::unique_ptr<ResultCache>> Open(const std::string& dir,
                                                           std::string fingerprint,
                                                           const RuleEngine& engine,
                                                           uint64_t max_file_bytes);

  // The settled results of `files` (results[i] is files[i]'s) when the stat index vouches for
  // every file and a run over the same files and keys was kept; nothing otherwise. `stats`, when
  // not empty, are the files' stats as the caller took them (stats[i] is files[i]'s).
  std::optional<std::vector<FileCheckResult>> ReuseRun(const std::vector<std::string>& files,
                                                       const std::vector<FileStat>& stats,
                                                       int threads);

  // The result of checking `path`: read from the cache when its key is there (without its
  // summary, which Settle reads when needed), otherwise made by `checker` and stored. Safe to
  // call from several threads at once.
  FileCheckResult Check(FileChecker& checker, const std::string& path);

  // Settles reachability across `results` (results[i] is files[i]'s, from Check) as
  // SettleReachability does (with `disposal` for its graph), reading the summaries the cached
  // results left unread, and keeps the settled run. `recheck` checks a file again whose cached
  // summary turns out unreadable.
  void Settle(const std::vector<std::string>& files, std::vector<FileCheckResult>& results,
              int threads, const std::function<FileCheckResult(const std::string&)>& recheck,
              GraphDisposal disposal = GraphDisposal::kFree);

  // Entry runs (--entry) are kept whole, under a key of `request` (the run's entries, their
  // inputs and configuration, its search roots) and the working directory, with the stat of
  // every file the run read and of every directory it looked in for modules (EntryScopeResult::
  // depends_on). ReuseEntryRun returns the kept result while each of them is as it was, and
  // notes when the run starts; KeepEntryRun keeps `result` unless one of them changed after that
  // (or within the file system's timestamp granularity of it: its stat could not vouch for it).
  std::optional<EntryScopeResult> ReuseEntryRun(const std::string& request);
  void KeepEntryRun(const std::string& request, const EntryScopeResult& result);

  // EntryFileStore: entries under keys of the file's bytes (and of what Finish was handed), in
  // the same directory and size bound as the whole-tree run's. A file whose Finish is found
  // counts as read from the cache, one checked again as analyzed.
  std::optional<Source> Read(const std::string& path, const std::string& module) override;
  std::optional<FileCheckResult> Prepared(const std::string& key) override;
  void KeepPrepared(const std::string& key, const FileCheckResult& prepared) override;
  std::string FinishKey(const std::string& key,
                        const std::vector<std::pair<uint32_t, uint32_t>>& ranges,
                        const FileChecker::ProgramFacts& program) override;
  std::optional<FileCheckResult> Finished(const std::string& finish_key) override;
  void KeepFinished(const std::string& finish_key, const FileCheckResult& result) override;

  // Writes the stat index of this run's files and keeps the directory under its size bound.
  // Returns warnings to show (entries that were corrupt, writes that failed).
  std::vector<std::string> Finish();

  int hits() const { return hits_; }
  int misses() const { return misses_; }

 private:
  ResultCache(std::string dir, std::string fingerprint, const RuleEngine& engine,
              uint64_t max_file_bytes);
  // The hash of these settings' fingerprint and `parts` (each framed by its length): every key
  // and index name of the cache.
  std::string KeyOf(std::initializer_list<std::string_view> parts) const;
  // The key of a file's check: its bytes, path and module name. `kind` keeps an entry run's
  // halves ("entry script", "entry module") apart from a whole-tree run's checks ("file").
  std::string FileKey(std::string_view kind, const std::string& path, const std::string& module,
                      std::string_view bytes) const;
  std::string IndexPath() const;
  void LoadIndex();  // once, when a run first needs it (a kept run read back does not)
  void WriteIndex();
  // Whether `entry`'s key holds for a file that stats as `stat` in package module `module`: the
  // stat and module are as recorded, and the file was not modified too close to being read.
  static bool Vouches(const StatRow& entry, const FileStat& stat, const std::string& module);
  // The index's key for `path` when its stat and module vouch for it.
  std::optional<std::string> TrustedKey(const std::string& path, const FileStat& stat,
                                        const std::string& module);
  std::string EntryPath(const std::string& key) const;
  // Kept runs: under a key of the run's files, the index rows of the files as the run saw them
  // (part 0) and the settled results (part 1).
  std::string RunKey(const std::vector<std::string>& files) const;
  std::string RunPath(const std::string& key) const;
  std::optional<std::string> KeptResults(const std::string& key,
                                         const std::vector<StatRow>& rows);
  std::vector<std::string> FinishEntries();  // Finish's part after the index
  std::string EntryRunKey(const std::string& request) const;
  // A file's cached result without its summary.
  std::optional<FileCheckResult> Load(const std::string& key);
  void Store(const std::string& key, const FileCheckResult& result);
  void Write(const std::string& path, const std::string& bytes);
  void Warn(std::string warning);
  // Warns of the entry at `path` that did not read (`status`), unless it is missing; `then` says
  // what the run does instead.
  void WarnIfCorrupt(const std::string& path, const absl::Status& status,
                     std::string_view then = "");
  void ReadSummaries(const std::vector<std::string>& files, std::vector<FileCheckResult>& results,
                     int threads,
                     const std::function<FileCheckResult(const std::string&)>& recheck);
  void Prune();

  const std::string dir_;
  const std::string fingerprint_;
  const RuleEngine& engine_;
  const uint64_t max_file_bytes_;
  std::once_flag index_loaded_;
  std::map<std::string, StatRow> index_;  // as loaded; read-only while files are checked
  ModuleNames module_names_;  // the dotted module name of each file, asked once per directory

  std::mutex mutex_;  // guards what follows
  std::map<std::string, StatRow> seen_;       // this run's files
  std::map<std::string, std::string> unread_summaries_;  // path -> key of its entry (cache hits)
  std::vector<std::string> warnings_;
  bool write_failed_ = false;
  int hits_ = 0, misses_ = 0, stored_ = 0;
  uint64_t stored_bytes_ = 0;  // written by this run
  int64_t entry_run_started_ns_ = 0;
};

}  // namespace gbreak

#endif  // GBREAK_CACHE_RESULT_CACHE_H_
