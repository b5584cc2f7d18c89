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
  static constexpr size_t kPadding = 64;  // readable bytes after end_, for whole-window loads

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

  // Passes over the lines that begin with `first`, counting them, up to the first line that does
  // not, reading on as needed: for a parser that knows such lines change nothing in its
  // state (the indented body of an MLIR module whose locations are not collected), it saves
  // handing out each line. A line too long for Next() is left to Next(), which reports it.
  void SkipLinesStartingWith(char first);

  const absl::Status& status() const { return status_; }
  uint64_t bytes_read() const { return bytes_read_; }
  int64_t lines_read() const { return line_number_; }  // handed out or skipped

 private:
  bool Fill();  // reads more bytes; false at EOF or error
  void FindEscape(size_t from);
  // The next '\n' in [begin_, end_), or end_ when there is none yet. Log lines are short (a
  // memchr call per line was a quarter of a scan), so newlines are found 64 bytes at a time
  // into a bit mask and handed out one per call.
  size_t NextNewline();
  uint64_t NewlineMask(size_t at) const;  // bit i: buffer_[at + i] is '\n' (for at + i < end_)

  int fd_ = -1;
  size_t max_line_;
  std::vector<char> buffer_;
  size_t begin_ = 0;  // first unconsumed byte in buffer_
  size_t end_ = 0;    // one past the last valid byte
  size_t next_esc_ = 0;  // index of the next ESC byte at or after begin_ (end_ when none)
  // Newlines of the 64-byte window at window_ not yet handed out; window_ == kNoWindow when the
  // buffer moved or begin_ jumped, and the window restarts at begin_.
  static constexpr size_t kNoWindow = ~size_t{0};
  size_t window_ = kNoWindow;
  uint64_t newlines_ = 0;
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
