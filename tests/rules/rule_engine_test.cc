#include "rules/rule_engine.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/rule_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::EngineOf;
using ::gbreak::testing::QueryRule;
using ::gbreak::testing::RunOn;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::StartsWith;

std::string CreateError(std::vector<Rule> rules) {
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create(std::move(rules));
  return engine.ok() ? "" : std::string(engine.status().message());
}

TEST(RuleEngineTest, RoutesMatchesOfOneCombinedQueryToTheirRules) {
  auto engine = EngineOf({
      QueryRule("AA001", "calls-print",
                "((call function: (identifier) @f) @report (#eq? @f \"print\"))"),
      QueryRule("AA002", "calls-len",
                "((call function: (identifier) @f) @report (#eq? @f \"len\"))"),
  });
  EXPECT_THAT(RunOn(*engine, "print(len(x))\n"),
              ElementsAre("1:1 AA001 found print(len(x))", "1:7 AA002 found len(x)"));
}

// Patterns of one structure run as one pattern of the matching query (comments, layout and
// predicates aside); each rule still gets its own predicates and captures.
TEST(RuleEngineTest, PatternsOfOneStructureShareTheirMatches) {
  auto engine = EngineOf({
      QueryRule("AA001", "a",
                "; a comment with (#eq? @f \"x\") in it\n"
                "((call function: (identifier) @f) @report ; the call\n"
                " (#match? @f \"^(pr|le)[a-z]*$\"))"),
      QueryRule("AA002", "b",
                "((call\n   function: (identifier) @f)\n @report (#eq? @f \"len\"))", "len {f}"),
      QueryRule("AA003", "c", "((call function: (attribute) @f) @report (#eq? @f \"a.b\"))"),
  });
  EXPECT_THAT(RunOn(*engine, "print(len(x), a.b(), str(y))\n"),
              ElementsAre("1:1 AA001 found print(len(x), a.b(), str(y))",
                          "1:7 AA001 found len(x)", "1:7 AA002 len len", "1:15 AA003 found a.b()"));
}

// A pattern the tree-index matcher does not implement (a quantifier, a negated field) runs on
// tree-sitter's query cursor; the findings come out the same either way.
TEST(RuleEngineTest, PatternsTheMatcherRefusesRunOnTreeSitter) {
  auto engine = EngineOf({
      QueryRule("AA001", "two-or-more",
                "((call arguments: (argument_list (identifier) (identifier)+)) @report)"),
      QueryRule("AA002", "no-arguments", "((lambda !parameters) @report)"),
      QueryRule("AA003", "plain", "((call function: (identifier) @f) @report (#eq? @f \"g\"))"),
  });
  EXPECT_THAT(RunOn(*engine, "f(a)\ng(a, b)\nh = lambda: 0\nk = lambda x: x\n"),
              ElementsAre("2:1 AA001 found g(a, b)", "2:1 AA003 found g(a, b)",
                          "3:5 AA002 found lambda: 0"));
}

// The block predicates stand for `(block (A) (B))` patterns: A an earlier statement of the same
// block as B (not a nested block, not the module's top level, B a whole expression statement).
TEST(RuleEngineTest, EarlierStatementOfTheSameBlock) {
  Rule io = QueryRule("AA001", "io",
                      "((expression_statement (call function: (attribute object: (identifier) "
                      "@obj)) @report) (#assigned-earlier-in-block? @report @obj "
                      "\"builtins.open\"))");
  io.predicates = {"assigned-earlier-in-block"};
  Rule global = QueryRule("AA002", "global",
                          "((expression_statement (augmented_assignment left: (identifier) "
                          "@name) @report) (#declared-global-earlier-in-block? @report @name))");
  global.predicates = {"declared-global-earlier-in-block"};
  auto engine = EngineOf({io, global});
  EXPECT_THAT(RunOn(*engine,
                    "def f(p):\n    g.close()\n    g = open(p)\n    g.close()\n"
                    "    h = g.close()\n    if p:\n        g.close()\n    k = read(p)\n"
                    "    k.close()\n    n += 1\n    global n, m\n    m += 1\n    if p:\n"
                    "        n += 1\ng = open(1)\ng.close()\n"),
              ElementsAre("4:5 AA001 found g.close()", "12:5 AA002 found m += 1"));
}

TEST(RuleEngineTest, SemanticPredicateLimitsToForwardMethods) {
  Rule rule = QueryRule("AA001", "p", "((call) @report (#in-compiled-region? @report))");
  rule.predicates = {"in-compiled-region"};
  auto engine = EngineOf({rule});
  std::string code =
      "f(1)\n"
      "class M:\n"
      "    def __init__(self):\n"
      "        g(2)\n"
      "    @torch.no_grad()\n"
      "    def forward(self, x):\n"
      "        def inner():\n"
      "            h(3)\n"
      "        return k(4)\n"
      "def forward(x):\n"
      "    z(5)\n";
  // inner() is defined but never used, so Dynamo never traces it.
  EXPECT_THAT(RunOn(*engine, code), ElementsAre("9:16 AA001 found k(4)"));
}

TEST(RuleEngineTest, NegatedSemanticPredicate) {
  Rule rule = QueryRule("AA001", "p", "((call) @report (#not-in-compiled-region? @report))");
  rule.predicates = {"in-compiled-region"};
  auto engine = EngineOf({rule});
  EXPECT_THAT(RunOn(*engine, "f(1)\nclass M:\n    def forward(self):\n        g()\n"),
              ElementsAre("1:1 AA001 found f(1)"));
}

TEST(RuleEngineTest, PlaceholdersAreShortenedToOneLine) {
  auto engine = EngineOf({QueryRule("AA001", "p", "((call) @report)", "`{report}` here")});
  EXPECT_THAT(RunOn(*engine, "f(1,\n  2)\n"), ElementsAre("1:1 AA001 `f(1,…` here"));
}

TEST(RuleEngineTest, MatchesInsideSyntaxErrorsAreDropped) {
  auto engine = EngineOf({QueryRule("AA001", "p", "((call) @report)")});
  // Recovery wraps the truncated class in an ERROR node; the calls inside it are not trusted.
  std::string code = "class M:\n    def g(self):\n        f(2)\n";
  EXPECT_THAT(RunOn(*engine, code), ElementsAre("3:9 AA001 found f(2)"));
  EXPECT_THAT(RunOn(*engine, code + "    def h(self):\n        return k(1, [2,"), IsEmpty());
}

TEST(RuleEngineTest, QueryErrorsNameTheRuleFileAndPosition) {
  EXPECT_THAT(CreateError({QueryRule("AA001", "good", "((call) @report)"),
                           QueryRule("AA002", "bad", "((call)\n  (no_such_node) @report)")}),
              StartsWith("queries/bad.scm:2:4: unknown node type"));
  EXPECT_THAT(CreateError({QueryRule("AA001", "bad", "((call) @report")}),
              StartsWith("queries/bad.scm:1:"));
}

// tree-sitter compiles `""` with strncmp(name, NULL, 0) (undefined behaviour, found by fuzzing),
// as a node or as a predicate's argument: refused first, with its place.
TEST(RuleEngineTest, EmptyStringsAreRefusedBeforeTreeSitter) {
  EXPECT_THAT(CreateError({QueryRule("AA001", "bad", "; a \"\" in a comment\n[(call) \"\"] @report")}),
              StartsWith("queries/bad.scm:2:9: an empty string"));
  EXPECT_THAT(CreateError({QueryRule("AA001", "bad",
                                     "((identifier) @report (#not-eq? @report \"\"))")}),
              StartsWith("queries/bad.scm:1:41: an empty string"));
  EXPECT_THAT(CreateError({QueryRule("AA001", "ok", "((string) @report (#eq? @report \"\\\"\"))")}),
              IsEmpty());
}

TEST(RuleEngineTest, CatalogQueriesAreReadNotCompiled) {
  // The embedded catalog's queries are compiled by tree-sitter in the tests, not at start-up
  // (QueryOutline): a structure tree-sitter would reject (no `if` statement inside a call) goes
  // unnoticed there, a user's is an error.
  Rule checked = QueryRule("AA001", "checked", "((call (if_statement)) @report)");
  checked.query_checked_in_tests = true;
  EXPECT_EQ(CreateError({checked}), "");
  checked.query_checked_in_tests = false;
  EXPECT_THAT(CreateError({checked}),
              StartsWith("queries/checked.scm:1:8: impossible pattern structure"));
  // Reading still finds syntax errors, and says where.
  Rule unclosed = QueryRule("AA001", "unclosed", "((call) @report)\n((call) @report");
  unclosed.query_checked_in_tests = true;
  EXPECT_THAT(CreateError({unclosed}), StartsWith("queries/unclosed.scm:2:"));
}

TEST(RuleEngineTest, PatternWithoutReportCaptureIsAnError) {
  EXPECT_THAT(CreateError({QueryRule("AA001", "noreport", "((call) @x)", "m")}),
              HasSubstr("no @report capture"));
}

TEST(RuleEngineTest, UnknownOrUndeclaredPredicatesAreErrors) {
  EXPECT_THAT(CreateError({QueryRule("AA001", "p", "((call) @report (#is-magic? @report))")}),
              HasSubstr("unknown predicate #is-magic?"));
  EXPECT_THAT(
      CreateError({QueryRule("AA001", "p", "((call) @report (#in-compiled-region? @report))")}),
      HasSubstr("not listed"));
  Rule rule = QueryRule("AA001", "p", "((call) @report)");
  rule.predicates = {"no-such-predicate"};
  EXPECT_THAT(CreateError({rule}), HasSubstr("unknown semantic predicate"));
}

TEST(RuleEngineTest, PlaceholderMustNameACapture) {
  EXPECT_THAT(CreateError({QueryRule("AA001", "p", "((call) @report)", "{callee}")}),
              HasSubstr("{callee}"));
}

TEST(RuleEngineTest, DuplicateCodesAreErrors) {
  EXPECT_THAT(CreateError({QueryRule("AA001", "a", "((call) @report)"),
                           QueryRule("AA001", "b", "((call) @report)")}),
              HasSubstr("defined twice"));
}

TEST(RuleEngineTest, SameNodeThroughTwoPatternsIsReportedOnce) {
  auto engine = EngineOf({QueryRule("AA001", "p", "((call) @report) ((call) @report)")});
  EXPECT_THAT(RunOn(*engine, "f()\n"), ElementsAre("1:1 AA001 found f()"));
}

TEST(RuleEngineTest, NoQueryRulesMeansNoFindings) {
  auto engine = EngineOf({});
  EXPECT_THAT(RunOn(*engine, "print(1)\n"), IsEmpty());
}

}  // namespace
}  // namespace gbreak
