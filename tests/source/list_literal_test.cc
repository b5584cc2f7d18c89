// SplitListLiteral: the entries of a bracketed list literal, as the command line's --config and
// the guard folding read per-layer configuration lists.

#include "source/list_literal.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace gbreak {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(SplitListLiteralTest, EntriesTrimmedAndCommasInQuotesKept) {
  EXPECT_THAT(*SplitListLiteral("['full_attention', \"a, b\", 3 ,None]"),
              ElementsAre("'full_attention'", "\"a, b\"", "3", "None"));
  EXPECT_THAT(*SplitListLiteral("['it\\'s, here', x]"), ElementsAre("'it\\'s, here'", "x"));
}

TEST(SplitListLiteralTest, EmptyListsAndTrailingCommas) {
  EXPECT_THAT(*SplitListLiteral("[]"), IsEmpty());
  EXPECT_THAT(*SplitListLiteral("[ ]"), IsEmpty());
  EXPECT_THAT(*SplitListLiteral("[a,]"), ElementsAre("a"));
  EXPECT_THAT(*SplitListLiteral("[a,,b]"), ElementsAre("a", "", "b"));
}

TEST(SplitListLiteralTest, NoListLiteral) {
  EXPECT_FALSE(SplitListLiteral("a, b").has_value());
  EXPECT_FALSE(SplitListLiteral("[a, b").has_value());
  EXPECT_FALSE(SplitListLiteral("[").has_value());
  EXPECT_FALSE(SplitListLiteral("['open, b]").has_value());
}

}  // namespace
}  // namespace gbreak
