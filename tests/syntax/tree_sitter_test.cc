#include "syntax/tree_sitter.h"

#include "syntax/data_literals.h"

#include <gtest/gtest.h>

#include <string>

namespace gbreak {
namespace {

TEST(TreeSitterTest, GrammarIsTheAbi14PythonGrammar) {
  EXPECT_EQ(ts_language_abi_version(PythonLanguage()), 14u);
  ParserPtr parser = NewPythonParser();
  EXPECT_EQ(ts_parser_language(parser.get()), PythonLanguage());
}

TEST(TreeSitterTest, ParsesModernPython) {
  ParserPtr parser = NewPythonParser();
  std::string code =
      "match x:\n    case [a, *rest]:\n        pass\n"
      "def f[T](x: T) -> T:\n    return x\n"
      "try:\n    pass\nexcept* ValueError:\n    pass\n"
      "s = f\"{x!r:>{width}} {'nested'}\"\n";
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode root = ts_tree_root_node(tree.get());
  EXPECT_FALSE(ts_node_has_error(root)) << ts_node_string(root);
}

// Python takes a lone `\r` as a line end; the grammar alone would read one long line.
TEST(TreeSitterTest, ParsesLoneCarriageReturnLineEnds) {
  ParserPtr parser = NewPythonParser();
  std::string code = "import torch\rdef f(x):\r    return x.item()\r";
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode root = ts_tree_root_node(tree.get());
  EXPECT_FALSE(ts_node_has_error(root)) << ts_node_string(root);
  EXPECT_EQ(ts_node_named_child_count(root), 2u);
  EXPECT_EQ(ts_node_end_byte(root), code.size());
}

// A large constant-only literal reaches the parser as its first element: tree-sitter's cost per
// token (time, and ~60 bytes each) made a 9.8 MB list of numbers take a minute and gigabytes.
TEST(TreeSitterTest, LargeConstantLiteralIsParsedAsItsFirstElement) {
  std::string code = "TABLE = [";
  while (code.size() < 2 * kMinElidedLiteralBytes) code += "12345, ";
  code += "]\nx = f(TABLE)\n";
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode root = ts_tree_root_node(tree.get());
  EXPECT_FALSE(ts_node_has_error(root));
  TSNode list = Field(ts_node_named_child(ts_node_named_child(root, 0), 0), "right");
  EXPECT_EQ(NodeType(list), "list");
  EXPECT_EQ(ts_node_named_child_count(list), 1u);
  EXPECT_EQ(ts_node_end_byte(list), code.find("]\n") + 1);
  EXPECT_EQ(ts_node_start_byte(ts_node_named_child(root, 1)), code.find("x = f"));
}

TEST(TreeSitterTest, FirstSyntaxErrorPointsAtTheBrokenLine) {
  ParserPtr parser = NewPythonParser();
  std::string code = "x = 1\ndef f(:\n    pass\n";
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode error = FirstSyntaxError(ts_tree_root_node(tree.get()));
  ASSERT_FALSE(ts_node_is_null(error));
  EXPECT_EQ(ts_node_start_point(error).row, 1u);
}

TEST(TreeSitterTest, NoErrorGivesNullNode) {
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), "x = 1\n");
  EXPECT_TRUE(ts_node_is_null(FirstSyntaxError(ts_tree_root_node(tree.get()))));
}

TEST(TreeSitterTest, SurvivesHostileInput) {
  ParserPtr parser = NewPythonParser();
  std::string nul("x = 1\0\ny = 2\n", 13);
  EXPECT_NE(ParsePython(parser.get(), nul), nullptr);
  EXPECT_NE(ParsePython(parser.get(), "caf\xe9 = \xff\xfe\n"), nullptr);
  EXPECT_NE(ParsePython(parser.get(), ""), nullptr);
  std::string deep(5000, '(');
  EXPECT_NE(ParsePython(parser.get(), deep), nullptr);
}

TEST(TreeSitterTest, NodeTextIsTheSpannedBytes) {
  ParserPtr parser = NewPythonParser();
  std::string code = "print(1)\n";
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode call = ts_node_named_child(ts_node_named_child(ts_tree_root_node(tree.get()), 0), 0);
  EXPECT_EQ(NodeType(call), "call");
  EXPECT_EQ(NodeText(call, code), "print(1)");
}

}  // namespace
}  // namespace gbreak
