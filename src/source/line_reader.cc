#include "source/line_reader.h"

#include <utility>

namespace gbreak {

const SourceFile* LineReader::File(const std::string& path) {
  auto [it, added] = files_.try_emplace(path);
  if (added && read_file_) {
    if (std::optional<std::string> bytes = read_file_(path)) it->second.emplace(path, *std::move(bytes));
  }
  return it->second ? &*it->second : nullptr;
}

std::optional<std::string> LineReader::Line(const std::string& path, int line) {
  const SourceFile* file = File(path);
  if (file == nullptr) return std::nullopt;
  return std::string(file->Line(line));
}

}  // namespace gbreak
