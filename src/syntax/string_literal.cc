#include "syntax/string_literal.h"

namespace gbreak {

std::optional<std::string> StringValue(TSNode node, std::string_view text) {
  if (!Is(node, "string")) return std::nullopt;
  for (TSNode part : NamedChildren(node)) {
    if (Is(part, "interpolation")) return std::nullopt;
  }
  std::string_view s = NodeText(node, text);
  size_t open = s.find_first_of("\"'");
  if (open == std::string_view::npos || s.size() < open + 2) return std::nullopt;
  char quote = s[open];
  size_t width = s.substr(open, 3) == std::string(3, quote) ? 3 : 1;
  if (s.size() < open + 2 * width) return std::nullopt;
  return std::string(s.substr(open + width, s.size() - open - 2 * width));
}

}  // namespace gbreak
