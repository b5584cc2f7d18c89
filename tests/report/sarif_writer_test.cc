#include "report/sarif_writer.h"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "report/fingerprint.h"
#include "report/report_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::SampleReport;
using nlohmann::json;

SarifOptions TestOptions(std::map<std::string, std::string> files = {}) {
  SarifOptions o;
  o.tool_version = "1.2.3";
  o.working_directory = "/repo/sub";
  o.source_root = "/repo";
  o.read_file = [files](const std::string& path) -> std::optional<std::string> {
    auto it = files.find(path);
    if (it == files.end()) return std::nullopt;
    return it->second;
  };
  return o;
}

json Sarif(const LintReport& report, const SarifOptions& options) {
  SarifOutput out = WriteSarif(report, options);
  EXPECT_TRUE(out.warnings.empty());
  return json::parse(out.text);
}

TEST(SarifWriterTest, LogHasWhatCodeScanningNeeds) {
  SampleReport sample;
  json log = Sarif(sample.report, TestOptions());
  EXPECT_EQ(log["version"], "2.1.0");
  EXPECT_EQ(log["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  ASSERT_EQ(log["runs"].size(), 1u);
  const json& run = log["runs"][0];
  const json& driver = run["tool"]["driver"];
  EXPECT_EQ(driver["name"], "gbreak");
  EXPECT_EQ(driver["version"], "1.2.3");
  EXPECT_TRUE(driver["informationUri"].is_string());
  EXPECT_EQ(run["columnKind"], "unicodeCodePoints");
  EXPECT_EQ(run["automationDetails"]["id"], "gbreak/");
  EXPECT_EQ(run["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file:///repo/");
  ASSERT_EQ(run["results"].size(), 3u);
}

TEST(SarifWriterTest, RulesCarryTheirDocumentation) {
  SampleReport sample;
  sample.print_rule.summary = "`print()` in a compiled region";
  sample.print_rule.rationale = "Dynamo cannot trace print.\n\nMore detail.";
  sample.print_rule.severity = Severity::kInfo;
  json log = Sarif(sample.report, TestOptions());
  const json& rules = log["runs"][0]["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), 2u);  // the rules the findings name, sorted by code
  const json& print = rules[1];
  EXPECT_EQ(print["id"], "SE001");
  EXPECT_EQ(print["name"], "print-call");
  EXPECT_EQ(print["shortDescription"]["text"], "`print()` in a compiled region");
  EXPECT_EQ(print["fullDescription"]["text"], "Dynamo cannot trace print.");
  EXPECT_NE(print["help"]["text"].get<std::string>().find("Why Dynamo breaks"), std::string::npos);
  EXPECT_NE(print["help"]["markdown"].get<std::string>().find("## Fix"), std::string::npos);
  EXPECT_EQ(print["helpUri"],
            "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0059.html");
  EXPECT_EQ(print["defaultConfiguration"]["level"], "note");
  EXPECT_EQ(print["properties"]["problem.severity"], "recommendation");
  EXPECT_EQ(print["properties"]["precision"], "very-high");
  EXPECT_EQ(rules[0]["properties"]["precision"], "high");  // CV001 is `likely`
  EXPECT_FALSE(print["properties"].contains("security-severity"));
  EXPECT_EQ(print["properties"]["tags"].back(), "side-effects");
}

TEST(SarifWriterTest, ResultsPointIntoTheRepository) {
  SampleReport sample;
  json log = Sarif(sample.report, TestOptions());
  const json& rules = log["runs"][0]["tool"]["driver"]["rules"];
  for (const json& result : log["runs"][0]["results"]) {
    EXPECT_EQ(rules[result["ruleIndex"].get<size_t>()]["id"], result["ruleId"]);
    EXPECT_EQ(result["level"], "warning");
    EXPECT_EQ(result["locations"].size(), 1u);
  }
  const json& r = log["runs"][0]["results"][1];
  EXPECT_EQ(r["ruleId"], "CV001");
  EXPECT_EQ(r["message"]["text"], "`x.item()` breaks");
  const json& physical = r["locations"][0]["physicalLocation"];
  // Relative to the repository root, not to where gbreak ran.
  EXPECT_EQ(physical["artifactLocation"]["uri"], "sub/a.py");
  EXPECT_EQ(physical["artifactLocation"]["uriBaseId"], "%SRCROOT%");
  EXPECT_EQ(physical["region"],
            json({{"startLine", 4}, {"startColumn", 13}, {"endLine", 4}, {"endColumn", 18}}));
  EXPECT_EQ(r["properties"]["confidence"], "likely");
  EXPECT_EQ(r["properties"]["origin"], "user");
  EXPECT_FALSE(r["properties"].contains("runtime"));
}

TEST(SarifWriterTest, UrisArePercentEncoded) {
  SampleReport sample;
  sample.report.findings[0].path = "my dir/ü.py";
  json log = Sarif(sample.report, TestOptions());
  EXPECT_EQ(log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
               ["uri"],
            "sub/my%20dir/%C3%BC.py");
}

TEST(SarifWriterTest, FingerprintIsTheUploadActionsLineHash) {
  SampleReport sample;
  std::string text = "import torch\n\ndef f(x):\n    print(x)\n    return x.item()\n";
  json log = Sarif(sample.report, TestOptions({{"/repo/sub/a.py", text}}));
  std::vector<std::string> hashes = LineHashes(text);
  const json& results = log["runs"][0]["results"];
  EXPECT_EQ(results[0]["partialFingerprints"]["primaryLocationLineHash"], hashes[2]);
  EXPECT_EQ(results[1]["partialFingerprints"]["primaryLocationLineHash"], hashes[3]);
  // b/c.py could not be read: no fingerprint rather than a wrong one.
  EXPECT_FALSE(results[2].contains("partialFingerprints"));
}

TEST(SarifWriterTest, SitePackagesFindingMovesToTheInRepoCallSite) {
  SampleReport sample;
  Finding& f = sample.report.findings[0];
  f.path = "/venv/lib/python3.11/site-packages/transformers/gpt2.py";
  f.origin = "transformers";
  f.call_chain = {{"train.py", 10, "main"},
                  {"model.py", 42, "Net.forward"},
                  {"/venv/lib/python3.11/site-packages/transformers/gpt2.py", 7, "GPT2.forward"}};
  json log = Sarif(sample.report, TestOptions());
  const json* moved = nullptr;
  for (const json& r : log["runs"][0]["results"]) {
    if (r["message"]["text"].get<std::string>().find("transformers") != std::string::npos) {
      moved = &r;
    }
  }
  ASSERT_NE(moved, nullptr);
  const json& primary = (*moved)["locations"][0]["physicalLocation"];
  EXPECT_EQ(primary["artifactLocation"]["uri"], "sub/model.py");
  EXPECT_EQ(primary["region"]["startLine"], 42);
  const json& related = (*moved)["relatedLocations"][0];
  EXPECT_EQ(related["id"], 1);
  EXPECT_EQ(related["physicalLocation"]["artifactLocation"]["uri"],
            "file:///venv/lib/python3.11/site-packages/transformers/gpt2.py");
  EXPECT_NE((*moved)["message"]["text"].get<std::string>().find(
                "[transformers/gpt2.py:3](1)"),
            std::string::npos);
  const json& flow = (*moved)["codeFlows"][0]["threadFlows"][0]["locations"];
  ASSERT_EQ(flow.size(), 4u);  // three frames, then the break
  EXPECT_EQ(flow[0]["location"]["physicalLocation"]["artifactLocation"]["uri"], "sub/train.py");
  EXPECT_EQ(flow[0]["location"]["message"]["text"], "main");
}

TEST(SarifWriterTest, RuntimeConfirmationGoesIntoPropertiesAndRank) {
  SampleReport sample;
  Finding& f = sample.report.findings[1];
  f.runtime.kind = RuntimeStatus::Kind::kConfirmed;
  f.runtime.break_count = 12;
  f.runtime.registry_id = "GB0124";
  json log = Sarif(sample.report, TestOptions());
  const json& results = log["runs"][0]["results"];
  EXPECT_EQ(results[1]["properties"]["runtime"]["status"], "confirmed");
  EXPECT_EQ(results[1]["properties"]["runtime"]["breakCount"], 12);
  EXPECT_GT(results[1]["rank"].get<double>(), results[0]["rank"].get<double>());
}

TEST(SarifWriterTest, DropsTheLowestRankedResultsOverTheLimit) {
  SampleReport sample;
  sample.report.findings[2].runtime.kind = RuntimeStatus::Kind::kConfirmed;
  sample.report.findings[2].runtime.break_count = 3;
  SarifOptions options = TestOptions();
  options.max_results = 2;
  SarifOutput out = WriteSarif(sample.report, options);
  ASSERT_EQ(out.warnings.size(), 1u);
  EXPECT_NE(out.warnings[0].find("keeps the 2 most important of 3"), std::string::npos);
  json results = json::parse(out.text)["runs"][0]["results"];
  ASSERT_EQ(results.size(), 2u);
  // The confirmed one and the certain one stay (report order); the `likely` CV001 goes.
  EXPECT_EQ(results[0]["ruleId"], "SE001");
  EXPECT_EQ(results[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "sub/b/c.py");
}

TEST(SarifWriterTest, StaysUnderTheGzipLimit) {
  SampleReport sample;
  std::vector<Finding> many;
  for (int i = 0; i < 2000; ++i) {
    Finding f = SampleReport::Make(sample.print_rule, "f" + std::to_string(i % 50) + ".py", i + 1, 1,
                                   "message " + std::to_string(i * 7919));
    many.push_back(f);
  }
  sample.report.findings = many;
  SarifOptions options = TestOptions();
  size_t full = GzipSize(WriteSarif(sample.report, options).text);
  options.max_gzip_bytes = full / 2;
  SarifOutput out = WriteSarif(sample.report, options);
  EXPECT_LE(GzipSize(out.text), options.max_gzip_bytes);
  ASSERT_EQ(out.warnings.size(), 1u);
  size_t kept = json::parse(out.text)["runs"][0]["results"].size();
  EXPECT_GT(kept, 0u);
  EXPECT_LT(kept, 2000u);
}

TEST(SarifWriterTest, DiagnosticsBecomeToolNotifications) {
  SampleReport sample;
  sample.report.diagnostics.push_back({Diagnostic::Level::kError, "x.py", 0, "cannot open"});
  json log = Sarif(sample.report, TestOptions());
  const json& invocation = log["runs"][0]["invocations"][0];
  EXPECT_EQ(invocation["executionSuccessful"], false);
  EXPECT_EQ(invocation["toolExecutionNotifications"][0]["message"]["text"], "cannot open");
}

}  // namespace
}  // namespace gbreak
