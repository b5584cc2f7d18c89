#include "source/encoding.h"

#include <cctype>

#include "re2/re2.h"

namespace gbreak {
namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Length of the well-formed UTF-8 sequence at text[i], or 0 if it is malformed.
size_t Utf8SequenceLength(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b0 = byte(i);
  if (b0 < 0x80) return 1;
  size_t length;
  unsigned char min1 = 0x80, max1 = 0xBF;  // allowed range of the second byte (RFC 3629)
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    if (b0 == 0xE0) min1 = 0xA0;
    if (b0 == 0xED) max1 = 0x9F;  // no UTF-16 surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    if (b0 == 0xF0) min1 = 0x90;
    if (b0 == 0xF4) max1 = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < min1 || byte(i + 1) > max1) return 0;
  for (size_t k = 2; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  return length;
}

}  // namespace

std::string DeclaredEncoding(std::string_view text) {
  // PEP 263: the declaration must be on the first or second line.
  static const LazyRE2 kCoding = {R"(^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+))"};
  for (int line = 0; line < 2 && !text.empty(); ++line) {
    size_t end = text.find('\n');
    std::string_view current = text.substr(0, end);
    std::string name;
    if (RE2::PartialMatch(re2::StringPiece(current.data(), current.size()), *kCoding, &name)) {
      return Lower(name);
    }
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return "";
}

bool IsUtf8EncodingName(std::string_view name) {
  std::string n = Lower(name);
  return n == "utf-8" || n == "utf8" || n == "utf_8" || n == "u8" || n == "utf" ||
         n == "utf-8-sig" || n == "utf8-sig" || n == "utf_8_sig";
}

std::optional<uint32_t> FindInvalidUtf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    // Fast path over ASCII.
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    size_t length = Utf8SequenceLength(text, i);
    if (length == 0) return static_cast<uint32_t>(i);
    i += length;
  }
  return std::nullopt;
}

std::optional<uint32_t> FindNulByte(std::string_view text) {
  size_t at = text.find('\0');
  if (at == std::string_view::npos) return std::nullopt;
  return static_cast<uint32_t>(at);
}

}  // namespace gbreak
