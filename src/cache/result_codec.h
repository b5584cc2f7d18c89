#ifndef GBREAK_CACHE_RESULT_CODEC_H_
#define GBREAK_CACHE_RESULT_CODEC_H_

#include <cstdint>
#include <string>
#include <utility>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/entry_scope.h"
#include "rules/file_check.h"
#include "rules/rule_engine.h"

namespace gbreak {

// One file's check result as bytes (MessagePack, through nlohmann::json), for the result cache,
// in two parts: what the file found (findings, diagnostics, size), which every run reads, and
// its summary for the program-wide call graph, which a run reads only when it must settle
// reachability afresh. Timings are not kept (a result read back took no time to make);
// findings name their rule by code.
struct EncodedResult {
  std::string found;
  std::string summary;  // "" when the result has none
};
EncodedResult EncodeCheckResult(const FileCheckResult& result);

// The result again, without its summary. `engine` gives the rules the findings point to; bytes
// that do not decode, or a finding whose rule the engine does not have, are an error (the entry
// is not trusted).
absl::StatusOr<FileCheckResult> DecodeCheckResult(std::string_view found,
                                                  const RuleEngine& engine);
absl::StatusOr<ModuleSummary> DecodeSummary(std::string_view summary);

// What FileChecker::Finish is handed besides the file (the byte ranges of the reached functions
// and what the program graph says of the file), for the key of its result: the same inputs give
// the same bytes. Not decoded: only hashed.
std::string EncodeFinishInputs(const std::vector<std::pair<uint32_t, uint32_t>>& ranges,
                               const FileChecker::ProgramFacts& program);

// The settled results of a whole run (results[i] of the run's i-th file, after reachability
// was settled across files), without summaries: what a run over the same files with the same
// bytes reports. Decoding spreads the files over `threads` workers.
std::string EncodeSettledRun(const std::vector<FileCheckResult>& results);
absl::StatusOr<std::vector<FileCheckResult>> DecodeSettledRun(std::string_view bytes,
                                                              const RuleEngine& engine,
                                                              int threads = 1);

// An entry run's result (rules/entry_scope.h), as the run reported it: each read file's settled
// result (without summaries), the files read, the diagnostics and what else it depends on.
std::string EncodeEntryResult(const EntryScopeResult& result);
absl::StatusOr<EntryScopeResult> DecodeEntryResult(std::string_view bytes,
                                                   const RuleEngine& engine);

}  // namespace gbreak

#endif  // GBREAK_CACHE_RESULT_CODEC_H_
