#include "logs/break_report.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace gbreak {
namespace {

BreakReport Parse(std::vector<std::string> lines) {
  std::optional<BreakReport> report = ParseBreakReport(lines);
  EXPECT_TRUE(report.has_value());
  return report.value_or(BreakReport());
}

TEST(BreakReportTest, CurrentFormatWithWrapperChainAndLink) {
  BreakReport r = Parse({
      "Graph break in user code at /w/m.py:16",
      "Graph Break Reason: Failed to handle graph break gracefully. Skipping the function and "
      "falling back to eager. Graph break encountered:",
      "",
      "Data-dependent branching",
      "  Explanation: Detected data-dependent branching.",
      "  Hint: Use `torch.cond` to express dynamic control flow.",
      " For more details about this graph break, please visit: "
      "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0170.html",
      "",
      "*** While handling this graph break, another graph break occurred: ***",
      "",
      "graph break in loop",
      " For more details about this graph break, please visit: https://x/gb/gb7000.html",
      "User code traceback:",
      "  File \"/w/run.py\", line 3, in <module>",
      "    main()",
      "  File \"/w/m.py\", line 16, in forward",
      "    if x.sum() > 0:",
  });
  EXPECT_EQ(r.at.file, "/w/m.py");
  EXPECT_EQ(r.at.line, 16);
  EXPECT_EQ(r.at.function, "forward");
  EXPECT_EQ(r.reason, "Data-dependent branching");
  EXPECT_EQ(r.registry_id, "GB0170");  // the root cause's link, not the chained one's
  EXPECT_EQ(r.explanation, "Detected data-dependent branching.");
  EXPECT_EQ(r.hints.size(), 1u);
  EXPECT_EQ(r.chained, std::vector<std::string>{"graph break in loop"});
  EXPECT_TRUE(r.frame_skipped);
  EXPECT_FALSE(r.duplicate);
  EXPECT_EQ(r.user_stack.size(), 2u);
}

TEST(BreakReportTest, DuplicateReportAndRegistryLookupWithoutLink) {
  BreakReport r = Parse({
      "Graph break (user stack suppressed due to duplicate graph break) in user code at m.py:9",
      "Graph Break Reason: Encountered graph break when attempting to trace CALL: a function "
      "call, e.g. f(x, y):",
      "",
      "Unsupported Tensor.item() call with capture_scalar_outputs=False",
  });
  EXPECT_TRUE(r.duplicate);
  EXPECT_FALSE(r.frame_skipped);
  EXPECT_EQ(r.reason, "Unsupported Tensor.item() call with capture_scalar_outputs=False");
  EXPECT_EQ(r.registry_id, "GB0124");
}

TEST(BreakReportTest, Torch26ReasonLineAndResumeFunctionName) {
  BreakReport r = Parse({
      "Graph break in user code at /p/model.py:12",
      "Reason: Unsupported: Tensor.item",
      "User code traceback:",
      "  File \"/p/model.py\", line 12, in torch_dynamo_resume_in_forward_at_9",
  });
  EXPECT_EQ(r.reason, "Tensor.item");
  EXPECT_EQ(r.registry_id, "GB0124");
  EXPECT_EQ(r.at.function, "forward");
}

TEST(BreakReportTest, Torch22ReasonAtTheEndOfTheTraceback) {
  BreakReport r = Parse({
      "Graph break: from user code at:",
      "  File \"/p/model.py\", line 12, in forward",
      "    n = x.sum().item()",
      "Traceback (most recent call last):",
      "  File \"/venv/site-packages/torch/_dynamo/symbolic_convert.py\", line 1, in wrapper",
      "torch._dynamo.exc.Unsupported: Tensor.item",
  });
  EXPECT_EQ(r.at.file, "/p/model.py");
  EXPECT_EQ(r.at.line, 12);
  EXPECT_EQ(r.reason, "Tensor.item");
  EXPECT_EQ(r.user_stack.size(), 1u);  // internal traceback frames are not user frames
}

TEST(BreakReportTest, Torch20SingleLine) {
  BreakReport r = Parse({"Graph break: Tensor.item from user code at   File \"/p/m.py\", line 12, "
                         "in forward"});
  EXPECT_EQ(r.reason, "Tensor.item");
  EXPECT_EQ(r.at.line, 12);
}

TEST(BreakReportTest, NoLocationIsNoReport) {
  std::vector<std::string> lines = {"Graph break: from user code at:"};
  EXPECT_FALSE(ParseBreakReport(lines).has_value());
  EXPECT_FALSE(ParseBreakReport({}).has_value());
}

}  // namespace
}  // namespace gbreak
