#include "report/fingerprint.h"

#include <array>
#include <cstdint>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace gbreak {
namespace {

constexpr int kBlockSize = 100;
constexpr uint64_t kMod = 37;
constexpr uint32_t kEof = 65535;

// 37^100 in 64-bit wrap-around: the weight of the character leaving the window.
uint64_t FirstMod() {
  uint64_t m = 1;
  for (int i = 0; i < kBlockSize; ++i) m *= kMod;
  return m;
}

void AppendCodePoint(uint32_t cp, std::u16string& out) {
  if (cp < 0x10000) {
    out.push_back(static_cast<char16_t>(cp));
  } else {
    cp -= 0x10000;
    out.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
    out.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
  }
}

// The per-line hashing state of fingerprints.ts, one character at a time.
class LineHasher {
 public:
  void Process(uint32_t c) {
    // Spaces, tabs, and a LF right after a CR are skipped; CR counts as LF.
    if (c == ' ' || c == '\t' || (prev_cr_ && c == '\n')) {
      prev_cr_ = false;
      return;
    }
    if (c == '\r') {
      c = '\n';
      prev_cr_ = true;
    } else {
      prev_cr_ = false;
    }
    if (line_numbers_[index_] != -1) Output();
    if (line_start_) {
      line_start_ = false;
      line_numbers_[index_] = ++line_number_;
    }
    if (c == '\n') line_start_ = true;
    Update(c);
  }

  // After the end-of-file marker: push zeros until every pending line has its hash.
  std::vector<std::string> Finish() {
    for (int i = 0; i < kBlockSize; ++i) {
      if (line_numbers_[index_] != -1) Output();
      Update(0);
    }
    return std::move(hashes_);
  }

 private:
  void Update(uint32_t c) {
    uint64_t leaving = window_[index_];
    window_[index_] = c;
    hash_ = kMod * hash_ + c - first_mod_ * leaving;
    index_ = (index_ + 1) % kBlockSize;
  }

  void Output() {
    std::string value = absl::StrFormat("%x", hash_);
    int count = ++counts_[value];
    int line = line_numbers_[index_];
    if (static_cast<size_t>(line) > hashes_.size()) hashes_.resize(static_cast<size_t>(line));
    hashes_[static_cast<size_t>(line) - 1] = absl::StrCat(value, ":", count);
    line_numbers_[index_] = -1;
  }

  const uint64_t first_mod_ = FirstMod();
  std::array<uint64_t, kBlockSize> window_{};
  std::array<int, kBlockSize> line_numbers_ = [] {
    std::array<int, kBlockSize> a;
    a.fill(-1);
    return a;
  }();
  uint64_t hash_ = 0;
  int index_ = 0;
  int line_number_ = 0;
  bool line_start_ = true;
  bool prev_cr_ = false;
  std::map<std::string, int> counts_;
  std::vector<std::string> hashes_;
};

}  // namespace

// WHATWG UTF-8 decoding (what Node's "utf8" stream decoder does): each maximal invalid subpart
// becomes one U+FFFD.
std::u16string Utf8ToUtf16(std::string_view utf8) {
  std::u16string out;
  out.reserve(utf8.size());
  size_t i = 0;
  const size_t n = utf8.size();
  while (i < n) {
    uint8_t b = static_cast<uint8_t>(utf8[i]);
    if (b < 0x80) {
      out.push_back(b);
      ++i;
      continue;
    }
    int needed = 0;
    uint32_t cp = 0;
    uint8_t lower = 0x80, upper = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
      needed = 1;
      cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      if (b == 0xE0) lower = 0xA0;
      if (b == 0xED) upper = 0x9F;
      needed = 2;
      cp = b & 0x0F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      if (b == 0xF0) lower = 0x90;
      if (b == 0xF4) upper = 0x8F;
      needed = 3;
      cp = b & 0x07;
    } else {
      out.push_back(0xFFFD);
      ++i;
      continue;
    }
    size_t j = i + 1;
    bool ok = true;
    for (int k = 0; k < needed; ++k, ++j) {
      uint8_t c = j < n ? static_cast<uint8_t>(utf8[j]) : 0;
      if (j >= n || c < lower || c > upper) {
        ok = false;
        break;
      }
      lower = 0x80;
      upper = 0xBF;
      cp = (cp << 6) | (c & 0x3F);
    }
    if (!ok) {
      out.push_back(0xFFFD);
      i = j;  // the invalid byte itself starts the next sequence
      continue;
    }
    AppendCodePoint(cp, out);
    i = j;
  }
  return out;
}

std::vector<std::string> LineHashes(std::string_view utf8) {
  LineHasher hasher;
  for (char16_t c : Utf8ToUtf16(utf8)) hasher.Process(c);
  hasher.Process(kEof);
  return hasher.Finish();
}

}  // namespace gbreak
