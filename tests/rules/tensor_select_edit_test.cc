// The torch.where `--fix` edit of CF001: `if <0-d tensor>: h = clamp(h, ...)` becomes
// `h = torch.where(<test>, clamp(h, ...), h)`, and every case where the result could differ (or
// the edit is not mechanical) gets no edit.

#include "rules/tensor_select_edit.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/file_facts.h"
#include "rules/rule_engine.h"
#include "rules/rule_loader.h"
#include "rules/rule_test_util.h"
#include "source/source_file.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

// The test of the first `if` in document order: what CF001 reports.
TSNode FirstIfCondition(TSNode node) {
  if (Is(node, "if_statement")) return Field(node, "condition");
  for (uint32_t i = 0; i < ts_node_child_count(node); ++i) {
    TSNode found = FirstIfCondition(ts_node_child(node, i));
    if (!ts_node_is_null(found)) return found;
  }
  return TSNode{};
}

constexpr char kHeader[] =
    "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, h):\n"
    "        h = torch.relu(h)\n";

// `body` (statements of forward, indented 8 spaces, after `h = torch.relu(h)`) with the edit
// applied, or nullopt when no edit is made.
std::optional<std::string> Fixed(const std::string& body, const std::string& header = kHeader) {
  std::string code = header + body;
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode root = ts_tree_root_node(tree.get());
  TSNode report = FirstIfCondition(root);
  EXPECT_FALSE(ts_node_is_null(report)) << "no if";
  if (ts_node_is_null(report)) return std::nullopt;
  FileFacts facts(root, code);
  std::optional<TextEdit> edit = TensorSelectEdit(report, facts);
  if (!edit.has_value()) return std::nullopt;
  code.replace(edit->start, edit->end - edit->start, edit->replacement);
  return code.substr(header.size());
}

TEST(TensorSelectEditTest, ClampUnlessFiniteKeepsThePythonValueAndSelects) {
  // The DETR family's encoder layers (transformers), a break per layer in training.
  EXPECT_EQ(Fixed("        if not torch.isfinite(h).all():\n"
                  "            clamp_value = torch.finfo(h.dtype).max - 1000\n"
                  "            h = torch.clamp(h, min=-clamp_value, max=clamp_value)\n"
                  "        return h\n"),
            "        clamp_value = torch.finfo(h.dtype).max - 1000\n"
            "        h = torch.where(torch.logical_not(torch.isfinite(h).all()), "
            "torch.clamp(h, min=-clamp_value, max=clamp_value), h)\n"
            "        return h\n");
}

TEST(TensorSelectEditTest, ComparisonOfAReductionWithANumberAndAMethodCall) {
  EXPECT_EQ(Fixed("        if h.abs().max() > 1e4:\n"
                  "            h = h.clamp(-1e4, 1e4)  # keep it finite\n"
                  "        return h\n"),
            std::nullopt)  // the comment would be dropped
      << "a comment in the body";
  EXPECT_EQ(Fixed("        if h.abs().max() > 1e4:\n"
                  "            h = h.clamp(-1e4, 1e4)\n"
                  "        return h\n"),
            "        h = torch.where(h.abs().max() > 1e4, h.clamp(-1e4, 1e4), h)\n"
            "        return h\n");
  EXPECT_EQ(Fixed("        if torch.isnan(h).any():\n"
                  "            h = torch.nan_to_num(h)\n"
                  "        return h\n"),
            "        h = torch.where(torch.isnan(h).any(), torch.nan_to_num(h), h)\n"
            "        return h\n");
}

TEST(TensorSelectEditTest, SecondFixChangesNothing) {
  std::optional<std::string> once = Fixed("        if torch.isnan(h).any():\n"
                                          "            h = torch.nan_to_num(h)\n"
                                          "        if h.sum() > 0:\n"
                                          "            h = h.clamp(max=1.0)\n"
                                          "        return h\n");
  ASSERT_TRUE(once.has_value());
  // The first `if` is gone; the edit of the next one leaves the first line as it was.
  std::optional<std::string> twice = Fixed(*once);
  ASSERT_TRUE(twice.has_value());
  EXPECT_EQ(twice->substr(0, twice->find('\n')), once->substr(0, once->find('\n')));
  EXPECT_EQ(twice->find("if "), std::string::npos);
}

TEST(TensorSelectEditTest, NoEditWhereTheResultCouldDiffer) {
  // A condition that is not 0-d by construction would broadcast the selected tensor.
  EXPECT_EQ(Fixed("        if h.sum(dim=0) > 0:\n"
                  "            h = h.clamp(max=1.0)\n"
                  "        return h\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        if h > 0:\n"
                  "            h = h.clamp(max=1.0)\n"
                  "        return h\n"),
            std::nullopt);
  // Python truth tests inside the condition read the value anyway.
  EXPECT_EQ(Fixed("        if h.any() and h.all():\n"
                  "            h = h.clamp(max=1.0)\n"
                  "        return h\n"),
            std::nullopt);
  // A function that changes the shape, or that is not of the replaced tensor itself.
  EXPECT_EQ(Fixed("        if h.any():\n"
                  "            h = h.sum(dim=0)\n"
                  "        return h\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        g = h * 2\n"
                  "        if h.any():\n"
                  "            h = torch.clamp(g, max=1.0)\n"
                  "        return h\n"),
            std::nullopt);
  // A tensor bound is a tensor argument: it could broadcast.
  EXPECT_EQ(Fixed("        if h.any():\n"
                  "            h = torch.clamp(h, max=h.mean())\n"
                  "        return h\n"),
            std::nullopt);
  // An else branch, or a body that does more than assign.
  EXPECT_EQ(Fixed("        if h.any():\n"
                  "            h = h.clamp(max=1.0)\n"
                  "        else:\n"
                  "            h = h.clamp(min=0.0)\n"
                  "        return h\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        if h.any():\n"
                  "            print('clamping')\n"
                  "            h = h.clamp(max=1.0)\n"
                  "        return h\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        if h.any():\n"
                  "            h[0] = 0\n"
                  "        return h\n"),
            std::nullopt);
}

TEST(TensorSelectEditTest, PythonValuesMustNotBeSeenOutsideTheBranch) {
  // Read after the `if`: it would now hold the branch's value when the test fails.
  EXPECT_EQ(Fixed("        limit = 1.0\n"
                  "        if h.any():\n"
                  "            limit = 2.0\n"
                  "            h = h.clamp(max=limit)\n"
                  "        return h * limit\n"),
            std::nullopt);
  // A call of the user's own (it may have effects) is not made unconditional.
  EXPECT_EQ(Fixed("        if h.any():\n"
                  "            limit = self.limit()\n"
                  "            h = h.clamp(max=limit)\n"
                  "        return h\n"),
            std::nullopt);
}

TEST(TensorSelectEditTest, NeedsTorchAsTheModule) {
  EXPECT_EQ(Fixed("        if h.any():\n"
                  "            h = h.clamp(max=1.0)\n"
                  "        return h\n",
                  "import torch as T\n\n\nclass M(T.nn.Module):\n    def forward(self, h):\n"
                  "        h = T.relu(h)\n"),
            std::nullopt);
}

// Through the engine, with the catalog's CF001: the finding gets the edit, marked unsafe, with
// the select in words (what --fix shows when it does not make it).
TEST(TensorSelectAutofixTest, CatalogRuleGivesItsFindingAnUnsafeEdit) {
  absl::StatusOr<std::vector<Rule>> rules = LoadEmbeddedRules();
  ASSERT_TRUE(rules.ok()) << rules.status();
  std::vector<Rule> selected;
  for (const Rule& rule : *rules) {
    if (rule.code == "CF001") selected.push_back(rule);
  }
  ASSERT_EQ(selected.size(), 1u);
  EXPECT_EQ(selected[0].autofix, Rule::Autofix::kTensorBranch);
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create(selected);
  ASSERT_TRUE(engine.ok()) << engine.status();
  std::string code = std::string(kHeader) +
                     "        if not torch.isfinite(h).all():\n"
                     "            h = torch.clamp(h, min=-1e4, max=1e4)\n"
                     "        return h\n";
  SourceFile source("t.py", code);
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source.text());
  QueryCursorPtr cursor(ts_query_cursor_new());
  std::vector<Finding> findings;
  (*engine)->Run(source, ts_tree_root_node(tree.get()), cursor.get(), &findings);
  ASSERT_EQ(findings.size(), 1u);
  const Finding& f = findings[0];
  ASSERT_TRUE(f.edit.has_value());
  EXPECT_EQ(f.fix_safety, FixSafety::kUnsafe);
  EXPECT_EQ(f.edit->replacement,
            "h = torch.where(torch.logical_not(torch.isfinite(h).all()), "
            "torch.clamp(h, min=-1e4, max=1e4), h)");
  EXPECT_THAT(f.fix, ::testing::HasSubstr("torch.where(cond, new, old)"));
  EXPECT_THAT(f.fix, ::testing::HasSubstr("--unsafe-fixes"));
}

}  // namespace
}  // namespace gbreak
