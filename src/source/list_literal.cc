#include "source/list_literal.h"

namespace gbreak {

std::optional<std::vector<std::string_view>> SplitListLiteral(std::string_view text) {
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') return std::nullopt;
  std::vector<std::string_view> out;
  std::string_view inner = text.substr(1, text.size() - 2);
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i <= inner.size(); ++i) {
    char c = i < inner.size() ? inner[i] : ',';
    if (quote != 0) {
      if (c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    if (c != ',') continue;
    std::string_view entry = inner.substr(start, i - start);
    start = i + 1;
    while (!entry.empty() && (entry.front() == ' ' || entry.front() == '\t')) entry.remove_prefix(1);
    while (!entry.empty() && (entry.back() == ' ' || entry.back() == '\t')) entry.remove_suffix(1);
    if (entry.empty() && i >= inner.size()) break;  // `[]`, or a trailing comma
    out.push_back(entry);
  }
  if (quote != 0) return std::nullopt;  // a quote left open: no list literal
  return out;
}

}  // namespace gbreak
