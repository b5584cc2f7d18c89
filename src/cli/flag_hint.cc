#include "cli/flag_hint.h"

#include <algorithm>

namespace gbreak {
namespace {

// Levenshtein distance; flags are short, so the quadratic table costs nothing.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string NearestFlag(std::string_view typed, const std::vector<std::string>& known) {
  typed = typed.substr(0, typed.find('='));
  size_t limit = std::max<size_t>(2, typed.size() / 3);
  std::string best;
  size_t best_distance = limit + 1;
  // `known` is in declaration order, so ties go to the first declared: deterministic.
  for (const std::string& flag : known) {
    size_t distance = EditDistance(typed, flag);
    if (distance > 0 && distance < best_distance) {
      best = flag;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace gbreak
