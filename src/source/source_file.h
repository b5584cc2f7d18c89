#ifndef GBREAK_SOURCE_SOURCE_FILE_H_
#define GBREAK_SOURCE_SOURCE_FILE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gbreak {

// A 1-based line and a 1-based column counted in characters (Unicode code points), as editors,
// ruff and SARIF (columnKind "unicodeCodePoints") show them.
struct LineColumn {
  int line = 1;
  int column = 1;
};

// True when `text` has a carriage return that no line feed follows: Python reads such a `\r` as a
// line end (old Mac files), tree-sitter-python does not.
bool HasLoneCarriageReturn(std::string_view text);

// `text` with each lone `\r` replaced by `\n`. The replacement is byte for byte, so every offset
// into the result is the same offset into `text`.
std::string NormalizeLoneCarriageReturns(std::string_view text);

// One source file's bytes and its line index. Offsets handed to Locate() are offsets into text(),
// which excludes a leading UTF-8 byte-order mark; content_offset() says how many bytes the mark
// took, so that reported byte offsets stay offsets into the file on disk.
//
// text() ends lines with `\n` or `\r\n` only: a lone `\r` line end is read as `\n` (same length,
// so offsets, lines and columns are those of the file on disk), and everything downstream (the
// parser, rules, fixes) sees lines as Python does. Text written back into the file goes through
// ToFileLineEnds.
class SourceFile {
 public:
  SourceFile(std::string path, std::string bytes);

  const std::string& path() const { return path_; }
  std::string_view text() const;
  // The file's bytes, byte-order mark included (offsets into them are the file's offsets), each
  // lone `\r` read as `\n` like text().
  std::string_view bytes() const { return bytes_; }
  uint32_t content_offset() const { return content_offset_; }
  int line_count() const { return static_cast<int>(line_starts_.size()); }

  // True when the characters are single bytes (a PEP 263 coding line declares a one-byte
  // encoding such as latin-1), so a column counts bytes, not UTF-8 sequences.
  bool single_byte_encoding() const { return single_byte_encoding_; }
  void set_single_byte_encoding(bool value) { single_byte_encoding_ = value; }

  // True when the file ends its lines with a lone `\r` more often than with `\n`.
  bool lone_cr_line_ends() const { return lone_cr_line_ends_; }
  // `text` (a fix's replacement, built from text()) with the file's own line ends: in a file
  // whose lines end with a lone `\r`, each `\n` that no `\r` precedes becomes `\r`.
  std::string ToFileLineEnds(std::string_view text) const;

  LineColumn Locate(uint32_t offset) const;
  // The 1-based line's text without its line ending.
  std::string_view Line(int line) const;
  // Byte offset (into text()) where the 1-based line starts.
  uint32_t LineStart(int line) const;

 private:
  std::string path_;
  std::string bytes_;
  uint32_t content_offset_ = 0;
  bool single_byte_encoding_ = false;
  bool lone_cr_line_ends_ = false;
  std::vector<uint32_t> line_starts_;  // offsets into text() of each line's first byte
  // Offsets of UTF-8 continuation bytes (none in an ASCII file): a column is the bytes before
  // the offset on its line less these, two binary searches however long the line.
  std::vector<uint32_t> continuations_;
};

}  // namespace gbreak

#endif  // GBREAK_SOURCE_SOURCE_FILE_H_
