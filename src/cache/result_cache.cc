#include "cache/result_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <tuple>
#include <stdexcept>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cache/entry_file.h"
#include "cache/result_codec.h"
#include "cache/stat_records.h"
#include "program/program_graph.h"
#include "rules/reachability.h"
#include "source/absl_compat.h"
#include "source/atomic_file.h"
#include "source/file_reader.h"
#include "source/file_stat.h"
#include "source/parallel_for.h"
#include "source/sha256.h"

namespace gbreak {
namespace {

// The layout of entries and of the index (result_codec.cc's field order included): bump it when
// either changes, so no run reads what an older layout wrote.
constexpr std::string_view kFormatVersion = "gbreak-cache 11";
constexpr uint64_t kDefaultMaxMegabytes = 512;
// A file whose mtime or ctime is this close to when it was read may have changed again within
// the file system's timestamp granularity without its stat changing: its key is not trusted.
constexpr int64_t kRacyNanoseconds = 1'000'000'000;

// Adds one part of a key, framed by its length, so ("ab", "c") and ("a", "bc") hash differently.
void AddPart(Sha256& hash, std::string_view bytes) {
  hash.Update(absl::StrCat(bytes.size(), ":"));
  hash.Update(bytes);
}

int64_t NowNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The running binary, by size and modification time: a rebuilt gbreak (same version number,
// different code) must not read what the previous build stored.
std::string BinaryIdentity() {
  struct stat info;
  if (stat("/proc/self/exe", &info) != 0) return "unknown";
  return absl::StrCat(info.st_size, ":", FileStat::Of(info).mtime_ns);
}

// Creates `path` with `bytes` unless it exists (the cache's .gitignore and CACHEDIR.TAG).
void CreateOnce(const std::string& path, std::string_view bytes) {
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return;
  ssize_t written = write(fd, bytes.data(), bytes.size());
  (void)written;
  close(fd);
}

uint64_t MaxCacheBytes() {
  uint64_t megabytes = kDefaultMaxMegabytes;
  if (const char* value = std::getenv("GBREAK_CACHE_MAX_MB")) {
    uint64_t parsed = 0;
    if (absl::SimpleAtoi(value, &parsed)) megabytes = parsed;
  }
  return megabytes << 20;
}

}  // namespace

std::string ResultCache::RunFingerprint(const RuleEngine& engine,
                                        const FileCheckOptions& options) {
  Sha256 hash;
  AddPart(hash, kFormatVersion);
  AddPart(hash, GBREAK_VERSION);
  AddPart(hash, BinaryIdentity());
  const RegionOptions& region = options.region;
  AddPart(hash, absl::StrCat(options.max_file_bytes, ",", region.eval, region.train,
                        region.defer_reachability, region.reduced_precision,
                        region.note_tensor_arguments));
  // Everything of a rule that can change what a check finds or writes into a finding.
  for (const Rule& rule : engine.rules()) {
    AddPart(hash, rule.code);
    AddPart(hash, rule.name);
    AddPart(hash, rule.category);
    AddPart(hash, rule.message);
    AddPart(hash, rule.fix);
    AddPart(hash, absl::StrCat(static_cast<int>(rule.severity), static_cast<int>(rule.confidence),
                          static_cast<int>(rule.kind), static_cast<int>(rule.autofix),
                          static_cast<int>(rule.fix_safety)));
    for (const std::string& p : rule.predicates) AddPart(hash, p);
    AddPart(hash, rule.query_source);
  }
  return hash.Hex();
}

absl::StatusOr<std::unique_ptr<ResultCache>> ResultCache::Open(const std::string& dir,
                                                               std::string fingerprint,
                                                               const RuleEngine& engine,
                                                               uint64_t max_file_bytes) {
  std::error_code error;
  std::filesystem::create_directories(std::filesystem::path(dir) / "entries", error);
  if (!error) std::filesystem::create_directories(std::filesystem::path(dir) / "index", error);
  if (error) {
    return absl::UnavailableError(
        absl::StrCat("cannot create the cache directory ", dir, ": ", error.message()));
  }
  if (access(dir.c_str(), W_OK) != 0) {
    return absl::PermissionDeniedError(absl::StrCat("cannot write the cache directory ", dir));
  }
  // As ruff does: git ignores the cache, and backup tools know it can be rebuilt.
  CreateOnce(dir + "/.gitignore", "# Created by gbreak: its result cache.\n*\n");
  CreateOnce(dir + "/CACHEDIR.TAG",
             "Signature: 8a477f597d28d172789f06886806bc55\n"
             "# This file is a cache directory tag created by gbreak.\n");
  auto cache = std::unique_ptr<ResultCache>(
      new ResultCache(dir, std::move(fingerprint), engine, max_file_bytes));
  return cache;
}

ResultCache::ResultCache(std::string dir, std::string fingerprint, const RuleEngine& engine,
                         uint64_t max_file_bytes)
    : dir_(std::move(dir)),
      fingerprint_(std::move(fingerprint)),
      engine_(engine),
      max_file_bytes_(max_file_bytes) {}

std::string ResultCache::KeyOf(std::initializer_list<std::string_view> parts) const {
  Sha256 hash;
  AddPart(hash, fingerprint_);
  for (std::string_view part : parts) AddPart(hash, part);
  return hash.Hex();
}

std::string ResultCache::FileKey(std::string_view kind, const std::string& path,
                                 const std::string& module, std::string_view bytes) const {
  return KeyOf({kind, path, module, bytes});
}

// One index per fingerprint and working directory: paths are keyed as the run names them.
std::string ResultCache::IndexPath() const {
  std::error_code error;
  return absl::StrCat(dir_, "/index/",
                      KeyOf({std::filesystem::current_path(error).string()}).substr(0, 24));
}

void ResultCache::LoadIndex() {
  absl::StatusOr<EntryFile> entry = EntryFile::Open(IndexPath(), "index", 1);
  absl::StatusOr<std::string> bytes = entry.ok() ? entry->ReadPart(0) : entry.status();
  if (absl::IsNotFound(bytes.status())) return;
  absl::StatusOr<std::map<std::string, StatRow>> index =
      bytes.ok() ? DecodeStatIndex(*bytes) : bytes.status();
  if (index.ok()) {
    index_ = *std::move(index);
  } else {
    Warn(absl::StrCat("ignoring a corrupt cache index ", IndexPath(), " (",
                      index.status().message(), ")"));
  }
}

void ResultCache::WriteIndex() {
  absl::Status written =
      WriteFileReplacing(IndexPath(), FrameEntry("index", {EncodeStatIndex(index_)}));
  if (!written.ok()) {
    warnings_.push_back(
        absl::StrCat("cannot write the cache index ", IndexPath(), ": ", written.message()));
  }
}

bool ResultCache::Vouches(const StatRow& entry, const FileStat& stat,
                          const std::string& module) {
  bool racy = std::max(stat.mtime_ns, stat.ctime_ns) + kRacyNanoseconds >= entry.read_ns;
  return entry.stat == stat && entry.module == module && !racy;
}

std::optional<std::string> ResultCache::TrustedKey(const std::string& path, const FileStat& stat,
                                                   const std::string& module) {
  std::call_once(index_loaded_, [this] { LoadIndex(); });
  auto known = index_.find(path);
  if (known == index_.end() || !Vouches(known->second, stat, module)) return std::nullopt;
  return known->second.key;
}

std::string ResultCache::EntryPath(const std::string& key) const {
  return absl::StrCat(dir_, "/entries/", key.substr(0, 2), "/", key);
}

namespace {

// A file entry's second part: the file's summary, or none (empty: the file did not parse).
absl::StatusOr<std::optional<ModuleSummary>> DecodeOptionalSummary(std::string_view bytes) {
  if (bytes.empty()) return std::nullopt;
  absl::StatusOr<ModuleSummary> decoded = DecodeSummary(bytes);
  if (!decoded.ok()) return decoded.status();
  return *std::move(decoded);
}

// Part `part` of the entry at `path` (which must hold `key`'s `parts` parts), decoded by `decode`.
template <typename T, typename Decode>
absl::StatusOr<T> ReadEntryPart(const std::string& path, const std::string& key, size_t parts,
                                size_t part, Decode decode) {
  absl::StatusOr<EntryFile> entry = EntryFile::Open(path, key, parts);
  if (!entry.ok()) return entry.status();
  return entry->DecodePart(part, decode);
}

}  // namespace

std::optional<FileCheckResult> ResultCache::Load(const std::string& key) {
  std::string path = EntryPath(key);
  absl::StatusOr<FileCheckResult> result = ReadEntryPart<FileCheckResult>(
      path, key, 2, 0, [&](std::string_view bytes) { return DecodeCheckResult(bytes, engine_); });
  if (result.ok()) return *std::move(result);
  WarnIfCorrupt(path, result.status(), "; analyzing the file again");
  return std::nullopt;
}

void ResultCache::Write(const std::string& path, const std::string& bytes) {
  std::error_code error;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), error);
  absl::Status written = WriteFileReplacing(path, bytes);
  std::lock_guard<std::mutex> lock(mutex_);
  if (written.ok()) {
    ++stored_;
    stored_bytes_ += bytes.size();
  } else if (!write_failed_) {  // one warning is enough: the next ones say the same
    write_failed_ = true;
    warnings_.push_back(absl::StrCat("cannot write the cache entry ", path, ": ",
                                     written.message()));
  }
}

void ResultCache::Store(const std::string& key, const FileCheckResult& result) {
  EncodedResult encoded = EncodeCheckResult(result);
  Write(EntryPath(key), FrameEntry(key, {encoded.found, encoded.summary}));
}

// A missing entry is no news (never stored, or pruned); one that is there and does not read is.
void ResultCache::WarnIfCorrupt(const std::string& path, const absl::Status& status,
                                std::string_view then) {
  if (absl::IsNotFound(status)) return;
  Warn(absl::StrCat("ignoring a corrupt cache entry ", path, " (", status.message(), ")",
                    std::string(then)));
}

void ResultCache::Warn(std::string warning) {
  std::lock_guard<std::mutex> lock(mutex_);
  warnings_.push_back(std::move(warning));
}

// One kept run per set of files, as the run names them from its working directory.
std::string ResultCache::RunKey(const std::vector<std::string>& files) const {
  Sha256 hash;
  AddPart(hash, fingerprint_);
  AddPart(hash, "run");
  std::error_code error;
  AddPart(hash, std::filesystem::current_path(error).string());  // the paths may be relative
  for (const std::string& file : files) AddPart(hash, file);
  return hash.Hex();
}

std::string ResultCache::RunPath(const std::string& key) const {
  return absl::StrCat(dir_, "/entries/runs/", key);
}

std::optional<std::vector<FileCheckResult>> ResultCache::ReuseRun(
    const std::vector<std::string>& files, const std::vector<FileStat>& stats, int threads) {
  std::string key = RunKey(files);
  std::string path = RunPath(key);
  auto corrupt = [&](const absl::Status& status) -> std::optional<std::vector<FileCheckResult>> {
    WarnIfCorrupt(path, status);
    return std::nullopt;
  };
  absl::StatusOr<EntryFile> entry = EntryFile::Open(path, key, 2);
  if (!entry.ok()) return corrupt(entry.status());
  absl::StatusOr<std::vector<StatRow>> rows = entry->DecodePart(0, DecodeStatRows);
  if (!rows.ok()) return corrupt(rows.status());
  if (rows->size() != files.size()) return std::nullopt;
  bool stats_given = stats.size() == files.size();
  for (size_t i = 0; i < files.size(); ++i) {
    absl::StatusOr<FileStat> stat = stats_given ? stats[i] : StatFile(files[i]);
    if (!stat.ok() || !Vouches((*rows)[i], *stat, module_names_.ModuleOf(files[i]))) {
      return std::nullopt;
    }
  }
  absl::StatusOr<std::vector<FileCheckResult>> results = entry->DecodePart(
      1, [&](std::string_view bytes) { return DecodeSettledRun(bytes, engine_, threads); });
  if (!results.ok()) return corrupt(results.status());
  if (results->size() != files.size()) return std::nullopt;
  hits_ = static_cast<int>(files.size());
  return *std::move(results);
}

std::string ResultCache::EntryRunKey(const std::string& request) const {
  std::error_code error;
  // The request's paths are relative.
  return KeyOf({"entry run", std::filesystem::current_path(error).string(), request});
}

namespace {

// The paths an entry run's result depends on: the files it parsed and the rest it looked at.
std::vector<std::string> DependenciesOf(const EntryScopeResult& result) {
  std::vector<std::string> paths = result.files;
  paths.insert(paths.end(), result.depends_on.begin(), result.depends_on.end());
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  return paths;
}

}  // namespace

std::optional<EntryScopeResult> ResultCache::ReuseEntryRun(const std::string& request) {
  entry_run_started_ns_ = NowNanoseconds();
  std::string key = EntryRunKey(request);
  std::string path = absl::StrCat(dir_, "/entries/entry-runs/", key);
  auto corrupt = [&](const absl::Status& status) -> std::optional<EntryScopeResult> {
    WarnIfCorrupt(path, status);
    return std::nullopt;
  };
  absl::StatusOr<EntryFile> entry = EntryFile::Open(path, key, 2);
  if (!entry.ok()) return corrupt(entry.status());
  absl::StatusOr<std::vector<Dependency>> kept = entry->DecodePart(0, DecodeDependencies);
  if (!kept.ok()) return corrupt(kept.status());
  std::vector<std::string> paths;
  for (const Dependency& dependency : *kept) paths.push_back(dependency.path);
  // Anything changed, added or removed since: the run is made again (and kept again).
  if (StatDependencies(paths) != *kept) return std::nullopt;
  absl::StatusOr<EntryScopeResult> result = entry->DecodePart(
      1, [&](std::string_view bytes) { return DecodeEntryResult(bytes, engine_); });
  if (!result.ok()) return corrupt(result.status());
  hits_ = static_cast<int>(result->files.size());
  return *std::move(result);
}

void ResultCache::KeepEntryRun(const std::string& request, const EntryScopeResult& result) {
  std::vector<std::string> paths = DependenciesOf(result);
  std::vector<Dependency> dependencies = StatDependencies(paths);
  for (const Dependency& dependency : dependencies) {
    // Changed while the run read it, or too recently for its stat to tell a later change.
    if (dependency.stat.has_value() &&
        std::max(dependency.stat->mtime_ns, dependency.stat->ctime_ns) >=
            entry_run_started_ns_ - kRacyNanoseconds) {
      return;
    }
  }
  std::string key = EntryRunKey(request);
  Write(absl::StrCat(dir_, "/entries/entry-runs/", key),
        FrameEntry(key, {EncodeDependencies(dependencies), EncodeEntryResult(result)}));
}

std::optional<EntryFileStore::Source> ResultCache::Read(const std::string& path,
                                                        const std::string& module) {
  // A script's module name comes from the packages it sits in, which its bytes do not say.
  const std::string& named = module.empty() ? module_names_.ModuleOf(path) : module;
  absl::StatusOr<std::string> bytes = ReadFileBytes(path, max_file_bytes_);
  if (!bytes.ok()) return std::nullopt;
  std::string key = FileKey(module.empty() ? "entry script" : "entry module", path, named, *bytes);
  return Source{std::move(key), *std::move(bytes)};
}

std::optional<FileCheckResult> ResultCache::Prepared(const std::string& key) {
  std::string path = EntryPath(key);
  absl::StatusOr<FileCheckResult> result = [&]() -> absl::StatusOr<FileCheckResult> {
    absl::StatusOr<EntryFile> entry = EntryFile::Open(path, key, 2);
    if (!entry.ok()) return entry.status();
    absl::StatusOr<FileCheckResult> result = entry->DecodePart(
        0, [&](std::string_view bytes) { return DecodeCheckResult(bytes, engine_); });
    if (!result.ok()) return result;
    absl::StatusOr<std::optional<ModuleSummary>> summary = entry->DecodePart(1, DecodeOptionalSummary);
    if (!summary.ok()) return summary.status();
    result->summary = *std::move(summary);
    return result;
  }();
  if (result.ok()) return *std::move(result);
  WarnIfCorrupt(path, result.status(), "; parsing the file again");
  return std::nullopt;
}

void ResultCache::KeepPrepared(const std::string& key, const FileCheckResult& prepared) {
  Store(key, prepared);
}

std::string ResultCache::FinishKey(const std::string& key,
                                   const std::vector<std::pair<uint32_t, uint32_t>>& ranges,
                                   const FileChecker::ProgramFacts& program) {
  Sha256 hash;
  AddPart(hash, key);
  AddPart(hash, "finished with");
  AddPart(hash, EncodeFinishInputs(ranges, program));
  return hash.Hex();
}

std::optional<FileCheckResult> ResultCache::Finished(const std::string& finish_key) {
  std::optional<FileCheckResult> result = Load(finish_key);
  if (result.has_value()) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++hits_;
  }
  return result;
}

void ResultCache::KeepFinished(const std::string& finish_key, const FileCheckResult& result) {
  Store(finish_key, result);
  std::lock_guard<std::mutex> lock(mutex_);
  ++misses_;
}

FileCheckResult ResultCache::Check(FileChecker& checker, const std::string& path) {
  std::string module = module_names_.ModuleOf(path);
  absl::StatusOr<FileStat> stat = StatFile(path);
  // Unreadable and oversized files are not cached: the checker reports them every run.
  if (!stat.ok() || stat->size > max_file_bytes_) return checker.Check(path, module);
  StatRow entry{*stat, module, "", 0};
  std::optional<FileCheckResult> result;
  if (std::optional<std::string> key = TrustedKey(path, *stat, module)) {
    result = Load(*key);
    if (result.has_value()) entry = index_.at(path);
  }
  if (!result.has_value()) {
    entry.read_ns = NowNanoseconds();
    absl::StatusOr<std::string> bytes = ReadFileBytes(path, max_file_bytes_);
    if (!bytes.ok()) return checker.Check(path, module);
    entry.key = FileKey("file", path, module, *bytes);
    result = Load(entry.key);  // a file touched, or changed back, is found by its bytes
    if (!result.has_value()) {
      FileCheckResult checked = checker.CheckText(path, module, *std::move(bytes));
      Store(entry.key, checked);
      std::lock_guard<std::mutex> lock(mutex_);
      seen_[path] = std::move(entry);
      ++misses_;
      return checked;
    }
  }
  std::lock_guard<std::mutex> lock(mutex_);
  unread_summaries_[path] = entry.key;
  seen_[path] = std::move(entry);
  ++hits_;
  return *std::move(result);
}

void ResultCache::Settle(const std::vector<std::string>& files,
                         std::vector<FileCheckResult>& results, int threads,
                         const std::function<FileCheckResult(const std::string&)>& recheck,
                         GraphDisposal disposal) {
  // A run is kept only when every file has a key: an unreadable file's diagnostic is made anew.
  std::vector<StatRow> rows;
  for (const std::string& file : files) {
    auto it = seen_.find(file);
    if (it != seen_.end()) rows.push_back(it->second);
  }
  bool keyed = rows.size() == files.size();
  std::string key = keyed ? RunKey(files) : "";
  if (keyed) {
    // The same files with the same bytes (touched, or changed and changed back): the kept
    // results hold, and are kept again with the rows of this run, which the next run compares.
    if (std::optional<std::string> kept = KeptResults(key, rows)) {
      absl::StatusOr<std::vector<FileCheckResult>> decoded =
          DecodeSettledRun(*kept, engine_, threads);
      if (decoded.ok() && decoded->size() == results.size()) {
        results = *std::move(decoded);
        unread_summaries_.clear();
        Write(RunPath(key), FrameEntry(key, {EncodeStatRows(rows), *kept}));
        return;
      }
    }
  }
  ReadSummaries(files, results, threads, recheck);
  SettleReachability(results, disposal);
  if (keyed) {
    Write(RunPath(key), FrameEntry(key, {EncodeStatRows(rows), EncodeSettledRun(results)}));
  }
}

// The encoded results of the run kept under `key` when its files had the keys `rows` have.
std::optional<std::string> ResultCache::KeptResults(const std::string& key,
                                                    const std::vector<StatRow>& rows) {
  std::string path = RunPath(key);
  absl::StatusOr<EntryFile> entry = EntryFile::Open(path, key, 2);
  absl::StatusOr<std::vector<StatRow>> kept_rows =
      entry.ok() ? entry->DecodePart(0, DecodeStatRows) : entry.status();
  absl::StatusOr<std::string> results = kept_rows.ok() ? entry->ReadPart(1) : kept_rows.status();
  if (!results.ok()) {
    WarnIfCorrupt(path, results.status());
    return std::nullopt;
  }
  if (kept_rows->size() != rows.size()) return std::nullopt;
  for (size_t i = 0; i < rows.size(); ++i) {
    if ((*kept_rows)[i].key != rows[i].key) return std::nullopt;
  }
  return *std::move(results);
}

// Decodes the summaries of the files read from the cache, in parallel (they are most of what an
// entry holds). A summary that does not decode has its file checked again, and stored again.
void ResultCache::ReadSummaries(
    const std::vector<std::string>& files, std::vector<FileCheckResult>& results, int threads,
    const std::function<FileCheckResult(const std::string&)>& recheck) {
  ParallelFor(files.size(), threads, [&](size_t, size_t item) {
    auto it = unread_summaries_.find(files[item]);
    if (it == unread_summaries_.end()) return;
    const std::string& key = it->second;
    std::string path = EntryPath(key);
    absl::StatusOr<std::optional<ModuleSummary>> summary =
        ReadEntryPart<std::optional<ModuleSummary>>(path, key, 2, 1, DecodeOptionalSummary);
    if (summary.ok()) {
      results[item].summary = *std::move(summary);
      return;
    }
    // Damaged, or removed since (another run pruned the cache).
    WarnIfCorrupt(path, summary.status(), absl::StrCat("; analyzing ", files[item], " again"));
    results[item] = recheck(files[item]);
    Store(key, results[item]);
    std::lock_guard<std::mutex> lock(mutex_);
    --hits_;
    ++misses_;
  });
  unread_summaries_.clear();
}

std::vector<std::string> ResultCache::Finish() {
  // The index keeps the paths of earlier runs too (a pre-commit run names a few files of a tree
  // a full run indexed), up to a bound.
  constexpr size_t kMaxIndexEntries = 200'000;
  if (seen_.empty()) return FinishEntries();  // a kept run read back changes no index row
  std::call_once(index_loaded_, [this] { LoadIndex(); });
  bool changed = false;
  for (auto& [path, entry] : seen_) {
    auto it = index_.find(path);
    if (it == index_.end() || !(it->second == entry)) {
      changed = true;
      index_[path] = entry;
    }
  }
  if (index_.size() > kMaxIndexEntries) {
    changed = true;
    for (auto it = index_.begin(); it != index_.end() && index_.size() > kMaxIndexEntries;) {
      it = seen_.contains(it->first) ? std::next(it) : index_.erase(it);
    }
  }
  if (changed) WriteIndex();
  return FinishEntries();
}

std::vector<std::string> ResultCache::FinishEntries() {
  if (stored_ > 0) Prune();
  return std::move(warnings_);
}

namespace {

// Runs that may add to the size ledger before one walks the entries again: concurrent runs can
// lose each other's additions (each rewrites the ledger whole), so the total drifts low at most
// this many runs' worth.
constexpr int kRunsBetweenWalks = 64;
constexpr std::string_view kLedgerHeader = "gbreak-cache-size 1\n";

struct SizeLedger {
  uint64_t bytes = 0;  // of the entries, at the last walk and as runs added since
  int runs = 0;        // runs that added since the last walk
};

std::optional<SizeLedger> ReadLedger(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFileBytes(path, 256);
  if (!text.ok() || !text->starts_with(kLedgerHeader)) return std::nullopt;
  std::vector<std::string> fields = absl::StrSplit(
      text->substr(kLedgerHeader.size()), absl::ByAnyChar(" \n"), absl::SkipEmpty());
  SizeLedger ledger;
  if (fields.size() != 2 || !absl::SimpleAtoi(fields[0], &ledger.bytes) ||
      !absl::SimpleAtoi(fields[1], &ledger.runs)) {
    return std::nullopt;
  }
  return ledger;
}

}  // namespace

// Keeps the entries under the bound. Totalling them takes a stat call per entry (6,000 for
// transformers, and more as the cache grows: a pre-commit run that stored one file's entry paid
// for all of them), so a ledger beside the entries keeps their total as of the last walk plus
// what runs wrote since (rewrites counted again: the total errs high). A walk happens when the
// ledger says the bound may be passed, is missing or does not read, or has gone unchecked for
// kRunsBetweenWalks runs; it removes the oldest entries down to three quarters of the bound (so
// that the next runs do not prune again at once) and writes the ledger afresh.
void ResultCache::Prune() {
  uint64_t limit = MaxCacheBytes();
  std::string ledger_path = dir_ + "/size";
  auto write_ledger = [&](const SizeLedger& ledger) {
    (void)WriteFileReplacing(ledger_path, absl::StrCat(std::string(kLedgerHeader), ledger.bytes,
                                                       " ", ledger.runs, "\n"));
  };
  std::optional<SizeLedger> ledger = ReadLedger(ledger_path);
  if (ledger.has_value() && ledger->runs < kRunsBetweenWalks &&
      ledger->bytes + stored_bytes_ <= limit) {
    write_ledger({ledger->bytes + stored_bytes_, ledger->runs + 1});
    return;
  }
  std::vector<std::tuple<int64_t, uint64_t, std::string>> entries;  // mtime, size, path
  uint64_t total = 0;
  std::error_code error;
  for (auto it = std::filesystem::recursive_directory_iterator(dir_ + "/entries", error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    struct stat info;
    if (!it->is_regular_file(error) || stat(it->path().c_str(), &info) != 0) continue;
    entries.emplace_back(FileStat::Of(info).mtime_ns, info.st_size, it->path().string());
    total += static_cast<uint64_t>(info.st_size);
  }
  if (total > limit) {
    std::sort(entries.begin(), entries.end());
    for (const auto& [mtime, size, path] : entries) {
      if (total <= limit / 4 * 3) break;
      if (unlink(path.c_str()) == 0) total -= size;
    }
  }
  write_ledger({total, 0});
}

}  // namespace gbreak
