#include "source/source_file.h"

#include <algorithm>
#include <utility>

namespace gbreak {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

bool IsUtf8Continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

bool IsLoneCarriageReturn(std::string_view text, size_t i) {
  return text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n');
}

}  // namespace

bool HasLoneCarriageReturn(std::string_view text) {
  for (size_t i = text.find('\r'); i != std::string_view::npos; i = text.find('\r', i + 1)) {
    if (IsLoneCarriageReturn(text, i)) return true;
  }
  return false;
}

std::string NormalizeLoneCarriageReturns(std::string_view text) {
  std::string out(text);
  for (size_t i = out.find('\r'); i != std::string::npos; i = out.find('\r', i + 1)) {
    if (IsLoneCarriageReturn(out, i)) out[i] = '\n';
  }
  return out;
}

SourceFile::SourceFile(std::string path, std::string bytes)
    : path_(std::move(path)), bytes_(std::move(bytes)) {
  if (std::string_view(bytes_).substr(0, kUtf8Bom.size()) == kUtf8Bom) {
    content_offset_ = static_cast<uint32_t>(kUtf8Bom.size());
  }
  // Lone carriage returns become line feeds in place (CPython's universal newlines), counted so
  // that fixes can write the file's own line end back.
  size_t lone_crs = 0;
  for (size_t i = bytes_.find('\r'); i != std::string::npos; i = bytes_.find('\r', i + 1)) {
    if (IsLoneCarriageReturn(bytes_, i)) {
      bytes_[i] = '\n';
      ++lone_crs;
    }
  }
  std::string_view content = text();
  line_starts_.push_back(0);
  for (size_t i = 0; i < content.size(); ++i) {
    if (content[i] == '\n') line_starts_.push_back(static_cast<uint32_t>(i + 1));
    if (IsUtf8Continuation(static_cast<unsigned char>(content[i]))) {
      continuations_.push_back(static_cast<uint32_t>(i));
    }
  }
  size_t line_feeds = line_starts_.size() - 1 - lone_crs;
  lone_cr_line_ends_ = lone_crs > line_feeds;
}

std::string SourceFile::ToFileLineEnds(std::string_view text) const {
  std::string out(text);
  if (!lone_cr_line_ends_) return out;
  for (size_t i = out.find('\n'); i != std::string::npos; i = out.find('\n', i + 1)) {
    if (i == 0 || out[i - 1] != '\r') out[i] = '\r';
  }
  return out;
}

std::string_view SourceFile::text() const {
  return std::string_view(bytes_).substr(content_offset_);
}

LineColumn SourceFile::Locate(uint32_t offset) const {
  std::string_view content = text();
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(content.size()));
  // The line is the last line start at or before the offset.
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  int line_index = static_cast<int>(it - line_starts_.begin()) - 1;
  uint32_t start = line_starts_[line_index];
  int column = 1 + static_cast<int>(offset - start);
  if (!single_byte_encoding_) {
    // Characters, not bytes: a line thousands of characters long is located per finding.
    auto first = std::lower_bound(continuations_.begin(), continuations_.end(), start);
    auto last = std::lower_bound(first, continuations_.end(), offset);
    column -= static_cast<int>(last - first);
  }
  return LineColumn{line_index + 1, column};
}

uint32_t SourceFile::LineStart(int line) const {
  if (line < 1) return 0;
  if (line > line_count()) return static_cast<uint32_t>(text().size());
  return line_starts_[line - 1];
}

std::string_view SourceFile::Line(int line) const {
  if (line < 1 || line > line_count()) return {};
  std::string_view content = text();
  uint32_t start = line_starts_[line - 1];
  uint32_t end = line < line_count() ? line_starts_[line] - 1 : content.size();
  std::string_view result = content.substr(start, end - start);
  if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
  return result;
}

}  // namespace gbreak
