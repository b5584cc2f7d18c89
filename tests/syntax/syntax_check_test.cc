#include "syntax/syntax_check.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

// The problem CPython would report in `code`, with its 1-based line and column.
struct Found {
  std::string message;
  int line = 0;
  int column = 0;
};

std::optional<Found> Check(const std::string& code) {
  SourceFile source("t.py", code);
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source.text());
  std::optional<SyntaxProblem> problem = FindSyntaxProblem(source, ts_tree_root_node(tree.get()));
  if (!problem.has_value()) return std::nullopt;
  LineColumn at = source.Locate(problem->start);
  return Found{problem->message, at.line, at.column};
}

// `levels` nested `header` blocks, four spaces each, with `pass` innermost.
std::string Nested(int levels, const std::string& header) {
  std::string code;
  for (int i = 0; i < levels; ++i) code += std::string(4 * i, ' ') + header + "\n";
  return code + std::string(4 * levels, ' ') + "pass\n";
}

TEST(SyntaxCheckTest, Python3IsClean) {
  EXPECT_FALSE(Check("print('x')\nprint\nexec(code)\nprint >>f, x\nprint -1\nprint *args\n"
                     "print if c else d\nprint in x\n"
                     "try:\n    pass\nexcept (A, B) as e:\n    pass\nx = 1 != 2\n")
                   .has_value());
}

TEST(SyntaxCheckTest, PrintStatementIsCPythonsError) {
  std::optional<Found> found = Check("import torch\nif x:\n    print \"x\", y\n");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->message,
            "syntax error: Missing parentheses in call to 'print'. Did you mean print(...)? (a "
            "Python 2 statement)");
  EXPECT_EQ(found->line, 3);
  EXPECT_EQ(found->column, 5);
}

TEST(SyntaxCheckTest, ExecStatementIsCPythonsError) {
  std::optional<Found> found = Check("exec \"x = 1\" in ns\n");
  ASSERT_TRUE(found.has_value());
  EXPECT_NE(found->message.find("Missing parentheses in call to 'exec'"), std::string::npos);
  EXPECT_EQ(found->line, 1);
}

TEST(SyntaxCheckTest, Python2ExceptCommaIsCPythonsError) {
  std::optional<Found> found = Check("try:\n    pass\nexcept ValueError, e:\n    pass\n");
  ASSERT_TRUE(found.has_value());
  EXPECT_NE(found->message.find("multiple exception types must be parenthesized"),
            std::string::npos);
  EXPECT_EQ(found->line, 3);
}

TEST(SyntaxCheckTest, DiamondAndBackticksAreErrors) {
  std::optional<Found> diamond = Check("x = 1\nif a <> b:\n    pass\n");
  ASSERT_TRUE(diamond.has_value());
  EXPECT_EQ(diamond->line, 2);
  EXPECT_EQ(diamond->column, 6);
  EXPECT_FALSE(Check("from __future__ import barry_as_FLUFL\nif a <> b:\n    pass\n").has_value());
  std::optional<Found> backticks = Check("x = 1\ny = `x`\n");
  ASSERT_TRUE(backticks.has_value());
  EXPECT_EQ(backticks->line, 2);
}

TEST(SyntaxCheckTest, TheFirstProblemIsReported) {
  std::optional<Found> found = Check("print 'a'\ndef f(:\n    pass\n");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->line, 1);
  found = Check("def f(:\n    pass\nprint 'a'\n");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->line, 1);
  EXPECT_EQ(found->message, "syntax error: missing `)`");
}

// CPython takes 99 indentation levels. The grammar's scanner lost indents of 256 columns or more
// (64 levels) and reported the file as ending early.
TEST(SyntaxCheckTest, NestingUpToCPythonsLimitParses) {
  EXPECT_FALSE(Check(Nested(70, "if x:")).has_value());
  EXPECT_FALSE(Check(Nested(99, "if x:")).has_value());
}

TEST(SyntaxCheckTest, NestingPastCPythonsLimitIsCPythonsError) {
  std::optional<Found> found = Check(Nested(100, "if x:"));
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->message, "syntax error: too many levels of indentation (Python allows 99)");
  EXPECT_EQ(found->line, 101);  // where CPython reports it
  EXPECT_EQ(found->column, 1);
}

TEST(SyntaxCheckTest, TooManyStaticallyNestedBlocks) {
  EXPECT_FALSE(Check(Nested(20, "for i in x:")).has_value());
  std::optional<Found> found = Check(Nested(21, "for i in x:"));
  ASSERT_TRUE(found.has_value());
  EXPECT_NE(found->message.find("too many statically nested blocks"), std::string::npos);
  EXPECT_EQ(found->line, 21);  // CPython: line 21, the 21st loop
  EXPECT_EQ(found->column, 81);
  // A function body counts afresh; `if` pushes no block.
  EXPECT_FALSE(Check(Nested(15, "for i in x:") + std::string(60, ' ') + "def f():\n" +
                     std::string(64, ' ') + "for i in x:\n" + std::string(68, ' ') + "pass\n")
                   .has_value());
  EXPECT_FALSE(Check(Nested(30, "if x:")).has_value());
  // Each `with` item and the handler of a `try` count, as in CPython's compiler.
  EXPECT_FALSE(Check(Nested(10, "with a, b:")).has_value());
  found = Check(Nested(11, "with a, b:"));
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->line, 11);  // CPython: 11:41
  EXPECT_EQ(found->column, 41);
}

// try bodies count one block, except bodies two: CPython 3.11 refuses 20 nested try/except
// statements (at the innermost handler, line 22) but takes 20 nested try/finally ones.
TEST(SyntaxCheckTest, TryBlocksCountAsInCPython) {
  auto nested_try = [](int levels, const std::string& clause) {
    std::string code;
    for (int i = 0; i < levels; ++i) code += std::string(4 * i, ' ') + "try:\n";
    code += std::string(4 * levels, ' ') + "pass\n";
    for (int i = levels - 1; i >= 0; --i) {
      code += std::string(4 * i, ' ') + clause + "\n" + std::string(4 * i + 4, ' ') + "pass\n";
    }
    return code;
  };
  EXPECT_FALSE(Check(nested_try(19, "except E:")).has_value());
  std::optional<Found> found = Check(nested_try(20, "except E:"));
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->line, 22);
  EXPECT_EQ(found->column, 77);
  EXPECT_FALSE(Check(nested_try(20, "finally:")).has_value());
  EXPECT_TRUE(Check(nested_try(21, "finally:")).has_value());
}

}  // namespace
}  // namespace gbreak
