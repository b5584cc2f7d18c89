#include "syntax/data_literals.h"

#include <utility>
#include <vector>

namespace gbreak {
namespace {

constexpr size_t kNone = std::string_view::npos;

bool IsIdentifierByte(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_' ||
         u >= 0x80;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool IsQuote(char c) { return c == '"' || c == '\''; }

// `r`, `b`, `rb`, `f`, ... (the letters Python allows before a quote).
bool IsStringPrefix(std::string_view word) {
  return word.size() <= 2 && word.find_first_not_of("rRbBuUfFtT") == std::string_view::npos;
}

// The offset just past the string literal whose opening quote is at `i`. An unterminated
// single-quoted string ends at its line end; the parser reports it.
size_t SkipString(std::string_view text, size_t i) {
  char quote = text[i];
  bool triple = i + 2 < text.size() && text[i + 1] == quote && text[i + 2] == quote;
  size_t j = i + (triple ? 3 : 1);
  while (j < text.size()) {
    char c = text[j];
    if (c == '\\') {
      j += 2;
    } else if (c == quote && !triple) {
      return j + 1;
    } else if (c == quote && j + 2 < text.size() && text[j + 1] == quote && text[j + 2] == quote) {
      return j + 3;
    } else if (c == '\n' && !triple) {
      return j;
    } else {
      ++j;
    }
  }
  return text.size();
}

// True when the bracket at `i` follows an operand, so it opens a call, subscript or parameter
// list (`f(`, `a[`, `x)(`), not a display. A keyword before it (`return [`, `in (`) is no operand.
bool FollowsOperand(std::string_view text, size_t i) {
  size_t j = text.find_last_not_of(" \t\r\n\f\\", i == 0 ? 0 : i - 1);
  if (i == 0 || j == kNone) return false;
  char c = text[j];
  if (c == ')' || c == ']' || c == '}' || IsQuote(c)) return true;
  if (!IsIdentifierByte(c)) return false;
  size_t start = j;
  while (start > 0 && IsIdentifierByte(text[start - 1])) --start;
  std::string_view word = text.substr(start, j + 1 - start);
  for (std::string_view keyword : {"in", "return", "yield", "and", "or", "not", "if", "else",
                                   "is", "assert", "del", "await", "elif", "while", "print"}) {
    if (word == keyword) return false;
  }
  return true;
}

struct Frame {
  size_t open = 0;         // offset of the opening bracket
  char closer = 0;         // the bracket that closes it
  bool display = false;    // a list, tuple, set or dict display
  bool constant = true;    // nothing but constants inside so far
  size_t first_comma = kNone;  // the first comma at this frame's own level
};

char CloserOf(char open) { return open == '[' ? ']' : open == '(' ? ')' : '}'; }

// Finds the interiors to blank, in one pass over the text. Returns false when the brackets do
// not match (a case the tokenizing here gets wrong, or broken code): then nothing is blanked.
bool FindElidable(std::string_view text, size_t min_bytes,
                  std::vector<std::pair<size_t, size_t>>& ranges) {
  std::vector<Frame> frames;
  auto not_constant = [&frames] {
    if (!frames.empty()) frames.back().constant = false;
  };
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '#') {
      i = text.find('\n', i);
      if (i == kNone) break;
    } else if (IsQuote(c)) {
      i = SkipString(text, i);
    } else if (IsDigit(c) || (c == '.' && i + 1 < text.size() && IsDigit(text[i + 1]))) {
      while (i < text.size() && (IsIdentifierByte(text[i]) || text[i] == '.')) ++i;
    } else if (IsIdentifierByte(c)) {
      size_t start = i;
      while (i < text.size() && IsIdentifierByte(text[i])) ++i;
      std::string_view word = text.substr(start, i - start);
      if (i < text.size() && IsQuote(text[i]) && IsStringPrefix(word)) {
        // f- and t-strings hold code.
        if (word.find_first_of("fFtT") != std::string_view::npos) not_constant();
        i = SkipString(text, i);
      } else if (word != "True" && word != "False" && word != "None") {
        not_constant();  // a name is code, and so is a keyword (`lambda`, `for`)
      }
    } else if (c == '[' || c == '(' || c == '{') {
      bool display = !FollowsOperand(text, i);
      if (!display) not_constant();
      frames.push_back(Frame{i, CloserOf(c), display});
      ++i;
    } else if (c == ']' || c == ')' || c == '}') {
      if (frames.empty() || frames.back().closer != c) return false;
      Frame frame = frames.back();
      frames.pop_back();
      if (!frame.display || !frame.constant) {
        not_constant();
      } else if (i - frame.open - 1 >= min_bytes && frame.first_comma != kNone) {
        ranges.emplace_back(frame.first_comma + 1, i);
      }
      ++i;
    } else if (c == ',') {
      if (!frames.empty() && frames.back().first_comma == kNone) frames.back().first_comma = i;
      ++i;
    } else {
      // Blanks, signs, colons and line continuations fit a constant; any other operator does not.
      if (std::string_view(" \t\r\n\f:+-~\\").find(c) == std::string_view::npos) not_constant();
      ++i;
    }
  }
  return true;  // an unclosed bracket at the end: the parser reports it, nothing in it is blanked
}

}  // namespace

std::string ElideLargeDataLiterals(std::string_view text, size_t min_bytes) {
  if (text.size() < min_bytes) return "";
  std::vector<std::pair<size_t, size_t>> ranges;
  if (!FindElidable(text, min_bytes, ranges) || ranges.empty()) return "";
  std::string out(text);
  for (auto [start, end] : ranges) {
    for (size_t i = start; i < end; ++i) {
      if (out[i] != '\n' && out[i] != '\r') out[i] = ' ';
    }
  }
  return out;
}

}  // namespace gbreak
