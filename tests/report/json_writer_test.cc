#include "report/json_writer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "report/report_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::SampleReport;

TEST(JsonWriterTest, DocumentFollowsTheVersionedSchema) {
  SampleReport sample;
  sample.report.diagnostics.push_back({Diagnostic::Level::kError, "x.py", 0, "cannot open"});
  nlohmann::json doc = nlohmann::json::parse(WriteJson(sample.report, "1.2.3"));
  EXPECT_EQ(doc["schema_version"], kJsonSchemaVersion);
  EXPECT_EQ(doc["tool"]["version"], "1.2.3");
  ASSERT_EQ(doc["findings"].size(), 3u);
  const nlohmann::json& f = doc["findings"][1];
  EXPECT_EQ(f["code"], "CV001");
  EXPECT_EQ(f["name"], "tensor-item");
  EXPECT_EQ(f["confidence"], "likely");
  EXPECT_EQ(f["severity"], "warning");
  EXPECT_EQ(f["file"], "a.py");
  EXPECT_EQ(f["start"]["line"], 4);
  EXPECT_EQ(f["start"]["column"], 13);
  EXPECT_EQ(f["end"]["column"], 18);
  EXPECT_EQ(f["registry_ids"], nlohmann::json::array({"GB0124"}));
  EXPECT_EQ(doc["diagnostics"][0]["message"], "cannot open");
  EXPECT_EQ(doc["summary"]["findings"], 3);
}

TEST(JsonWriterTest, InvalidUtf8InAMessageIsReplacedNotFatal) {
  SampleReport sample;
  sample.report.findings[0].message = "bad \xff byte";
  nlohmann::json doc = nlohmann::json::parse(WriteJson(sample.report, "0"));
  EXPECT_EQ(doc["findings"][0]["message"], "bad \xEF\xBF\xBD byte");
}

}  // namespace
}  // namespace gbreak
