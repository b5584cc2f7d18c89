#ifndef GBREAK_LOGS_LINE_READER_H_
#define GBREAK_LOGS_LINE_READER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

namespace gbreak {

// One line of a log, without its '\n' and a trailing '\r'. `text` stays valid only until the next
// call to Next().
struct LogLine {
  std::string_view text;
  int64_t number = 0;   // 1-based
  uint64_t offset = 0;  // byte offset of the line's first byte
  bool clipped = false;  // longer than the reader's line limit; `text` is its beginning
  bool has_escape = true;  // may hold an ESC byte (false: no ANSI stripping needed)
};

// Streams a file line by line in one pass, reading large blocks, so memory stays at about one block
// whatever the file's size. Lines longer than `max_line` are clipped (the rest is skipped), never
// buffered whole.
class LineReader {
 public:
  static constexpr size_t kBlockSize = 4 << 20;
  static constexpr size_t kMaxLine = 16 << 20;

  explicit LineReader(size_t max_line = kMaxLine);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Opens `path`; the OS's reason on failure.
  absl::Status Open(const std::string& path);
  // Reads from an in-memory buffer instead (tests, format sniffing).
  void OpenBuffer(std::string_view bytes);

  // The next line; false at the end of the input or on a read error (see status()).
  bool Next(LogLine& line);

  const absl::Status& status() const { return status_; }
  uint64_t bytes_read() const { return bytes_read_; }

 private:
  bool Fill();  // reads more bytes; false at EOF or error
  void FindEscape(size_t from);

  int fd_ = -1;
  size_t max_line_;
  std::vector<char> buffer_;
  size_t begin_ = 0;  // first unconsumed byte in buffer_
  size_t end_ = 0;    // one past the last valid byte
  size_t next_esc_ = 0;  // index of the next ESC byte at or after begin_ (end_ when none)
  bool eof_ = false;
  bool skipping_ = false;  // discarding the tail of a clipped line
  int64_t line_number_ = 0;
  uint64_t offset_ = 0;  // file offset of buffer_[begin_]
  uint64_t bytes_read_ = 0;
  absl::Status status_;
  std::string_view memory_;  // OpenBuffer input
};

}  // namespace gbreak

#endif  // GBREAK_LOGS_LINE_READER_H_
