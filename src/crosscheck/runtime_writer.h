#ifndef GBREAK_CROSSCHECK_RUNTIME_WRITER_H_
#define GBREAK_CROSSCHECK_RUNTIME_WRITER_H_

// Text and JSON renderings of a RuntimeReport, shared by `gbreak lint --log` (the report writers
// call these) and `gbreak logs`.

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "crosscheck/crosscheck.h"
#include "rules/finding.h"

namespace gbreak {

// " [confirmed: 3 breaks, +3 graphs]", " [not seen at runtime]", or "" without a log.
std::string RuntimeSuffix(const RuntimeStatus& status);

// The runtime section of the text report: logs read, graph counts, the code each graph covers,
// breaks (runtime-only ones for lint, all of them for `gbreak logs`), recompiles, failures.
std::string RuntimeSectionText(const RuntimeReport& report);

// The one-line tally appended to lint's summary: "2 confirmed at runtime, 1 not seen, …".
std::string RuntimeTally(const RuntimeReport& report);

// A finding's "runtime" object (status, counts, reason, registry id).
nlohmann::ordered_json RuntimeStatusJson(const RuntimeStatus& status);

// The report's "runtime" object.
nlohmann::ordered_json RuntimeJson(const RuntimeReport& report);

// `gbreak logs` output.
std::string WriteLogsText(const RuntimeReport& report);
std::string WriteLogsJson(const RuntimeReport& report, std::string_view tool_version);

}  // namespace gbreak

#endif  // GBREAK_CROSSCHECK_RUNTIME_WRITER_H_
