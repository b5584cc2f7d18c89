// `gbreak lint --diff`: edits shown as a unified diff (what `patch -p1` and `git apply` read).

#include "report/unified_diff.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gbreak {
namespace {

// Lines "l1\n" .. "lN\n".
std::string Numbered(int n) {
  std::string out;
  for (int i = 1; i <= n; ++i) out += "l" + std::to_string(i) + "\n";
  return out;
}

// The edit replacing the whole 1-based line `line` of Numbered() text (without its line end).
TextEdit ReplaceLine(const std::string& text, int line, std::string replacement) {
  std::string needle = "l" + std::to_string(line) + "\n";
  uint32_t start = static_cast<uint32_t>(text.find(needle));
  return {start, start + static_cast<uint32_t>(needle.size()) - 1, std::move(replacement)};
}

TEST(ApplyEditsTest, AppliesSortedEdits) {
  EXPECT_EQ(ApplyEdits("abcdef", {{1, 2, "B"}, {3, 3, "+"}, {4, 6, ""}}), "aBc+d");
  EXPECT_EQ(ApplyEdits("abc", {}), "abc");
}

TEST(UnifiedDiffTest, OneChangeWithThreeLinesOfContext) {
  std::string text = Numbered(10);
  EXPECT_EQ(UnifiedDiff("pkg/m.py", text, {ReplaceLine(text, 5, "if c:\n    l5")}),
            "--- a/pkg/m.py\n"
            "+++ b/pkg/m.py\n"
            "@@ -2,7 +2,8 @@\n"
            " l2\n l3\n l4\n"
            "-l5\n"
            "+if c:\n"
            "+    l5\n"
            " l6\n l7\n l8\n");
}

TEST(UnifiedDiffTest, ContextStopsAtTheEndsOfTheFile) {
  std::string text = Numbered(3);
  EXPECT_EQ(UnifiedDiff("m.py", text, {ReplaceLine(text, 1, "L1")}),
            "--- a/m.py\n+++ b/m.py\n@@ -1,3 +1,3 @@\n-l1\n+L1\n l2\n l3\n");
  EXPECT_EQ(UnifiedDiff("m.py", "only\n", {{0, 4, "one"}}),
            "--- a/m.py\n+++ b/m.py\n@@ -1 +1 @@\n-only\n+one\n");
}

TEST(UnifiedDiffTest, DistantChangesMakeTwoHunksWithShiftedNewLineNumbers) {
  std::string text = Numbered(20);
  std::string diff = UnifiedDiff(
      "m.py", text, {ReplaceLine(text, 3, "g\n  l3"), ReplaceLine(text, 15, "g\n  l15")});
  EXPECT_EQ(diff,
            "--- a/m.py\n+++ b/m.py\n"
            "@@ -1,6 +1,7 @@\n l1\n l2\n-l3\n+g\n+  l3\n l4\n l5\n l6\n"
            "@@ -12,7 +13,8 @@\n l12\n l13\n l14\n-l15\n+g\n+  l15\n l16\n l17\n l18\n");
}

TEST(UnifiedDiffTest, ChangesWhoseContextsMeetShareAHunk) {
  std::string text = Numbered(20);
  // Lines 5 and 11: five lines apart, within twice the context.
  std::string diff =
      UnifiedDiff("m.py", text, {ReplaceLine(text, 5, "L5"), ReplaceLine(text, 11, "L11")});
  EXPECT_EQ(diff,
            "--- a/m.py\n+++ b/m.py\n"
            "@@ -2,13 +2,13 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n l9\n l10\n"
            "-l11\n+L11\n l12\n l13\n l14\n");
  // Seven lines apart: two hunks.
  diff = UnifiedDiff("m.py", text, {ReplaceLine(text, 5, "L5"), ReplaceLine(text, 13, "L13")});
  EXPECT_THAT(diff, ::testing::HasSubstr("@@ -2,7 +2,7 @@"));
  EXPECT_THAT(diff, ::testing::HasSubstr("@@ -10,7 +10,7 @@"));
}

TEST(UnifiedDiffTest, EditsOnOneLineMakeOneChange) {
  EXPECT_EQ(UnifiedDiff("m.py", "abc\n", {{0, 1, "A"}, {2, 3, "C"}}),
            "--- a/m.py\n+++ b/m.py\n@@ -1 +1 @@\n-abc\n+AbC\n");
}

TEST(UnifiedDiffTest, EditsOnAdjacentLinesListOldLinesFirst) {
  std::string text = Numbered(2);
  EXPECT_EQ(UnifiedDiff("m.py", text,
                        {ReplaceLine(text, 1, "g\n  l1"), ReplaceLine(text, 2, "g\n  l2")}),
            "--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,4 @@\n-l1\n-l2\n+g\n+  l1\n+g\n+  l2\n");
}

TEST(UnifiedDiffTest, MarksALastLineWithoutLineEnd) {
  std::string text = "a\nb";
  EXPECT_EQ(UnifiedDiff("m.py", text, {{2, 3, "if c:\n    b"}}),
            "--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n"
            "+if c:\n+    b\n\\ No newline at end of file\n");
  // As context too.
  EXPECT_EQ(UnifiedDiff("m.py", text, {{0, 1, "A"}}),
            "--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n"
            "\\ No newline at end of file\n");
}

TEST(UnifiedDiffTest, KeepsCarriageReturns) {
  EXPECT_EQ(UnifiedDiff("m.py", "a\r\nb\r\n", {{0, 1, "x\r\n  a"}}),
            "--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,3 @@\n-a\r\n+x\r\n+  a\r\n b\r\n");
}

TEST(UnifiedDiffTest, InsertionsAndDeletions) {
  // Inserting whole lines at the end of the file.
  EXPECT_EQ(UnifiedDiff("m.py", "a\n", {{2, 2, "b\n"}}),
            "--- a/m.py\n+++ b/m.py\n@@ -1 +1,2 @@\n a\n+b\n");
  // Deleting a whole line.
  EXPECT_EQ(UnifiedDiff("m.py", "a\nb\nc\n", {{2, 4, ""}}),
            "--- a/m.py\n+++ b/m.py\n@@ -1,3 +1,2 @@\n a\n-b\n c\n");
}

TEST(UnifiedDiffTest, NothingWhenTheEditsChangeNothing) {
  EXPECT_EQ(UnifiedDiff("m.py", "abc\n", {}), "");
  EXPECT_EQ(UnifiedDiff("m.py", "abc\n", {{1, 2, "b"}}), "");
}

TEST(UnifiedDiffTest, Paths) {
  EXPECT_THAT(UnifiedDiff("./m.py", "a\n", {{0, 1, "b"}}),
              ::testing::StartsWith("--- a/m.py\n+++ b/m.py\n"));
  EXPECT_THAT(UnifiedDiff("/abs/m.py", "a\n", {{0, 1, "b"}}),
              ::testing::StartsWith("--- /abs/m.py\n+++ /abs/m.py\n"));
}

}  // namespace
}  // namespace gbreak
