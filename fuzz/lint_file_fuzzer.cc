// The whole lint of one Python file: read, encoding checks, parse, syntax check, index, analysis,
// every embedded rule, suppressions and fix edits (FileChecker::Check, as `gbreak lint FILE`).

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "fuzz/fuzz_util.h"
#include "rules/file_check.h"
#include "rules/rule_engine.h"
#include "rules/rule_loader.h"

namespace {

const gbreak::RuleEngine& Engine() {
  static const gbreak::RuleEngine* engine = [] {
    absl::StatusOr<std::vector<gbreak::Rule>> rules = gbreak::LoadEmbeddedRules();
    if (!rules.ok()) abort();
    absl::StatusOr<std::unique_ptr<gbreak::RuleEngine>> created =
        gbreak::RuleEngine::Create(*std::move(rules));
    if (!created.ok()) abort();
    return created->release();
  }();
  return *engine;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gbreak::FileChecker* checker = new gbreak::FileChecker(Engine(), {});
  std::string path = gbreak::fuzz::WriteScratch("model.py", gbreak::fuzz::AsText(data, size));
  gbreak::FileCheckResult result = checker->Check(path);
  // Every finding must lie in the file and carry a sane position.
  for (const gbreak::Finding& finding : result.findings) {
    if (finding.end.offset > size || finding.start.offset > finding.end.offset) abort();
    if (finding.start.line < 1 || finding.start.column < 1) abort();
  }
  return 0;
}
