#include "logs/line_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace gbreak {

LineReader::LineReader(size_t max_line) : max_line_(max_line) {}

LineReader::~LineReader() {
  if (fd_ >= 0) close(fd_);
}

absl::Status LineReader::Open(const std::string& path) {
  fd_ = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) {
    return absl::NotFoundError(absl::StrCat(path, ": cannot open: ", std::strerror(errno)));
  }
#ifdef POSIX_FADV_SEQUENTIAL
  posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  buffer_.resize(kBlockSize + 1);
  return absl::OkStatus();
}

void LineReader::OpenBuffer(std::string_view bytes) {
  memory_ = bytes;
  eof_ = true;
  bytes_read_ = bytes.size();
}

bool LineReader::Fill() {
  if (eof_ || fd_ < 0) return false;
  // Keep the unconsumed tail (a partial line) and read after it; grow only for long lines.
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    next_esc_ -= std::min(next_esc_, begin_);
    begin_ = 0;
  }
  if (buffer_.size() - end_ < kBlockSize / 2) buffer_.resize(buffer_.size() + kBlockSize);
  ssize_t n;
  do {
    n = read(fd_, buffer_.data() + end_, buffer_.size() - end_ - 1);
  } while (n < 0 && errno == EINTR);
  if (n < 0) {
    status_ = absl::DataLossError(absl::StrCat("read failed: ", std::strerror(errno)));
    eof_ = true;
    return false;
  }
  if (n == 0) {
    eof_ = true;
    return false;
  }
  end_ += static_cast<size_t>(n);
  bytes_read_ += static_cast<uint64_t>(n);
  FindEscape(begin_);
  return true;
}

void LineReader::FindEscape(size_t from) {
  // One scan per block finds ANSI escapes, so clean lines skip stripping altogether.
  const void* esc = from < end_ ? std::memchr(buffer_.data() + from, 0x1b, end_ - from) : nullptr;
  next_esc_ = esc == nullptr ? end_ : static_cast<size_t>(static_cast<const char*>(esc) -
                                                            buffer_.data());
}

bool LineReader::Next(LogLine& line) {
  if (fd_ < 0) {  // in-memory input
    if (memory_.empty()) return false;
    size_t nl = memory_.find('\n');
    std::string_view text = memory_.substr(0, nl);
    line.offset = offset_;
    size_t consumed = nl == std::string_view::npos ? memory_.size() : nl + 1;
    memory_.remove_prefix(consumed);
    offset_ += consumed;
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    line.clipped = text.size() > max_line_;
    if (line.clipped) text = text.substr(0, max_line_);
    line.text = text;
    line.number = ++line_number_;
    return true;
  }
  while (true) {
    const char* start = buffer_.data() + begin_;
    size_t avail = end_ - begin_;
    const char* nl = static_cast<const char*>(std::memchr(start, '\n', avail));
    if (nl != nullptr) {
      size_t len = static_cast<size_t>(nl - start);
      uint64_t line_offset = offset_;
      begin_ += len + 1;
      offset_ += len + 1;
      if (skipping_) {  // the end of a clipped line: drop it, it was reported already
        skipping_ = false;
        continue;
      }
      std::string_view text(start, len);
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      line.clipped = text.size() > max_line_;
      if (line.clipped) text = text.substr(0, max_line_);
      line.text = text;
      line.offset = line_offset;
      line.number = ++line_number_;
      size_t line_end = static_cast<size_t>(nl - buffer_.data());
      line.has_escape = next_esc_ < line_end;
      if (next_esc_ <= line_end) FindEscape(line_end + 1);
      return true;
    }
    if (avail >= max_line_ && !skipping_) {
      // A line longer than the limit: hand out its beginning, then skip to its end.
      line.text = std::string_view(start, max_line_);
      line.offset = offset_;
      line.clipped = true;
      line.number = ++line_number_;
      skipping_ = true;
      offset_ += avail;
      begin_ = end_;
      return true;
    }
    if (skipping_) {
      offset_ += avail;
      begin_ = end_;
    }
    if (!Fill()) {
      if (end_ == begin_ || skipping_) return false;
      // The last line has no '\n' (a truncated log).
      std::string_view text(buffer_.data() + begin_, end_ - begin_);
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      line.text = text;
      line.offset = offset_;
      line.clipped = false;
      line.number = ++line_number_;
      offset_ += end_ - begin_;
      begin_ = end_;
      return true;
    }
  }
}

}  // namespace gbreak
