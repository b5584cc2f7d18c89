#include "report/origin.h"

#include <string_view>

#include "source/paths.h"

namespace gbreak {

std::string OriginOf(const Finding& finding) {
  if (finding.origin != "user") return finding.origin;
  std::string_view path = finding.path;
  for (std::string_view marker : {"site-packages/", "dist-packages/"}) {
    size_t at = path.rfind(marker);
    if (at == std::string_view::npos || (at > 0 && path[at - 1] != '/')) continue;
    std::string top = TopLevelPackage(path.substr(at + marker.size()));
    return top.empty() ? finding.origin : top;
  }
  return finding.origin;
}

}  // namespace gbreak
