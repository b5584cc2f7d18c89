#include "analysis/file_facts.h"

#include <gtest/gtest.h>

#include "analysis/analysis_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::ParsedSnippet;

// TextContains answers from offsets found once per needle; the occurrence must lie wholly
// inside the range.
TEST(FileFactsTest, TextContainsOnlyWhatLiesWhollyInTheRange) {
  ParsedSnippet s("def f(x):\n    return f\"{x}\"\n\ndef g(y):\n    return y\n");
  FileFacts& facts = s.facts();
  auto size = static_cast<uint32_t>(s.text().size());
  uint32_t at = static_cast<uint32_t>(s.text().find("f\""));
  uint32_t g = static_cast<uint32_t>(s.text().find("def g"));
  EXPECT_TRUE(facts.TextContains("f\"", 0, size));
  EXPECT_TRUE(facts.TextContains("f\"", at, at + 2));
  EXPECT_FALSE(facts.TextContains("f\"", at, at + 1));      // cut off by the end
  EXPECT_FALSE(facts.TextContains("f\"", at + 1, size));    // starts before the range
  EXPECT_FALSE(facts.TextContains("f\"", g, size));         // not in g
  EXPECT_TRUE(facts.TextContains("return", g, size));       // the second of two
  EXPECT_FALSE(facts.TextContains(".format(", 0, size));
  EXPECT_FALSE(facts.TextContains("f\"", size, size));      // an empty range at the end
}

}  // namespace
}  // namespace gbreak
