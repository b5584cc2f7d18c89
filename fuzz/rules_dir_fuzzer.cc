// The reader of a `--rules-dir` rule: its TOML (ParseRuleToml), its query's directives, the
// engine that compiles the query and its predicates (RuleEngine::Create), and a run of the rule
// over a small model file. The input is the TOML, a NUL byte, then the query.

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/fuzz_util.h"
#include "rules/dynamo_settings.h"
#include "rules/file_check.h"
#include "rules/rule_engine.h"
#include "rules/rule_loader.h"

namespace {

constexpr std::string_view kModel =
    "import torch\nfrom torch import nn\n\n"
    "class M(nn.Module):\n"
    "    def forward(self, x):\n"
    "        print(x.shape)\n"
    "        if x.sum() > 0:\n"
    "            x = x.item() + torch.nonzero(x)\n"
    "        for i in range(x.size(0)):\n"
    "            x = x + i\n"
    "        return x.tolist()\n\n"
    "compiled = torch.compile(M())\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string* model = new std::string(gbreak::fuzz::WriteScratch("m.py", kModel));
  std::string_view input = gbreak::fuzz::AsText(data, size);
  size_t nul = input.find('\0');
  std::string_view toml = input.substr(0, nul);
  std::string_view query = nul == std::string_view::npos ? "" : input.substr(nul + 1);

  absl::StatusOr<gbreak::Rule> rule = gbreak::ParseRuleToml(toml, "/rules/fuzz.toml");
  if (!rule.ok()) return 0;
  if (rule->kind == gbreak::Rule::Kind::kQuery) {
    rule->query_origin = "/rules/fuzz.scm";
    rule->query_source = std::string(query);
    if (!gbreak::ValidateQueryDirectives(rule->query_source).ok()) return 0;
  }
  std::vector<gbreak::Rule> rules;
  rules.push_back(*std::move(rule));
  absl::StatusOr<std::unique_ptr<gbreak::RuleEngine>> engine =
      gbreak::RuleEngine::Create(std::move(rules));
  if (!engine.ok()) return 0;
  gbreak::FileChecker checker(**engine, {});
  (void)checker.Check(*model);
  return 0;
}
