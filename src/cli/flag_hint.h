#ifndef GBREAK_CLI_FLAG_HINT_H_
#define GBREAK_CLI_FLAG_HINT_H_

#include <string>
#include <string_view>
#include <vector>

namespace gbreak {

// The known long option (with its dashes) nearest to a mistyped `--flag[=value]`, by edit
// distance, for a "did you mean" hint; "" when none is close (more than a third of the
// name's letters, at least 2, would change).
std::string NearestFlag(std::string_view typed, const std::vector<std::string>& known);

}  // namespace gbreak

#endif  // GBREAK_CLI_FLAG_HINT_H_
