#include "report/concise_writer.h"

#include "absl/strings/str_cat.h"

namespace gbreak {

std::string WriteConcise(const LintReport& report) {
  std::string out;
  for (const Finding& f : report.findings) {
    // A message never spans lines here: one finding, one line.
    std::string message = f.message;
    for (char& c : message) {
      if (c == '\n' || c == '\r') c = ' ';
    }
    absl::StrAppend(&out, f.path, ":", f.start.line, ":", f.start.column, ": ", f.rule->code, " ",
                    message, "\n");
  }
  return out;
}

}  // namespace gbreak
