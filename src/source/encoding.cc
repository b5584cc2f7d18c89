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

namespace {

bool IsTomlBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The offset past the basic string (`"` or `"""`) opening at `i`, or the offset of a non-ASCII
// byte toml++ would test for whitespace in it (`*bad`).
size_t SkipTomlBasicString(std::string_view text, size_t i, std::optional<uint32_t>* bad) {
  bool multi_line = text.substr(i, 3) == "\"\"\"";
  size_t j = i + (multi_line ? 3 : 1);
  while (j < text.size()) {
    char c = text[j];
    if (c == '\\') {
      size_t next = j + 1;
      if (multi_line && next < text.size() && IsTomlBlank(text[next])) {
        // A line-ending backslash: toml++ skips the blanks and line breaks after it, testing each
        // character it skips or stops at.
        while (next < text.size() && IsTomlBlank(text[next])) ++next;
      }
      if (next < text.size() && static_cast<unsigned char>(text[next]) >= 0x80) {
        *bad = static_cast<uint32_t>(next);
        return text.size();
      }
      j = next == j + 1 ? j + 2 : next;
    } else if (multi_line ? text.substr(j, 3) == "\"\"\"" : c == '"') {
      return j + (multi_line ? 3 : 1);
    } else if (!multi_line && c == '\n') {
      return j;  // unterminated: toml++ reports it
    } else {
      ++j;
    }
  }
  return j;
}

// The offset past the literal string (`'` or `'''`) opening at `i`: no escapes in these.
size_t SkipTomlLiteralString(std::string_view text, size_t i) {
  bool multi_line = text.substr(i, 3) == "'''";
  std::string_view closer = multi_line ? "'''" : "'";
  size_t end = text.find(closer, i + closer.size());
  if (!multi_line) {
    size_t newline = text.find('\n', i + 1);
    if (newline < end) return newline;
  }
  return end == std::string_view::npos ? text.size() : end + closer.size();
}

// True for the characters that end a bare value for toml++ (is_value_terminator); a bare key at the
// start of a line also ends at `=`.
bool EndsTomlBareRun(char c, bool key) {
  return std::string_view(" \t\r\n]},#").find(c) != std::string_view::npos || (key && c == '=');
}

}  // namespace

std::optional<uint32_t> FindTomlNonAsciiOutsideStrings(std::string_view text) {
  std::optional<uint32_t> bad;
  size_t i = 0;
  bool line_start = true;  // only blanks since the last line break: a key may start here
  while (i < text.size() && !bad.has_value()) {
    char c = text[i];
    bool key = line_start;
    line_start = c == '\n' || (line_start && (c == ' ' || c == '\t' || c == '\r'));
    if (c == '#') {
      i = text.find('\n', i);
      if (i == std::string_view::npos) break;
    } else if (c == '"') {
      i = SkipTomlBasicString(text, i, &bad);
    } else if (c == '\'') {
      i = SkipTomlLiteralString(text, i);
    } else if (std::string_view(" \t\r\n[]{},=").find(c) != std::string_view::npos) {
      ++i;
    } else {
      // A bare key or value (`6B"x'y`, `0=["x`): toml++ reads on to a terminator, quotes
      // included, testing each character for whitespace. So `a."é"` and `x = [1,k="é"]` are
      // refused too, a price for never reaching toml++'s undefined behaviour.
      for (; i < text.size() && !EndsTomlBareRun(text[i], key); ++i) {
        if (static_cast<unsigned char>(text[i]) >= 0x80) {
          bad = static_cast<uint32_t>(i);
          break;
        }
      }
    }
  }
  return bad;
}

std::string TomlNonAsciiError(std::string_view text, std::string_view origin) {
  std::optional<uint32_t> at = FindTomlNonAsciiOutsideStrings(text);
  if (!at.has_value()) return "";
  std::string_view before = text.substr(0, *at);
  size_t line_start = before.rfind('\n');
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  int line = 1;
  for (char c : before) line += c == '\n';
  int column = 1;  // characters, as toml++ counts them
  for (size_t k = line_start; k < *at; ++k) {
    column += (static_cast<unsigned char>(text[k]) & 0xC0) != 0x80;
  }
  return std::string(origin) + ":" + std::to_string(line) + ":" + std::to_string(column) +
         ": a non-ASCII character outside a string or comment; TOML allows one only in a quoted "
         "string or a comment";
}

}  // namespace gbreak
