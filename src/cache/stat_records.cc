#include "cache/stat_records.h"

#include <cstdint>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "cache/msgpack_reader.h"
#include "nlohmann/json.hpp"

namespace gbreak {
namespace {

using nlohmann::json;

constexpr size_t kKeyLength = 64;  // a SHA-256 in hex
constexpr size_t kNumbersPerRow = 5;

std::string ToMsgpack(const json& value) {
  std::vector<std::uint8_t> bytes = json::to_msgpack(value);
  return std::string(bytes.begin(), bytes.end());
}

json RowsValue(const std::vector<const StatRow*>& rows) {
  std::vector<std::uint8_t> numbers(rows.size() * kNumbersPerRow * sizeof(int64_t));
  std::string modules, keys;
  for (size_t i = 0; i < rows.size(); ++i) {
    const StatRow& row = *rows[i];
    int64_t values[kNumbersPerRow] = {static_cast<int64_t>(row.stat.size), row.stat.mtime_ns,
                                      row.stat.ctime_ns, static_cast<int64_t>(row.stat.inode),
                                      row.read_ns};
    std::memcpy(numbers.data() + i * sizeof(values), values, sizeof(values));
    if (i > 0) modules += '\n';
    modules += row.module;
    keys += row.key;
  }
  return json::array({rows.size(), json::binary(std::move(numbers)), modules, keys});
}

std::vector<StatRow> ReadRows(MsgpackReader& r) {
  r.ExpectArray(4);
  size_t count = r.Integer<size_t>();
  std::string_view numbers = r.Binary();
  std::string_view modules = r.String();
  std::string_view keys = r.String();
  if (numbers.size() / (kNumbersPerRow * sizeof(int64_t)) != count ||
      numbers.size() % (kNumbersPerRow * sizeof(int64_t)) != 0 ||
      keys.size() != count * kKeyLength) {
    throw MsgpackError("rows whose parts add up");
  }
  std::vector<StatRow> rows(count);
  for (size_t i = 0; i < count; ++i) {
    StatRow& row = rows[i];
    int64_t values[kNumbersPerRow];
    std::memcpy(values, numbers.data() + i * sizeof(values), sizeof(values));
    row.stat = FileStat{static_cast<uint64_t>(values[0]), values[1], values[2],
                        static_cast<uint64_t>(values[3])};
    row.read_ns = values[4];
    size_t end = modules.find('\n');
    if ((end == std::string_view::npos) != (i + 1 == count)) {
      throw MsgpackError("one module name a row");
    }
    row.module = std::string(modules.substr(0, end));
    modules.remove_prefix(end == std::string_view::npos ? modules.size() : end + 1);
    row.key = std::string(keys.substr(i * kKeyLength, kKeyLength));
  }
  if (!modules.empty()) throw MsgpackError("one module name a row");
  return rows;
}


}  // namespace

std::string EncodeStatRows(const std::vector<StatRow>& rows) {
  std::vector<const StatRow*> pointers;
  for (const StatRow& row : rows) pointers.push_back(&row);
  return ToMsgpack(RowsValue(pointers));
}

absl::StatusOr<std::vector<StatRow>> DecodeStatRows(std::string_view bytes) {
  return ReadWhole(bytes, "the stat rows", ReadRows);
}

std::string EncodeStatIndex(const std::map<std::string, StatRow>& index) {
  json paths = json::array();
  std::vector<const StatRow*> rows;
  for (const auto& [path, row] : index) {
    paths.push_back(path);
    rows.push_back(&row);
  }
  return ToMsgpack(json::array({paths, RowsValue(rows)}));
}

absl::StatusOr<std::map<std::string, StatRow>> DecodeStatIndex(std::string_view bytes) {
  return ReadWhole(bytes, "the stat index", [](MsgpackReader& r) {
    r.ExpectArray(2);
    std::vector<std::string> paths(r.ArrayHeader());
    for (std::string& path : paths) path = r.String();
    std::vector<StatRow> rows = ReadRows(r);
    if (rows.size() != paths.size()) throw MsgpackError("a row for each path");
    std::map<std::string, StatRow> index;
    for (size_t i = 0; i < paths.size(); ++i) {
      index.emplace_hint(index.end(), std::move(paths[i]), std::move(rows[i]));
    }
    return index;
  });
}

std::vector<Dependency> StatDependencies(const std::vector<std::string>& paths) {
  std::vector<Dependency> out;
  for (const std::string& path : paths) {
    absl::StatusOr<FileStat> stat = StatFile(path);
    out.push_back({path, stat.ok() ? std::optional<FileStat>(*stat) : std::nullopt});
  }
  return out;
}

// Per path: [path, exists, size, mtime, ctime, inode] (not there: exists false, zeros).
std::string EncodeDependencies(const std::vector<Dependency>& dependencies) {
  json out = json::array();
  for (const Dependency& d : dependencies) {
    FileStat stat = d.stat.value_or(FileStat{});
    out.push_back(json::array(
        {d.path, d.stat.has_value(), stat.size, stat.mtime_ns, stat.ctime_ns, stat.inode}));
  }
  return ToMsgpack(out);
}

absl::StatusOr<std::vector<Dependency>> DecodeDependencies(std::string_view bytes) {
  return ReadWhole(bytes, "the dependencies", [](MsgpackReader& r) {
    std::vector<Dependency> dependencies(r.ArrayHeader());
    for (Dependency& d : dependencies) {
      r.ExpectArray(6);
      d.path = r.String();
      bool exists = r.Boolean();
      FileStat stat;
      stat.size = r.Integer<uint64_t>();
      stat.mtime_ns = r.Integer<int64_t>();
      stat.ctime_ns = r.Integer<int64_t>();
      stat.inode = r.Integer<uint64_t>();
      if (exists) d.stat = stat;
    }
    return dependencies;
  });
}

}  // namespace gbreak
