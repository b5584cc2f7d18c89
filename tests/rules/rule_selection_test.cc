#include "rules/rule_selection.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/rule_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::QueryRule;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<Rule> Catalog() {
  Rule off = QueryRule("CV002", "tolist", "");
  off.enabled_by_default = false;
  return {QueryRule("CV001", "item", ""), off, QueryRule("SE001", "print-call", "")};
}

std::vector<std::string> Codes(const RuleSelection& selection) {
  absl::StatusOr<std::vector<Rule>> rules = SelectRules(Catalog(), selection);
  EXPECT_TRUE(rules.ok()) << rules.status();
  std::vector<std::string> codes;
  if (rules.ok()) {
    for (const Rule& r : *rules) codes.push_back(r.code);
  }
  return codes;
}

TEST(RuleSelectionTest, DefaultsAreTheEnabledRules) {
  EXPECT_THAT(Codes({}), ElementsAre("CV001", "SE001"));
}

TEST(RuleSelectionTest, SelectReplacesExtendAddsIgnoreRemoves) {
  EXPECT_THAT(Codes({.select = {"CV"}}), ElementsAre("CV001", "CV002"));
  EXPECT_THAT(Codes({.extend_select = {"CV002"}}), ElementsAre("CV001", "CV002", "SE001"));
  EXPECT_THAT(Codes({.select = {"ALL"}, .ignore = {"CV001"}}), ElementsAre("CV002", "SE001"));
  EXPECT_THAT(Codes({.select = {"print-call"}}), ElementsAre("SE001"));
}

TEST(RuleSelectionTest, UnknownSelectorIsAnError) {
  absl::StatusOr<std::vector<Rule>> rules = SelectRules(Catalog(), {.ignore = {"XY9"}});
  ASSERT_FALSE(rules.ok());
  EXPECT_THAT(std::string(rules.status().message()), HasSubstr("--ignore: `XY9` matches no rule"));
}

}  // namespace
}  // namespace gbreak
