#include "logs/break_report.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "logs/text_util.h"

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

// Python's traceback prints each frame's source line under it (3.11+ adds a `^^^` marker line):
// the cross-check compares it with the local file.
TEST(BreakReportTest, KeepsEachFramesSourceLine) {
  BreakReport r = Parse({
      "Graph break in user code at /w/m.py:4",
      "Graph Break Reason: Data-dependent branching",
      "User code traceback:",
      "  File \"/w/m.py\", line 13, in <module>",
      "    torch.compile(f, backend=\"eager\")(torch.ones(3))",
      "  File \"/w/m.py\", line 11, in f",
      "    return helper(y)",
      "           ^^^^^^^^^",
      "  File \"/w/m.py\", line 4, in helper",
      "    if x.sum() > 0:   ",
      "  File \"/w/n.py\", line 2, in g",
      "",
  });
  ASSERT_EQ(r.user_stack.size(), 4u);
  EXPECT_EQ(r.user_stack[0].code, "torch.compile(f, backend=\"eager\")(torch.ones(3))");
  EXPECT_EQ(r.user_stack[1].code, "return helper(y)");  // not the marker line
  EXPECT_EQ(r.user_stack[2].code, "if x.sum() > 0:");
  EXPECT_EQ(r.user_stack[3].code, "");  // printed without a source line
  // The printed location takes the code of its frame in the stack.
  EXPECT_EQ(r.at.line, 4);
  EXPECT_EQ(r.at.code, "if x.sum() > 0:");
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

SourceFrame Frame(const std::string& file) {
  SourceFrame frame;
  frame.file = file;
  frame.kind = ClassifyFrameFile(file);
  return frame;
}

TEST(BreakReportTest, TorchAndStdlibFramesAreNotBreakSites) {
  EXPECT_TRUE(IsTorchOrStdlib(Frame("/v/lib/python3.11/site-packages/torch/nn/modules/module.py")));
  EXPECT_TRUE(IsTorchOrStdlib(Frame("/root/.pyenv/versions/3.11.7/lib/python3.11/functools.py")));
  EXPECT_TRUE(IsTorchOrStdlib(Frame("/usr/lib64/python3.12/contextlib.py")));
  EXPECT_FALSE(IsTorchOrStdlib(Frame("/v/lib/python3.11/site-packages/transformers/x.py")));
  EXPECT_FALSE(IsTorchOrStdlib(Frame("/home/me/proj/model.py")));
  EXPECT_FALSE(IsTorchOrStdlib(Frame("/home/me/lib/python3.x/model.py")));
}

TEST(BreakReportTest, BreakInsideTorchIsPinnedOnTheInnermostUserFrame) {
  std::vector<std::string> lines = {
      "Graph break in user code at /v/lib/python3.11/site-packages/torch/nn/modules/module.py:587",
      "Graph Break Reason: Unsupported python_type() call",
      "User code traceback:",
      "  File \"/v/lib/python3.11/site-packages/transformers/models/ctrl/modeling_ctrl.py\", "
      "line 317, in forward",
      "    self.pos_encoding = self.pos_encoding.to(device=device)",
      "  File \"/v/lib/python3.11/site-packages/torch/nn/modules/module.py\", line 587, in "
      "register_buffer",
  };
  std::optional<BreakReport> report = ParseBreakReport(lines);
  ASSERT_TRUE(report.has_value());
  EXPECT_TRUE(report->at.file.ends_with("modeling_ctrl.py"));
  EXPECT_EQ(report->at.line, 317);
  EXPECT_EQ(report->at.function, "forward");
  EXPECT_TRUE(report->printed_at.file.ends_with("torch/nn/modules/module.py"));
  EXPECT_EQ(report->printed_at.line, 587);
}

}  // namespace
}  // namespace gbreak
