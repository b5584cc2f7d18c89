#include "report/json_lines_writer.h"

#include "report/json_writer.h"

namespace gbreak {

std::string WriteJsonLines(const LintReport& report) {
  std::string out;
  for (const Finding& f : report.findings) {
    out += FindingJsonLine(f);
    out += "\n";
  }
  return out;
}

}  // namespace gbreak
