#include "rules/edit_text.h"

#include <gtest/gtest.h>

namespace gbreak {
namespace {

TEST(EditTextTest, LineBoundariesAroundAnOffset) {
  const std::string_view text = "ab\r\ncd\nef";
  EXPECT_EQ(LineStartOf(text, 0), 0u);
  EXPECT_EQ(LineStartOf(text, 5), 4u);
  EXPECT_EQ(LineStartOf(text, 8), 7u);
  EXPECT_EQ(LineContentEnd(text, 1), 2u);  // before "\r\n"
  EXPECT_EQ(LineContentEnd(text, 4), 6u);
  EXPECT_EQ(LineContentEnd(text, 7), 9u);  // the last line has no end
  EXPECT_EQ(NextLineStartOf(text, 0), 4u);
  EXPECT_EQ(NextLineStartOf(text, 3), 4u);  // on the "\n" itself
  EXPECT_EQ(NextLineStartOf(text, 5), 7u);
  EXPECT_EQ(NextLineStartOf(text, 8), 9u);  // the last line: the text's end
  EXPECT_EQ(NextLineStartOf(text, 9), 9u);
}

}  // namespace
}  // namespace gbreak
