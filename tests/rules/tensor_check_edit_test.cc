// The tensor-check `--fix` edit: `assert <tensor>, msg` and `if <tensor>: raise E(msg)` become
// `torch._assert_async(...)`, and every case where that is not mechanical and no edit is made.

#include "rules/tensor_check_edit.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "analysis/file_facts.h"
#include "rules/fix_edit.h"
#include "rules/rule_engine.h"
#include "rules/rule_loader.h"
#include "rules/rule_test_util.h"
#include "source/source_file.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

using ::testing::HasSubstr;

// The condition of the first `assert` or `if` in document order: what CF002 and CF001 report.
TSNode FirstCheckCondition(TSNode node) {
  if (Is(node, "assert_statement")) return ts_node_named_child(node, 0);
  if (Is(node, "if_statement")) return Field(node, "condition");
  for (uint32_t i = 0; i < ts_node_child_count(node); ++i) {
    TSNode found = FirstCheckCondition(ts_node_child(node, i));
    if (!ts_node_is_null(found)) return found;
  }
  return TSNode{};
}

// `body` (a forward method's statements, indented 8 spaces) with the edit applied, or nullopt
// when no edit is made.
std::optional<std::string> FixedCode(const std::string& code) {
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode root = ts_tree_root_node(tree.get());
  TSNode report = FirstCheckCondition(root);
  EXPECT_FALSE(ts_node_is_null(report)) << "no assert or if";
  if (ts_node_is_null(report)) return std::nullopt;
  FileFacts facts(root, code);
  std::optional<TextEdit> edit = TensorCheckEdit(report, facts);
  if (!edit.has_value()) return std::nullopt;
  std::string out = code;
  out.replace(edit->start, edit->end - edit->start, edit->replacement);
  return out;
}

constexpr char kHeader[] =
    "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n";

std::optional<std::string> Fixed(const std::string& body) {
  std::optional<std::string> out = FixedCode(kHeader + body);
  if (out.has_value()) out->erase(0, std::string(kHeader).size());
  return out;
}

TEST(TensorCheckEditTest, AssertWithAnFStringOnShapes) {
  EXPECT_EQ(Fixed("        n = x.norm()\n"
                  "        assert n > 0, f\"zero norm for shape {tuple(x.shape)}\"  # why\n"
                  "        return x / n\n"),
            "        n = x.norm()\n"
            "        torch._assert_async(n > 0, f\"zero norm for shape {tuple(x.shape)}\")  # why\n"
            "        return x / n\n");
}

TEST(TensorCheckEditTest, IfRaiseChecksTheNegation) {
  EXPECT_EQ(Fixed("        if torch.isnan(x).any():\n"
                  "            raise ValueError(\"NaN input\")\n"
                  "        return x\n"),
            "        torch._assert_async(torch.logical_not(torch.isnan(x).any()), \"NaN input\")\n"
            "        return x\n");
}

TEST(TensorCheckEditTest, IfNotRaiseChecksTheOperand) {
  EXPECT_EQ(Fixed("        if not torch.isfinite(x).all():\n"
                  "            raise errors.ShapeError(f\"non-finite {x.shape[0]}\")\n"
                  "        return x\n"),
            "        torch._assert_async(torch.isfinite(x).all(), f\"non-finite {x.shape[0]}\")\n"
            "        return x\n");
}

TEST(TensorCheckEditTest, OneLineIfAndTrailingComment) {
  EXPECT_EQ(Fixed("        if (x < 0).any(): raise ValueError(\"negative\")  # keep\n"),
            "        torch._assert_async(torch.logical_not((x < 0).any()), \"negative\")  # keep\n");
}

TEST(TensorCheckEditTest, MultiLineConditionKeepsItsLinesInsideTheCall) {
  EXPECT_EQ(Fixed("        assert (\n"
                  "            x.min() >= 0  # non-negative\n"
                  "        ), f\"bad {x.dim()}\"\n"),
            "        torch._assert_async((\n"
            "            x.min() >= 0  # non-negative\n"
            "        ), f\"bad {x.dim()}\")\n");
}

TEST(TensorCheckEditTest, CrlfLineEndsAreKept) {
  std::string code =
      "import torch\r\ndef forward(x):\r\n    if (x < 0).any():\r\n"
      "        raise ValueError('neg')\r\n    return x\r\n";
  EXPECT_EQ(FixedCode(code),
            "import torch\r\ndef forward(x):\r\n"
            "    torch._assert_async(torch.logical_not((x < 0).any()), 'neg')\r\n    return x\r\n");
}

TEST(TensorCheckEditTest, AndOfTensorsInAnAssertIsACheckOfEach) {
  // transformers' I-BERT: `and` stops at the first false operand, and so do the checks (a failing
  // one raises before the next is evaluated). The message's parentheses are the call's own.
  EXPECT_EQ(Fixed("        assert x.max().isnan().sum() == 0 and x.min().isnan().sum() == 0, (\n"
                  "            \"NaN detected\"\n"
                  "        )\n"
                  "        return x\n"),
            "        torch._assert_async(x.max().isnan().sum() == 0, \"NaN detected\")\n"
            "        torch._assert_async(x.min().isnan().sum() == 0, \"NaN detected\")\n"
            "        return x\n");
  // Not where the assert shares its line with another statement.
  EXPECT_EQ(Fixed("        y = x; assert (x > 0).all() and (x < 9).all(), 'range'\n"),
            std::nullopt);
}

TEST(TensorCheckEditTest, OrOfTensorsBeforeARaiseIsACheckOfEachNegation) {
  EXPECT_EQ(Fixed("        if not (x > 0).all() or x.isnan().any():\n"
                  "            raise ValueError('x')\n"
                  "        return x\n"),
            "        torch._assert_async((x > 0).all(), 'x')\n"
            "        torch._assert_async(torch.logical_not(x.isnan().any()), 'x')\n"
            "        return x\n");
}

TEST(TensorCheckEditTest, NoEditWhenTheConditionIsNotOnlyATensor) {
  // Sizes, Python values and .item() are not tensors (`_assert_async` needs one).
  EXPECT_EQ(Fixed("        assert x.shape[0] > 0, f\"empty {x.shape}\"\n"), std::nullopt);
  EXPECT_EQ(Fixed("        assert x.sum().item() > 0, f\"zero {x.dim()}\"\n"), std::nullopt);
  EXPECT_EQ(Fixed("        if self.training:\n            raise ValueError('x')\n"),
            std::nullopt);
  // Python truth tests inside an operand: the check would still read the value.
  EXPECT_EQ(Fixed("        assert (x > 0).all() or (x < 9).all(), f\"{x.dim()}\"\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        assert (x > 0).all() and (x.any() or x.all()), 'x'\n"), std::nullopt);
  EXPECT_EQ(Fixed("        if not ((x > 0).all() and x.isnan().any()):\n"
                  "            raise ValueError('x')\n"),
            std::nullopt);
  // An operand that is not a tensor.
  EXPECT_EQ(Fixed("        assert (x > 0).all() and self.training, 'x'\n"), std::nullopt);
  EXPECT_EQ(Fixed("        assert 0 < x.sum() < 9, f\"{x.dim()}\"\n"), std::nullopt);
  EXPECT_EQ(Fixed("        if x.sum() if x.dim() else x.max():\n            raise ValueError('x')\n"),
            std::nullopt);
}

TEST(TensorCheckEditTest, NoEditWhenTheMessageIsNotAStaticStr) {
  // A tensor message, or an f-string that formats tensor data: building it reads the value.
  EXPECT_EQ(Fixed("        m = x.min()\n        assert m >= 0, m\n"), std::nullopt);
  EXPECT_EQ(Fixed("        m = x.min()\n        assert m >= 0, f\"min {m}\"\n"), std::nullopt);
  EXPECT_EQ(Fixed("        assert x.min() >= 0, f\"input {x}\"\n"), std::nullopt);
  // A name may not hold a str; bytes are refused by `_assert_async`.
  EXPECT_EQ(Fixed("        assert x.min() >= 0, MESSAGE\n"), std::nullopt);
  EXPECT_EQ(Fixed("        assert x.min() >= 0, b'bad'\n"), std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            raise ValueError()\n"), std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            raise ValueError('a', 'b')\n"),
            std::nullopt);
}

TEST(TensorCheckEditTest, NoEditWhenTheIfDoesMoreThanRaise) {
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            x = -x\n"), std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            print(1)\n            raise ValueError('n')\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            raise ValueError('n')\n"
                  "        else:\n            x = x + 1\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            raise ValueError('n')\n"
                  "        elif (x > 9).any():\n            raise ValueError('big')\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            raise ValueError('n') from None\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            raise make_error('n')\n"), std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            raise\n"), std::nullopt);
}

TEST(TensorCheckEditTest, NoEditWhenACommentWouldBeLost) {
  EXPECT_EQ(Fixed("        if (x < 0).any():  # never\n            raise ValueError('n')\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            # never\n            raise ValueError('n')\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("        if (x < 0).any():\n            raise ValueError(  # why\n"
                  "                'n')\n"),
            std::nullopt);
}

TEST(TensorCheckEditTest, NoEditWhereTorchIsNotTheModule) {
  EXPECT_EQ(FixedCode("import torch as T\ndef forward(x):\n    assert (x > 0).all(), f'{x.dim()}'\n"),
            std::nullopt);
  EXPECT_EQ(FixedCode("import torch\ndef forward(x, torch=None):\n"
                      "    assert (x > 0).all(), f'{x.dim()}'\n"),
            std::nullopt);
  EXPECT_EQ(FixedCode("import torch\nx = torch.ones(2)\nassert (x > 0).all(), f'{x.dim()}'\n"),
            std::nullopt);
  // A syntax error inside the statement.
  EXPECT_EQ(FixedCode("import torch\ndef forward(x):\n    assert (x > 0).all(), f'{x.dim(}'\n"),
            std::nullopt);
}

TEST(TensorCheckEditTest, TheResultHasNothingLeftToEdit) {
  std::optional<std::string> once = Fixed("        assert (x > 0).all(), f\"bad {x.dim()}\"\n"
                                          "        return x\n");
  ASSERT_TRUE(once.has_value());
  ParserPtr parser = NewPythonParser();
  std::string code = kHeader + *once;
  TreePtr tree = ParsePython(parser.get(), code);
  EXPECT_TRUE(ts_node_is_null(FirstCheckCondition(ts_tree_root_node(tree.get()))));
}

// Through the engine, with the catalog's rules: CF002 and CF001 findings get the edit, marked
// unsafe, with the call in words (what --fix shows when it does not make it).
TEST(TensorCheckAutofixTest, CatalogRulesGiveTheirFindingsAnUnsafeEdit) {
  absl::StatusOr<std::vector<Rule>> rules = LoadEmbeddedRules();
  ASSERT_TRUE(rules.ok()) << rules.status();
  std::vector<Rule> checks;
  for (const Rule& rule : *rules) {
    bool expected = rule.code == "CF001" || rule.code == "CF002";
    // CF001's kind makes this edit or the torch.where one (tensor_select_edit_test.cc).
    Rule::Autofix kind =
        rule.code == "CF001" ? Rule::Autofix::kTensorBranch : Rule::Autofix::kTensorCheck;
    EXPECT_EQ(rule.autofix == kind, expected) << rule.code;
    if (expected) {
      EXPECT_EQ(rule.fix_safety, FixSafety::kUnsafe) << rule.code;
      checks.push_back(rule);
    }
  }
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create(checks);
  ASSERT_TRUE(engine.ok()) << engine.status();
  std::string code = std::string(kHeader) +
                     "        assert x.min() >= 0, f\"negative input of shape {tuple(x.shape)}\"\n"
                     "        if torch.isnan(x).any():\n"
                     "            raise ValueError(\"NaN input\")\n"
                     "        return x\n";
  SourceFile source("t.py", code);
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source.text());
  QueryCursorPtr cursor(ts_query_cursor_new());
  std::vector<Finding> findings;
  (*engine)->Run(source, ts_tree_root_node(tree.get()), cursor.get(), &findings);
  ASSERT_EQ(findings.size(), 2u);
  for (const Finding& f : findings) {
    ASSERT_TRUE(f.edit.has_value()) << f.rule->code;
    EXPECT_EQ(f.fix_safety, FixSafety::kUnsafe);
    EXPECT_THAT(f.edit->replacement, HasSubstr("torch._assert_async("));
    EXPECT_THAT(f.fix, HasSubstr(f.edit->replacement));
    EXPECT_THAT(f.fix, HasSubstr("--unsafe-fixes"));
    EXPECT_THAT(f.fix, HasSubstr("RuntimeError"));
  }
}

}  // namespace
}  // namespace gbreak
