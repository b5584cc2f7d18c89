#include "rules/rule_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::TempDir;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kValid[] = R"(
code = "XX001"
name = "demo-rule"
category = "demo"
summary = "a demo"
message = "found {report}"
severity = "error"
confidence = "likely"
registry_ids = ["GB0025"]
predicates = ["in-compiled-region"]
rationale = """
Why it breaks.
"""
fix = "How to fix."
enabled = false

[example]
before = """
print(1)
"""
after = "pass"
)";

TEST(RuleLoaderTest, ParsesEveryField) {
  absl::StatusOr<Rule> rule = ParseRuleToml(kValid, "rules/demo-rule.toml");
  ASSERT_TRUE(rule.ok()) << rule.status();
  EXPECT_EQ(rule->code, "XX001");
  EXPECT_EQ(rule->name, "demo-rule");
  EXPECT_EQ(rule->severity, Severity::kError);
  EXPECT_EQ(rule->confidence, Confidence::kLikely);
  EXPECT_EQ(rule->registry_ids, std::vector<std::string>{"GB0025"});
  EXPECT_EQ(rule->predicates, std::vector<std::string>{"in-compiled-region"});
  EXPECT_EQ(rule->rationale, "Why it breaks.");
  EXPECT_EQ(rule->example_before, "print(1)");
  EXPECT_FALSE(rule->enabled_by_default);
}

TEST(RuleLoaderTest, UnknownKeyIsAnErrorWithItsPosition) {
  std::string text = std::string(kValid) + "\n";
  text.insert(0, "colour = \"red\"\n");
  absl::StatusOr<Rule> rule = ParseRuleToml(text, "rules/x.toml");
  ASSERT_FALSE(rule.ok());
  EXPECT_THAT(std::string(rule.status().message()), StartsWith("rules/x.toml:1:"));
  EXPECT_THAT(std::string(rule.status().message()), HasSubstr("unknown key `colour`"));
}

TEST(RuleLoaderTest, Autofix) {
  absl::StatusOr<Rule> plain = ParseRuleToml(kValid, "rules/x.toml");
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_EQ(plain->autofix, Rule::Autofix::kNone);
  absl::StatusOr<Rule> guarded =
      ParseRuleToml(std::string("autofix = \"guard-eager\"\n") + kValid, "rules/x.toml");
  ASSERT_TRUE(guarded.ok()) << guarded.status();
  EXPECT_EQ(guarded->autofix, Rule::Autofix::kGuardEager);
  absl::StatusOr<Rule> unknown =
      ParseRuleToml(std::string("autofix = \"delete\"\n") + kValid, "rules/x.toml");
  ASSERT_FALSE(unknown.ok());
  EXPECT_THAT(std::string(unknown.status().message()),
              HasSubstr("autofix `delete` must be guard-eager, tensor-check or tensor-branch"));
}

// Each kind has the safety its edit's behaviour gives it; a rule may only weaken it.
TEST(RuleLoaderTest, FixSafety) {
  auto parse = [](const std::string& keys) {
    return ParseRuleToml(keys + kValid, "rules/x.toml");
  };
  absl::StatusOr<Rule> guarded = parse("autofix = \"guard-eager\"\n");
  ASSERT_TRUE(guarded.ok()) << guarded.status();
  EXPECT_EQ(guarded->fix_safety, FixSafety::kSafe);
  absl::StatusOr<Rule> check = parse("autofix = \"tensor-check\"\n");
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->autofix, Rule::Autofix::kTensorCheck);
  EXPECT_EQ(check->fix_safety, FixSafety::kUnsafe);
  absl::StatusOr<Rule> branch = parse("autofix = \"tensor-branch\"\n");
  ASSERT_TRUE(branch.ok()) << branch.status();
  EXPECT_EQ(branch->autofix, Rule::Autofix::kTensorBranch);
  EXPECT_EQ(branch->fix_safety, FixSafety::kUnsafe);
  EXPECT_FALSE(parse("autofix = \"tensor-branch\"\nfix_safety = \"safe\"\n").ok());
  absl::StatusOr<Rule> weakened = parse("autofix = \"guard-eager\"\nfix_safety = \"unsafe\"\n");
  ASSERT_TRUE(weakened.ok()) << weakened.status();
  EXPECT_EQ(weakened->fix_safety, FixSafety::kUnsafe);
  absl::StatusOr<Rule> safer = parse("autofix = \"tensor-check\"\nfix_safety = \"safe\"\n");
  ASSERT_FALSE(safer.ok());
  EXPECT_THAT(std::string(safer.status().message()), HasSubstr("its fixes are unsafe"));
  EXPECT_FALSE(parse("fix_safety = \"unsafe\"\n").ok());
  EXPECT_FALSE(parse("autofix = \"tensor-check\"\nfix_safety = \"maybe\"\n").ok());
}

TEST(RuleLoaderTest, MissingKeyIsAnError) {
  std::string text = kValid;
  text.erase(text.find("summary"), text.find('\n', text.find("summary")) - text.find("summary"));
  absl::StatusOr<Rule> rule = ParseRuleToml(text, "rules/x.toml");
  ASSERT_FALSE(rule.ok());
  EXPECT_THAT(std::string(rule.status().message()), HasSubstr("missing key `summary`"));
}

TEST(RuleLoaderTest, TomlSyntaxErrorNamesLineAndColumn) {
  absl::StatusOr<Rule> rule = ParseRuleToml("code = \"XX001\nname = 1\n", "rules/x.toml");
  ASSERT_FALSE(rule.ok());
  EXPECT_THAT(std::string(rule.status().message()), StartsWith("rules/x.toml:1:"));
}

TEST(RuleLoaderTest, RejectsBadCodesNamesAndIds) {
  auto with = [](std::string from, std::string to) {
    std::string text = kValid;
    text.replace(text.find(from), from.size(), to);
    return ParseRuleToml(text, "rules/x.toml").status();
  };
  EXPECT_THAT(std::string(with("\"XX001\"", "\"GB0001\"").message()), HasSubstr("code"));
  EXPECT_THAT(std::string(with("\"demo-rule\"", "\"Demo_Rule\"").message()), HasSubstr("kebab"));
  EXPECT_THAT(std::string(with("\"GB0025\"", "\"gb25\"").message()), HasSubstr("registry id"));
  EXPECT_THAT(std::string(with("\"error\"", "\"fatal\"").message()), HasSubstr("severity"));
}

TEST(RuleLoaderTest, LoadsAUserDirectoryInEitherLayout) {
  TempDir flat;
  flat.Write("demo-rule.toml", kValid);
  flat.Write("demo-rule.scm", "((call) @report)\n");
  absl::StatusOr<std::vector<Rule>> rules = LoadRulesFromDirectory(flat.path());
  ASSERT_TRUE(rules.ok()) << rules.status();
  ASSERT_EQ(rules->size(), 1u);
  EXPECT_EQ((*rules)[0].query_source, "((call) @report)\n");

  TempDir nested;
  nested.Write("rules/demo-rule.toml", kValid);
  nested.Write("queries/demo-rule.scm", "((call) @report)\n");
  rules = LoadRulesFromDirectory(nested.path());
  ASSERT_TRUE(rules.ok()) << rules.status();
  EXPECT_EQ((*rules)[0].query_origin, nested.Join("queries/demo-rule.scm"));
}

TEST(RuleLoaderTest, MissingQueryFileIsAnError) {
  TempDir dir;
  dir.Write("demo-rule.toml", kValid);
  absl::StatusOr<std::vector<Rule>> rules = LoadRulesFromDirectory(dir.path());
  ASSERT_FALSE(rules.ok());
  EXPECT_THAT(std::string(rules.status().message()), HasSubstr("demo-rule.scm"));
}

}  // namespace
}  // namespace gbreak
