#include "syntax/data_literals.h"

#include <gtest/gtest.h>

#include <string>

#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

// `open` + n comma-separated numbers + `close`.
std::string Numbers(const std::string& open, int n, const std::string& close) {
  std::string out = open;
  for (int i = 0; i < n; ++i) out += std::to_string(i * 7919 % 100003) + ", ";
  return out + close;
}

TEST(DataLiteralsTest, SmallFilesAreNotCopied) {
  EXPECT_EQ(ElideLargeDataLiterals("x = [1, 2, 3]\n"), "");
}

TEST(DataLiteralsTest, BlanksALargeConstantListAfterItsFirstElement) {
  std::string code = "data = " + Numbers("[", 1000, "]") + "\nx = 1\n";
  std::string elided = ElideLargeDataLiterals(code, 1000);
  ASSERT_EQ(elided.size(), code.size());
  EXPECT_EQ(elided.substr(0, 10), "data = [0,");
  EXPECT_EQ(elided.substr(elided.find(']') - 1), " ]\nx = 1\n");
  EXPECT_EQ(elided.find_first_not_of(' ', 10), elided.find(']'));
}

TEST(DataLiteralsTest, KeepsTheKindAndEveryOffset) {
  std::string code = "t = " + Numbers("(", 1000, ")") + "\nd = {'a': [1, 2], 'b': " +
                     Numbers("[", 1000, "]") + "}\nreturn_value = f(x)\n";
  ParserPtr parser = NewPythonParser();
  std::string elided = ElideLargeDataLiterals(code, 1000);
  ASSERT_FALSE(elided.empty());
  TreePtr tree = ParsePython(parser.get(), elided);
  TSNode root = ts_tree_root_node(tree.get());
  EXPECT_FALSE(ts_node_has_error(root)) << elided;
  TSNode tuple = Field(ts_node_named_child(ts_node_named_child(root, 0), 0), "right");
  EXPECT_EQ(NodeType(tuple), "tuple");
  EXPECT_EQ(ts_node_end_byte(tuple), code.find(")\n") + 1);
  TSNode last = ts_node_named_child(root, 2);
  EXPECT_EQ(ts_node_start_byte(last), code.find("return_value"));
  EXPECT_EQ(ts_node_start_point(last).row, 2u);
}

TEST(DataLiteralsTest, CodeIsNeverBlanked) {
  for (const std::string& code :
       {Numbers("f(", 1000, ")"), Numbers("a[", 1000, "]"), Numbers("[x, ", 1000, "]"),
        Numbers("[f\"{x}\", ", 1000, "]"), Numbers("[[a], ", 1000, "]"),
        Numbers("[1 * 2, ", 1000, "]"), Numbers("[lambda: 1, ", 1000, "]")}) {
    EXPECT_EQ(ElideLargeDataLiterals(code, 1000), "") << code.substr(0, 20);
  }
}

TEST(DataLiteralsTest, ConstantsOfEveryKindAreData) {
  std::string code = "return " + Numbers("[-1.5e-3, 0x1F, 3j, 'a', b'\\x00', r'\\d', \"\"\"q\"\"\", "
                                         "True, None, (1, 2), {'k': [1]}, ",
                                         1000, "]  # c\n");
  EXPECT_NE(ElideLargeDataLiterals(code, 1000), "");
}

}  // namespace
}  // namespace gbreak
