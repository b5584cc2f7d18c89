// The built-in catalog as a whole: every rule loads, compiles, is documented, and names only
// registry ids that exist in Dynamo's graph-break registry.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "rules/rule_engine.h"
#include "rules/rule_loader.h"

namespace gbreak {
namespace {

std::vector<Rule> Catalog() {
  absl::StatusOr<std::vector<Rule>> rules = LoadEmbeddedRules();
  EXPECT_TRUE(rules.ok()) << rules.status();
  return rules.ok() ? *rules : std::vector<Rule>{};
}

TEST(CatalogTest, EveryRuleLoadsAndTheWholeCatalogCompiles) {
  std::vector<Rule> rules = Catalog();
  ASSERT_FALSE(rules.empty());
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create(rules);
  EXPECT_TRUE(engine.ok()) << engine.status();
  // Start-up trusts the embedded queries (it only reads their outline); this is where
  // tree-sitter checks them, as it checks a user's rules (node types, fields, impossible
  // patterns). query_outline_test compiles the catalog as one query too.
  for (Rule& rule : rules) {
    if (rule.kind == Rule::Kind::kQuery) EXPECT_TRUE(rule.query_checked_in_tests) << rule.origin;
    rule.query_checked_in_tests = false;
  }
  engine = RuleEngine::Create(rules);
  EXPECT_TRUE(engine.ok()) << engine.status();
}

TEST(CatalogTest, EveryRuleIsDocumented) {
  for (const Rule& rule : Catalog()) {
    SCOPED_TRACE(rule.origin);
    EXPECT_FALSE(rule.summary.empty());
    EXPECT_GT(rule.rationale.size(), 40u);
    EXPECT_GT(rule.fix.size(), 20u);
    EXPECT_FALSE(rule.example_before.empty());
    EXPECT_FALSE(rule.example_after.empty());
    EXPECT_NE(rule.example_before, rule.example_after);
    if (rule.kind == Rule::Kind::kQuery) EXPECT_FALSE(rule.query_source.empty());
  }
}

TEST(CatalogTest, RuleFilesAreNamedAfterTheirRules) {
  for (const Rule& rule : Catalog()) {
    EXPECT_EQ(rule.origin, "rules/" + rule.name + ".toml");
    if (rule.kind == Rule::Kind::kQuery) {
      EXPECT_EQ(rule.query_origin, "queries/" + rule.name + ".scm");
    }
  }
}

TEST(CatalogTest, RegistryIdsExistInDynamosRegistry) {
  std::ifstream in(std::string(GBREAK_SOURCE_DIR) + "/../shared/data/graph_break_registry.json");
  if (!in) GTEST_SKIP() << "../shared/data/graph_break_registry.json is not beside the repo";
  nlohmann::json registry = nlohmann::json::parse(in);
  for (const Rule& rule : Catalog()) {
    for (const std::string& id : rule.registry_ids) {
      EXPECT_TRUE(registry.contains(id)) << rule.origin << " names unknown registry id " << id;
    }
  }
}

TEST(CatalogTest, CodesAreUniqueAndDoNotLookLikeDynamos) {
  std::set<std::string> codes;
  for (const Rule& rule : Catalog()) {
    EXPECT_TRUE(codes.insert(rule.code).second) << rule.code;
    EXPECT_FALSE(rule.code.starts_with("GB")) << rule.code;
  }
}

}  // namespace
}  // namespace gbreak
