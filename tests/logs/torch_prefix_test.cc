#include "logs/torch_prefix.h"

#include "gtest/gtest.h"

namespace gbreak {
namespace {

TEST(TorchPrefixTest, GlogPrefixWithCompileIdAndArtifact) {
  TorchLine t = SplitTorchLine(
      "[rank1]:V0515 21:32:02.058000 49093 torch/_dynamo/symbolic_convert.py:556] [0/1_2] "
      "[__graph_breaks] Graph break in user code at /m.py:102");
  ASSERT_TRUE(t.prefixed);
  EXPECT_EQ(t.level, 'V');
  EXPECT_EQ(t.pid, "49093");
  EXPECT_EQ(t.compile_id, "0/1_2");
  EXPECT_EQ(t.artifact, "graph_breaks");
  EXPECT_EQ(t.msg, "Graph break in user code at /m.py:102");
}

TEST(TorchPrefixTest, GlogPrefixWithoutTags) {
  TorchLine t = SplitTorchLine("I1123 18:41:06.309000 26469 torch/_dynamo/utils.py:2113] hello");
  ASSERT_TRUE(t.prefixed);
  EXPECT_EQ(t.compile_id, "");
  EXPECT_EQ(t.msg, "hello");
}

TEST(TorchPrefixTest, Torch21Prefix) {
  TorchLine t = SplitTorchLine(
      "[2023-10-04 16:31:41,775] [0/0] torch._dynamo.symbolic_convert.__graph_breaks: [DEBUG] "
      "Graph break: x");
  ASSERT_TRUE(t.prefixed);
  EXPECT_EQ(t.compile_id, "0/0");
  EXPECT_EQ(t.artifact, "graph_breaks");
  EXPECT_EQ(t.msg, "Graph break: x");
}

TEST(TorchPrefixTest, Torch20BasicFormat) {
  TorchLine t = SplitTorchLine("WARNING:torch._dynamo.symbolic_convert:Graph break: y");
  ASSERT_TRUE(t.prefixed);
  EXPECT_EQ(t.msg, "Graph break: y");
}

TEST(TorchPrefixTest, AnythingElseIsAnUnprefixedMessage) {
  for (const char* line : {"Traceback (most recent call last):", "", "V", "[rank]:x",
                           "V0515 21:32 garbage", "2026-08-21 10:00:00.007 (   0.007s) [x] a:1 1| m"}) {
    TorchLine t = SplitTorchLine(line);
    EXPECT_FALSE(t.prefixed) << line;
    EXPECT_EQ(t.msg, line);
  }
}

}  // namespace
}  // namespace gbreak
