// The configuration reader: `[tool.gbreak]` in a pyproject.toml and a gbreak.toml of its own
// (ParseConfig), then the codes it names checked against the catalog (ValidateConfigCodes).

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/config.h"
#include "fuzz/fuzz_util.h"
#include "rules/rule_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<gbreak::Rule>* catalog = [] {
    absl::StatusOr<std::vector<gbreak::Rule>> rules = gbreak::LoadEmbeddedRules();
    if (!rules.ok()) abort();
    return new std::vector<gbreak::Rule>(*std::move(rules));
  }();
  std::string_view text = gbreak::fuzz::AsText(data, size);
  for (bool pyproject : {true, false}) {
    absl::StatusOr<std::optional<gbreak::ProjectConfig>> config = gbreak::ParseConfig(
        text, pyproject ? "/project/pyproject.toml" : "/project/gbreak.toml", pyproject);
    if (config.ok() && config->has_value()) {
      (void)gbreak::ValidateConfigCodes(**config, *catalog);
    }
  }
  return 0;
}
