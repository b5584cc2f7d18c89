// The `--fix` edit: wrapping a side-effect call's statement in `if not
// torch.compiler.is_compiling():`, and every case where that is not safe and no edit is made.

#include "rules/fix_edit.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "program/import_table.h"
#include "rules/rule_engine.h"
#include "rules/rule_loader.h"
#include "rules/rule_test_util.h"
#include "source/source_file.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

using ::testing::HasSubstr;

// The first call of `callee` (the function's text, e.g. "print" or "logger.info") in document
// order, or a null node.
TSNode FindCall(TSNode node, std::string_view text, std::string_view callee) {
  if (Is(node, "call") && NodeText(Field(node, "function"), text) == callee) return node;
  for (uint32_t i = 0; i < ts_node_child_count(node); ++i) {
    TSNode found = FindCall(ts_node_child(node, i), text, callee);
    if (!ts_node_is_null(found)) return found;
  }
  return TSNode{};
}

// `code` with the guard edit for the first call of `callee` applied, or nullopt when no edit is
// made.
std::optional<std::string> Fixed(const std::string& code, std::string_view callee = "print") {
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode root = ts_tree_root_node(tree.get());
  TSNode call = FindCall(root, code, callee);
  EXPECT_FALSE(ts_node_is_null(call)) << "no call of " << callee;
  ImportTable imports = ImportTable::Build(root, code);
  BindingIndex bindings(code);
  std::optional<TextEdit> edit = GuardEagerEdit(call, root, code, imports, bindings);
  if (!edit.has_value()) return std::nullopt;
  std::string out = code;
  out.replace(edit->start, edit->end - edit->start, edit->replacement);
  return out;
}

// GuardEagerEdit's answer when a patch file may hand `torch` in: "none", "in place" (the
// module's own `torch`) or "from outside".
std::string TorchSource(const std::string& code) {
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode root = ts_tree_root_node(tree.get());
  ImportTable imports = ImportTable::Build(root, code);
  BindingIndex bindings(code);
  bool from_outside = false;
  std::optional<TextEdit> edit =
      GuardEagerEdit(FindCall(root, code, "print"), root, code, imports, bindings, &from_outside);
  if (!edit.has_value()) return "none";
  return from_outside ? "from outside" : "in place";
}

constexpr char kHeader[] = "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n";

TEST(GuardEagerEditTest, WrapsAPrintInForward) {
  std::string code = std::string(kHeader) +
                     "        print(\"x:\", x.shape)\n"
                     "        return x\n";
  EXPECT_EQ(Fixed(code), std::string(kHeader) +
                             "        if not torch.compiler.is_compiling():\n"
                             "            print(\"x:\", x.shape)\n"
                             "        return x\n");
}

TEST(GuardEagerEditTest, KeepsATrailingComment) {
  std::string code = std::string(kHeader) + "        print(x)  # debug\n        return x\n";
  EXPECT_EQ(Fixed(code), std::string(kHeader) +
                             "        if not torch.compiler.is_compiling():\n"
                             "            print(x)  # debug\n"
                             "        return x\n");
}

TEST(GuardEagerEditTest, WrapsALoggerCall) {
  std::string code =
      "import logging\nimport torch\nlogger = logging.getLogger(__name__)\n"
      "def f(x):\n    logger.info(\"n=%d\", x.shape[0])\n    return x\n";
  EXPECT_EQ(Fixed(code, "logger.info"),
            "import logging\nimport torch\nlogger = logging.getLogger(__name__)\n"
            "def f(x):\n    if not torch.compiler.is_compiling():\n"
            "        logger.info(\"n=%d\", x.shape[0])\n    return x\n");
}

TEST(GuardEagerEditTest, UsesTheFilesIndentationUnit) {
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n  print(x)\n  return x\n"),
            "import torch\ndef f(x):\n  if not torch.compiler.is_compiling():\n    print(x)\n"
            "  return x\n");
  EXPECT_EQ(Fixed("import torch\nclass M:\n\tdef forward(self, x):\n\t\tprint(x)\n\t\treturn x\n"),
            "import torch\nclass M:\n\tdef forward(self, x):\n"
            "\t\tif not torch.compiler.is_compiling():\n\t\t\tprint(x)\n\t\treturn x\n");
  // Inside a nested block the unit is what that block adds.
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    if x is None:\n      print(x)\n    return x\n"),
            "import torch\ndef f(x):\n    if x is None:\n"
            "      if not torch.compiler.is_compiling():\n        print(x)\n    return x\n");
}

TEST(GuardEagerEditTest, KeepsCrlfLineEnds) {
  EXPECT_EQ(Fixed("import torch\r\ndef f(x):\r\n    print(x)\r\n    return x\r\n"),
            "import torch\r\ndef f(x):\r\n    if not torch.compiler.is_compiling():\r\n"
            "        print(x)\r\n    return x\r\n");
}

TEST(GuardEagerEditTest, LastLineWithoutLineEnd) {
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(x)"),
            "import torch\ndef f(x):\n    if not torch.compiler.is_compiling():\n        print(x)");
}

TEST(GuardEagerEditTest, ReindentsEveryLineOfAMultiLineCall) {
  std::string code =
      "import torch\ndef f(x):\n    print(\n        \"x:\",\n\n        x.shape,  # why\n"
      "    )\n    return x\n";
  EXPECT_EQ(Fixed(code),
            "import torch\ndef f(x):\n    if not torch.compiler.is_compiling():\n"
            "        print(\n            \"x:\",\n\n            x.shape,  # why\n"
            "        )\n    return x\n");
}

TEST(GuardEagerEditTest, AcceptsTorchImportedThroughASubmodule) {
  EXPECT_TRUE(Fixed("import torch.nn.functional\ndef f(x):\n    print(x)\n").has_value());
  EXPECT_TRUE(Fixed("import torch as torch\ndef f(x):\n    print(x)\n").has_value());
  EXPECT_TRUE(Fixed("import os, torch\nimport torch.nn as nn\ndef f(x):\n    print(x)\n")
                  .has_value());
}

TEST(GuardEagerEditTest, NoEditWithoutTorchBoundAtModuleLevel) {
  EXPECT_EQ(Fixed("import torch.nn as nn\ndef f(x):\n    print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("from torch import nn\ndef f(x):\n    print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch as th\ndef f(x):\n    print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("def f(x):\n    import torch\n    print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("try:\n    import torch\nexcept ImportError:\n    torch = None\n"
                  "def f(x):\n    print(x)\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("import torch\nimport numpy as torch\ndef f(x):\n    print(x)\n"),
            std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef torch():\n    pass\ndef f(x):\n    print(x)\n"),
            std::nullopt);
  // A parameter of an enclosing function shadows the module.
  EXPECT_EQ(Fixed("import torch\ndef f(x, torch=None):\n    print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(*torch):\n    def g():\n        print(1)\n    g()\n"),
            std::nullopt);
}

// A module that binds no `torch` at all gets the edit for a patch file only; one that binds the
// name to something else, or a function that binds it itself, gets none.
TEST(GuardEagerEditTest, TorchFromOutsideOnlyWhereNothingBindsTheName) {
  EXPECT_EQ(TorchSource("import torch\ndef f(x):\n    print(x)\n"), "in place");
  EXPECT_EQ(TorchSource("import logging\ndef f(x):\n    print(x)\n"), "from outside");
  EXPECT_EQ(TorchSource("import torch.nn as nn\ndef f(x):\n    print(x)\n"), "from outside");
  EXPECT_EQ(TorchSource("try:\n    import torch\nexcept ImportError:\n    torch = None\n"
                        "def f(x):\n    print(x)\n"),
            "none");
  EXPECT_EQ(TorchSource("def torch():\n    pass\ndef f(x):\n    print(x)\n"), "none");
  EXPECT_EQ(TorchSource("def f(x):\n    print(x)\n    import torch\n"), "none");
  EXPECT_EQ(TorchSource("def f(x, torch=None):\n    print(x)\n"), "none");
}

TEST(GuardEagerEditTest, NoEditWhenTheStatementSharesItsLines) {
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    y = 1; print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(x); y = 1\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(x);\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    if x: print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x): print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    y = 1; \\\n    print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(x) \\\n        ; y = 1\n"), std::nullopt);
}

TEST(GuardEagerEditTest, NoEditWhenTheCallIsNotTheWholeStatement) {
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    y = print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    return print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(x), print(x)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    g(print(x))\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(x).y\n"), std::nullopt);
}

TEST(GuardEagerEditTest, NoEditOutsideFunctions) {
  EXPECT_EQ(Fixed("import torch\nprint(1)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\nclass M:\n    print(1)\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\nif True:\n    print(1)\n"), std::nullopt);
}

TEST(GuardEagerEditTest, NoEditWhenAStringSpansLines) {
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(\"\"\"a\nb\"\"\")\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(f'''{x}\n''')\n"), std::nullopt);
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(\"a\\\nb\")\n"), std::nullopt);
  // Implicitly concatenated one-line strings are fine.
  EXPECT_TRUE(Fixed("import torch\ndef f(x):\n    print(\"a\"\n          \"b\")\n").has_value());
}

TEST(GuardEagerEditTest, NoEditUnderTheGuardAlready) {
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    if not torch.compiler.is_compiling():\n"
                  "        print(x)\n"),
            std::nullopt);
}

TEST(GuardEagerEditTest, NoEditInsideASyntaxError) {
  EXPECT_EQ(Fixed("import torch\ndef f(x):\n    print(x +)\n"), std::nullopt);
}

// Through the engine: a rule with `autofix = "guard-eager"` gives its findings the edit (in file
// offsets: after a byte-order mark) and the fix in words; other rules do not.
TEST(AttachAutofixTest, EngineGivesFindingsOfAutofixRulesTheirEdit) {
  Rule fixable = testing::QueryRule(
      "AA001", "fixable", "((call function: (identifier) @f) @report (#eq? @f \"print\"))");
  fixable.autofix = Rule::Autofix::kGuardEager;
  Rule plain = testing::QueryRule(
      "AA002", "plain", "((call function: (identifier) @f) @report (#eq? @f \"print\"))");
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create({fixable, plain});
  ASSERT_TRUE(engine.ok()) << engine.status();

  std::string code = "\xEF\xBB\xBFimport torch\ndef f(x):\n    print(x)\n";
  SourceFile source("t.py", code);
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source.text());
  QueryCursorPtr cursor(ts_query_cursor_new());
  std::vector<Finding> findings;
  (*engine)->Run(source, ts_tree_root_node(tree.get()), cursor.get(), &findings);
  ASSERT_EQ(findings.size(), 2u);
  for (const Finding& f : findings) {
    if (f.rule->code == "AA002") {
      EXPECT_FALSE(f.edit.has_value());
      EXPECT_EQ(f.fix, "");
      continue;
    }
    ASSERT_TRUE(f.edit.has_value());
    std::string fixed = code;
    fixed.replace(f.edit->start, f.edit->end - f.edit->start, f.edit->replacement);
    EXPECT_EQ(fixed, "\xEF\xBB\xBFimport torch\ndef f(x):\n"
                     "    if not torch.compiler.is_compiling():\n        print(x)\n");
    EXPECT_THAT(f.fix, HasSubstr("if not torch.compiler.is_compiling():"));
    EXPECT_THAT(f.fix, HasSubstr("--fix"));
  }
}

TEST(AttachAutofixTest, CatalogSideEffectRulesHaveTheAutofix) {
  absl::StatusOr<std::vector<Rule>> rules = LoadEmbeddedRules();
  ASSERT_TRUE(rules.ok()) << rules.status();
  for (const Rule& rule : *rules) {
    bool expected = rule.code == "SE001" || rule.code == "SE002" || rule.code == "SE003";
    EXPECT_EQ(rule.autofix == Rule::Autofix::kGuardEager, expected) << rule.code;
  }
}

}  // namespace
}  // namespace gbreak
