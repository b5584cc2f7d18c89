#ifndef GBREAK_CACHE_STAT_RECORDS_H_
#define GBREAK_CACHE_STAT_RECORDS_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "source/file_stat.h"

namespace gbreak {

// What the result cache records of the files it saw, so that a later run can trust a file's key
// from its stat alone (result_cache.h says when): the stat index, the stat rows a kept run
// carries, and the dependencies of an entry run. Encoded as MessagePack (written by
// nlohmann::json, read by MsgpackReader); bytes that do not decode are DataLoss, saying why.

// One file as a run saw it: its stat and dotted module name, the key of its bytes, and when
// those bytes were read.
struct StatRow {
  FileStat stat;
  std::string module;
  std::string key;  // a SHA-256 in hex
  int64_t read_ns = 0;
  bool operator==(const StatRow&) const = default;
};

// Rows are read by every warm run, so they are laid out to decode without a value per field: the
// numbers of all rows as one binary (five 8-byte values a row), the modules joined by newlines (a
// dotted name holds none), the keys back to back.
std::string EncodeStatRows(const std::vector<StatRow>& rows);
absl::StatusOr<std::vector<StatRow>> DecodeStatRows(std::string_view bytes);

// The stat index: rows by path.
std::string EncodeStatIndex(const std::map<std::string, StatRow>& index);
absl::StatusOr<std::map<std::string, StatRow>> DecodeStatIndex(std::string_view bytes);

// A path an entry run depends on, with its stat (none: it was not there).
struct Dependency {
  std::string path;
  std::optional<FileStat> stat;
  bool operator==(const Dependency&) const = default;
};
// Each of `paths` as the file system says now.
std::vector<Dependency> StatDependencies(const std::vector<std::string>& paths);
std::string EncodeDependencies(const std::vector<Dependency>& dependencies);
absl::StatusOr<std::vector<Dependency>> DecodeDependencies(std::string_view bytes);

}  // namespace gbreak

#endif  // GBREAK_CACHE_STAT_RECORDS_H_
