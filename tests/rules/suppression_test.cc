// Suppression comments (rules/suppression.h) and Dynamo-setting conditions
// (rules/dynamo_settings.h).

#include "rules/suppression.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/dynamo_settings.h"
#include "rule_test_util.h"

namespace gbreak {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<std::string> Lint(const std::string& code) {
  Rule call = testing::QueryRule("SE001", "print-call",
                                 R"(((call function: (identifier) @fn) @report (#eq? @fn "print")))");
  Rule item = testing::QueryRule("CV001", "tensor-item",
                                 R"(((call function: (attribute attribute: (identifier) @m)) @report
                                     (#eq? @m "item")))");
  Rule unused;
  unused.code = "GX100";
  unused.name = "unused-suppression";
  unused.kind = Rule::Kind::kBuiltin;
  unused.message = "unused suppression";
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create({call, item, unused});
  EXPECT_TRUE(engine.ok()) << engine.status();
  SourceFile source("t.py", code);
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source.text());
  QueryCursorPtr cursor(ts_query_cursor_new());
  std::vector<Finding> findings;
  TSNode root = ts_tree_root_node(tree.get());
  (*engine)->Run(source, root, cursor.get(), &findings);
  ApplySuppressions(source, root, **engine, &findings);
  std::sort(findings.begin(), findings.end());
  std::vector<std::string> out;
  for (const Finding& f : findings) {
    out.push_back(std::to_string(f.start.line) + " " + f.rule->code);
  }
  return out;
}

TEST(SuppressionTest, NoqaWithCodesSuppressesOnlyThoseCodes) {
  EXPECT_THAT(Lint("print(1)  # noqa: SE001\n"), IsEmpty());
  EXPECT_THAT(Lint("print(1)  # noqa: SE001\nx.item()\n"), ElementsAre("2 CV001"));
  EXPECT_THAT(Lint("print(1)  # noqa: E501\n"), ElementsAre("1 SE001"));
  EXPECT_THAT(Lint("print(1)  # NOQA:SE001\n"), IsEmpty());
}

TEST(SuppressionTest, BareNoqaSuppressesEverythingAndIsNeverReportedUnused) {
  EXPECT_THAT(Lint("print(x.item())  # noqa\n"), IsEmpty());
  EXPECT_THAT(Lint("y = 1  # noqa\n"), IsEmpty());
}

TEST(SuppressionTest, GbreakIgnore) {
  EXPECT_THAT(Lint("print(x.item())  # gbreak: ignore[SE001]\n"), ElementsAre("1 CV001"));
  EXPECT_THAT(Lint("print(x.item())  # gbreak: ignore\n"), IsEmpty());
  EXPECT_THAT(Lint("y = 1  # gbreak: ignore\n"), ElementsAre("1 GX100"));
}

TEST(SuppressionTest, FileLevelNoqa) {
  EXPECT_THAT(Lint("# gbreak: noqa\nprint(1)\nx.item()\n"), IsEmpty());
  EXPECT_THAT(Lint("# gbreak: noqa: SE001\nprint(1)\nx.item()\n"), ElementsAre("3 CV001"));
  // Only on a line of its own.
  EXPECT_THAT(Lint("print(1)  # gbreak: noqa\n"), ElementsAre("1 SE001"));
  EXPECT_THAT(Lint("# gbreak: noqa: SE001\ny = 1\n"), ElementsAre("1 GX100"));
}

TEST(SuppressionTest, UnusedCodesAreReportedOnlyForRulesThatRan) {
  EXPECT_THAT(Lint("y = 1  # noqa: SE001\n"), ElementsAre("1 GX100"));
  EXPECT_THAT(Lint("y = 1  # noqa: SE002, E501\n"), IsEmpty());  // SE002 did not run
  EXPECT_THAT(Lint("print(1)  # noqa: SE001, CV001\n"), ElementsAre("1 GX100"));
}

TEST(SuppressionTest, MultiLineFindingsTakeTheCommentOnTheirFirstOrLastLine) {
  EXPECT_THAT(Lint("print(\n    1)  # noqa: SE001\n"), IsEmpty());
  EXPECT_THAT(Lint("print(  # noqa: SE001\n    1)\n"), IsEmpty());
}

TEST(SuppressionTest, DirectivesInsideStringsAreNotComments) {
  EXPECT_THAT(Lint("s = '# noqa: SE001'; print(s)\n"), ElementsAre("1 SE001"));
  EXPECT_THAT(Lint("s = \"\"\"\n# gbreak: noqa\n\"\"\"\nprint(s)\n"), ElementsAre("4 SE001"));
}

TEST(SuppressionTest, TrailingCommentAfterABlockHeaderMapsByLine) {
  EXPECT_THAT(Lint("if x:  # noqa: SE001\n    print(1)\nprint(2)  # noqa: SE001\n"),
              ElementsAre("1 GX100", "2 SE001"));
}

TEST(DynamoSettingsTest, ConditionsAndVersions) {
  DynamoSettings settings;
  EXPECT_FALSE(settings.Holds("capture_scalar_outputs"));
  EXPECT_TRUE(settings.Holds("trace_numpy"));
  EXPECT_TRUE(settings.Holds("trace_numpy=true"));
  ASSERT_TRUE(settings.Set("capture_scalar_outputs=1").ok());
  EXPECT_TRUE(settings.Holds("capture_scalar_outputs"));
  ASSERT_TRUE(settings.Set("reorderable_logging_functions=print,_warnings.warn").ok());
  EXPECT_TRUE(settings.Holds("reorderable_logging_functions:builtins.print"));
  EXPECT_TRUE(settings.Holds("reorderable_logging_functions:warnings.warn"));
  ASSERT_TRUE(settings.Set("ignore_logger_methods=logging.Logger.info").ok());
  EXPECT_TRUE(settings.Holds("ignore_logging_functions:logging.Logger.info"));
  EXPECT_FALSE(settings.Holds("ignore_logging_functions:logging.Logger.debug"));
  EXPECT_FALSE(settings.Set("no_such_setting=1").ok());
  EXPECT_FALSE(settings.Set("trace_numpy=maybe").ok());

  EXPECT_TRUE(VersionInRange("2.13.0+cpu", ">=2.1"));
  EXPECT_FALSE(VersionInRange("2.0", ">=2.1"));
  EXPECT_TRUE(VersionInRange("2.4", ">=2.1,<2.6"));
  EXPECT_FALSE(VersionInRange("2.6.1", ">=2.1,<2.6"));
  EXPECT_EQ(TorchRelease("2.14.1+cu130"), "2.14");
  EXPECT_EQ(TorchRelease("2.13"), "2.13");
  EXPECT_EQ(TorchRelease("2.15.0a0+git1234"), "2.15");
  EXPECT_EQ(TorchRelease("nightly"), "");
  EXPECT_FALSE(ValidateVersionRange("2.1").ok());
  EXPECT_FALSE(ValidateCondition("reorderable_logging_functions").ok());
  EXPECT_FALSE(ValidateCondition("capture_scalar_outputs:x").ok());
  EXPECT_TRUE(ValidateCondition("trace_numpy=false").ok());
}

TEST(DynamoSettingsTest, QueryDirectivesBlankOutPatterns) {
  std::string query =
      ";; unless: capture_scalar_outputs\n((call) @report)\n\n;; when: trace_numpy=false\n"
      "((identifier) @report)\n((string) @report)\n";
  ASSERT_TRUE(ValidateQueryDirectives(query).ok());
  DynamoSettings settings;
  std::string out = ApplyQueryDirectives(query, settings);
  EXPECT_NE(out.find("((call) @report)"), std::string::npos);
  EXPECT_EQ(out.find("((identifier) @report)"), std::string::npos);
  EXPECT_NE(out.find("((string) @report)"), std::string::npos);
  EXPECT_EQ(out.size(), query.size());
  ASSERT_TRUE(settings.Set("capture_scalar_outputs=true").ok());
  EXPECT_EQ(ApplyQueryDirectives(query, settings).find("((call) @report)"), std::string::npos);
  EXPECT_FALSE(ValidateQueryDirectives(";; when: bogus\n((call) @report)\n").ok());
}

TEST(DynamoSettingsTest, QueryDirectivesOnTheTorchVersion) {
  // A behaviour Dynamo changed in a release: the pattern holds for the versions before it.
  std::string query = ";; when: torch<2.12\n((call) @report)\n((string) @report)\n";
  ASSERT_TRUE(ValidateQueryDirectives(query).ok());
  DynamoSettings settings;  // 2.13 by default
  EXPECT_EQ(ApplyQueryDirectives(query, settings).find("((call) @report)"), std::string::npos);
  ASSERT_TRUE(settings.SetTorchVersion("2.11").ok());
  EXPECT_NE(ApplyQueryDirectives(query, settings).find("((call) @report)"), std::string::npos);
  EXPECT_NE(ApplyQueryDirectives(query, settings).find("((string) @report)"), std::string::npos);
  EXPECT_FALSE(ValidateQueryDirectives(";; when: torch<two\n((call) @report)\n").ok());
}

}  // namespace
}  // namespace gbreak
