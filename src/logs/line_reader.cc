#include "logs/line_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

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
  buffer_.resize(kBlockSize + kPadding);
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
  window_ = kNoWindow;
  if (buffer_.size() - end_ < kBlockSize / 2 + kPadding) {
    buffer_.resize(buffer_.size() + kBlockSize);
  }
  ssize_t n;
  do {
    n = read(fd_, buffer_.data() + end_, buffer_.size() - end_ - kPadding);
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

uint64_t LineReader::NewlineMask(size_t at) const {
  const char* p = buffer_.data() + at;
  uint64_t mask = 0;
#ifdef __SSE2__
  const __m128i nl = _mm_set1_epi8('\n');
  for (int k = 0; k < 4; ++k) {
    __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    uint64_t bits = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, nl)));
    mask |= bits << (16 * k);
  }
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  // Eight bytes at a time (ARM and other little-endian machines without SSE2): the exact
  // zero-byte test of (word ^ '\n' * 8) leaves 0x80 in each newline's byte, and the multiply
  // gathers those eight bits into one byte.
  constexpr uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
  for (int k = 0; k < 8; ++k) {
    uint64_t word;
    std::memcpy(&word, p + 8 * k, 8);
    uint64_t x = word ^ 0x0a0a0a0a0a0a0a0aULL;
    uint64_t zero = ~(((x & kLow7) + kLow7) | x | kLow7);  // 0x80 where x's byte is 0
    uint64_t bits = ((zero >> 7) * 0x0102040810204080ULL) >> 56;
    mask |= bits << (8 * k);
  }
#else
  for (int k = 0; k < 64; ++k) mask |= static_cast<uint64_t>(p[k] == '\n') << k;
#endif
  // Bytes past end_ are padding (stale data): not newlines.
  if (end_ - at < 64) mask &= (uint64_t{1} << (end_ - at)) - 1;
  return mask;
}

size_t LineReader::NextNewline() {
  if (window_ == kNoWindow) {
    if (begin_ >= end_) return end_;
    window_ = begin_;
    newlines_ = NewlineMask(window_);
  }
  while (newlines_ == 0) {
    if (end_ - window_ <= 64) {  // no newline before end_: look again after the next Fill()
      window_ = kNoWindow;
      return end_;
    }
    window_ += 64;
    newlines_ = NewlineMask(window_);
  }
  size_t at = window_ + static_cast<size_t>(std::countr_zero(newlines_));
  newlines_ &= newlines_ - 1;
  return at;
}

void LineReader::SkipLinesStartingWith(char first) {
  if (fd_ < 0 || skipping_) return;
  while (true) {
    if (begin_ == end_ && !Fill()) return;
    if (buffer_[begin_] != first) return;
    size_t newline = NextNewline();
    if (newline == end_ && end_ - begin_ < max_line_ && Fill()) continue;  // a line across blocks
    if (newline == end_ || newline - begin_ > max_line_) {
      window_ = kNoWindow;  // Next() looks for this newline again
      return;
    }
    offset_ += newline + 1 - begin_;
    begin_ = newline + 1;
    ++line_number_;
    if (next_esc_ <= newline) FindEscape(begin_);
  }
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
    size_t newline = NextNewline();
    const char* nl = newline < end_ ? buffer_.data() + newline : nullptr;
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
      window_ = kNoWindow;
      return true;
    }
    if (skipping_) {
      offset_ += avail;
      begin_ = end_;
      window_ = kNoWindow;
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
