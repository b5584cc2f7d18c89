#include "report/origin.h"

#include <string_view>

namespace gbreak {

std::string OriginOf(const Finding& finding) {
  if (finding.origin != "user") return finding.origin;
  std::string_view path = finding.path;
  for (std::string_view marker : {"site-packages/", "dist-packages/"}) {
    size_t at = path.rfind(marker);
    if (at == std::string_view::npos || (at > 0 && path[at - 1] != '/')) continue;
    std::string_view rest = path.substr(at + marker.size());
    size_t slash = rest.find('/');
    if (slash == std::string_view::npos) {
      // a top-level module: `six.py`
      if (rest.ends_with(".py")) rest.remove_suffix(3);
      return rest.empty() ? finding.origin : std::string(rest);
    }
    return std::string(rest.substr(0, slash));
  }
  return finding.origin;
}

}  // namespace gbreak
