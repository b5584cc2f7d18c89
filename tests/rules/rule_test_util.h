#ifndef GBREAK_TESTS_RULES_RULE_TEST_UTIL_H_
#define GBREAK_TESTS_RULES_RULE_TEST_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/rule.h"
#include "rules/rule_engine.h"
#include "rules/rule_loader.h"
#include "source/source_file.h"
#include "syntax/tree_sitter.h"

namespace gbreak::testing {

// A minimal valid query rule with the given code, name and query.
inline Rule QueryRule(std::string code, std::string name, std::string query,
                      std::string message = "found {report}") {
  Rule rule;
  rule.code = std::move(code);
  rule.name = std::move(name);
  rule.category = "test";
  rule.summary = "test rule";
  rule.message = std::move(message);
  rule.origin = "rules/" + rule.name + ".toml";
  rule.query_origin = "queries/" + rule.name + ".scm";
  rule.query_source = std::move(query);
  return rule;
}

// Runs an engine over `code` and returns "line:column CODE message" per finding.
inline std::vector<std::string> RunOn(const RuleEngine& engine, const std::string& code) {
  SourceFile source("t.py", code);
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source.text());
  QueryCursorPtr cursor(ts_query_cursor_new());
  std::vector<Finding> findings;
  engine.Run(source, ts_tree_root_node(tree.get()), cursor.get(), &findings);
  std::sort(findings.begin(), findings.end());
  std::vector<std::string> out;
  for (const Finding& f : findings) {
    out.push_back(std::to_string(f.start.line) + ":" + std::to_string(f.start.column) + " " +
                  f.rule->code + " " + f.message);
  }
  return out;
}

// An engine of `rules`, or null after a test failure saying why it could not be built.
inline std::unique_ptr<RuleEngine> EngineOf(std::vector<Rule> rules) {
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create(std::move(rules));
  EXPECT_TRUE(engine.ok()) << engine.status();
  return engine.ok() ? *std::move(engine) : nullptr;
}

// An engine of gbreak's own rules (those built into the binary), or null after a test failure.
inline std::unique_ptr<RuleEngine> EmbeddedEngine() {
  absl::StatusOr<std::vector<Rule>> rules = LoadEmbeddedRules();
  EXPECT_TRUE(rules.ok()) << rules.status();
  return rules.ok() ? EngineOf(*std::move(rules)) : nullptr;
}

}  // namespace gbreak::testing

#endif  // GBREAK_TESTS_RULES_RULE_TEST_UTIL_H_
