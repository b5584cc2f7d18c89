// The text predicates the tree-sitter C library leaves to its host.

#include "rules/query_predicates.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/rule_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::QueryRule;
using ::gbreak::testing::RunOn;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::string> Lines(const std::string& query, const std::string& code) {
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine =
      RuleEngine::Create({QueryRule("AA001", "p", query, "{report}")});
  EXPECT_TRUE(engine.ok()) << engine.status();
  if (!engine.ok()) return {};
  std::vector<std::string> out;
  for (const std::string& line : RunOn(**engine, code)) out.push_back(line.substr(line.find(' ') + 7));
  return out;
}

std::string Error(const std::string& query) {
  auto engine = RuleEngine::Create({QueryRule("AA001", "p", query, "m")});
  return engine.ok() ? "" : std::string(engine.status().message());
}

constexpr char kCode[] = "a(1)\nbb(2)\nccc(3)\n";

TEST(QueryPredicatesTest, Eq) {
  EXPECT_THAT(Lines("((call function: (_) @f) @report (#eq? @f \"bb\"))", kCode),
              ElementsAre("bb(2)"));
  EXPECT_THAT(Lines("((call function: (_) @f) @report (#not-eq? @f \"bb\"))", kCode),
              ElementsAre("a(1)", "ccc(3)"));
}

TEST(QueryPredicatesTest, EqBetweenCaptures) {
  EXPECT_THAT(Lines("((call function: (identifier) @f arguments: (argument_list (identifier) @a))"
                    " @report (#eq? @f @a))",
                    "f(f)\nf(g)\n"),
              ElementsAre("f(f)"));
}

TEST(QueryPredicatesTest, MatchUsesRe2Search) {
  EXPECT_THAT(Lines("((call function: (_) @f) @report (#match? @f \"^c+$\"))", kCode),
              ElementsAre("ccc(3)"));
  EXPECT_THAT(Lines("((call function: (_) @f) @report (#not-match? @f \"b\"))", kCode),
              ElementsAre("a(1)", "ccc(3)"));
}

TEST(QueryPredicatesTest, AnyOf) {
  EXPECT_THAT(Lines("((call function: (_) @f) @report (#any-of? @f \"a\" \"ccc\"))", kCode),
              ElementsAre("a(1)", "ccc(3)"));
  EXPECT_THAT(Lines("((call function: (_) @f) @report (#not-any-of? @f \"a\" \"ccc\"))", kCode),
              ElementsAre("bb(2)"));
}

TEST(QueryPredicatesTest, CapturesWithSeveralNodesAllVersusAny) {
  std::string code = "f(x, x)\nf(x, y)\n";
  EXPECT_THAT(Lines("((call arguments: (argument_list (identifier) @a (identifier) @a)) @report (#eq? @a \"x\"))",
                    code),
              ElementsAre("f(x, x)"));
  EXPECT_THAT(
      Lines("((call arguments: (argument_list (identifier) @a (identifier) @a)) @report (#any-eq? @a \"y\"))",
            code),
      ElementsAre("f(x, y)"));
}

TEST(QueryPredicatesTest, BadRegexAndDirectivesAreErrors) {
  EXPECT_THAT(Error("((call) @report (#match? @report \"(\"))"), HasSubstr("bad regular"));
  EXPECT_THAT(Error("((call) @report (#set! x \"y\"))"), HasSubstr("#set! expects"));
  EXPECT_THAT(Error("((call) @report (#set! resumes \"yes\"))"), HasSubstr("#set! expects"));
  EXPECT_THAT(Error("((call) @report (#strip! @report \"y\"))"), HasSubstr("not supported"));
  EXPECT_EQ(Error("((call) @report (#set! resumes \"no\") (#set! frame-input-ok @report))"), "");
  EXPECT_THAT(Error("((call) @report (#eq? @report))"), HasSubstr("expects"));
}

}  // namespace
}  // namespace gbreak
