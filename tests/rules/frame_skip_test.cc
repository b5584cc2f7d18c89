// The passes after matching that drop what Dynamo never meets: findings after a break it cannot
// resume from, and sizes read from graph inputs of the frame after a break.

#include "rules/frame_skip.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/rule_engine.h"
#include "rules/rule_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::EngineOf;
using ::gbreak::testing::QueryRule;
using ::gbreak::testing::RunOn;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// `brk()` stands for a break Dynamo resumes after, `cut(...)` for one it cannot, `size(v)` for
// a size read that a graph input `v` spares.
std::vector<Rule> Rules() {
  return {
      QueryRule("AA001", "resumable",
                "((call function: (identifier) @f) @report (#eq? @f \"brk\"))", "brk"),
      QueryRule("AA002", "no-resume",
                "((call function: (identifier) @f) @report (#eq? @f \"cut\") "
                "(#set! resumes \"no\"))",
                "cut"),
      QueryRule("AA003", "size",
                "((call function: (identifier) @f arguments: (argument_list (_) @value)) "
                "@report (#eq? @f \"size\") (#set! frame-input-ok @value))",
                "size {value}"),
  };
}

TEST(FrameSkipTest, ABreakThatCannotResumeHidesTheRestOfItsFunction) {
  auto engine = EngineOf(Rules());
  std::vector<std::string> lines = RunOn(*engine,
                                         "def f(x):\n"
                                         "    brk()\n"
                                         "    cut()\n"
                                         "    brk()\n"
                                         "    g = lambda: brk()\n"
                                         "def h(x):\n"
                                         "    brk()\n");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "2:5 AA001 brk");
  EXPECT_THAT(lines[1], HasSubstr("3:5 AA002 cut [1 later finding in this function hidden"));
  EXPECT_THAT(lines[1], HasSubstr("(it cannot resume after it)"));
  EXPECT_EQ(lines[2], "5:17 AA001 brk");  // a lambda is a frame of its own
  EXPECT_EQ(lines[3], "7:5 AA001 brk");   // another function
}

TEST(FrameSkipTest, SizesFromFrameInputsAfterABreakAreDropped) {
  auto engine = EngineOf(Rules());
  EXPECT_THAT(RunOn(*engine,
                    "def f(p, q):\n"
                    "    a = p + 1\n"
                    "    size(p)\n"    // the first break: reported
                    "    size(q)\n"    // a parameter, after it: a graph input
                    "    size(a)\n"    // a local bound before it
                    "    b = q + 1\n"
                    "    size(b)\n"    // bound after it: computed in the frame
                    "    size(q + 1)\n"
                    "def g(p):\n"
                    "    size(p)\n"),  // no break before it
              ElementsAre("3:5 AA003 size p", "7:5 AA003 size b", "8:5 AA003 size q + 1",
                          "10:5 AA003 size p"));
}

TEST(FrameSkipTest, AConditionalBreakSparesNothing) {
  auto engine = EngineOf(Rules());
  EXPECT_THAT(RunOn(*engine,
                    "def f(p, flag):\n"
                    "    if flag:\n"
                    "        brk()\n"
                    "    size(p)\n"
                    "def g(p):\n"
                    "    brk()\n"
                    "    size(p)\n"
                    "    p = 1\n"),  // rebound after the break: not what the frame received
              ElementsAre("3:9 AA001 brk [only when `flag`]", "4:5 AA003 size p", "6:5 AA001 brk",
                          "7:5 AA003 size p"));
}

// After an early return gbreak cannot decide, every later finding needs its condition: the
// first break still happens on every run that reaches them (EnCodec's `_pad1d`).
TEST(FrameSkipTest, ABreakUnderTheSameConditionsCounts) {
  auto engine = EngineOf(Rules());
  EXPECT_THAT(RunOn(*engine,
                    "def f(p, flag):\n"
                    "    if flag:\n"
                    "        return p\n"
                    "    brk()\n"
                    "    size(p)\n"
                    "def g(p, flag):\n"
                    "    if flag:\n"
                    "        return p\n"
                    "    cut()\n"
                    "    brk()\n"),
              ElementsAre("4:5 AA001 brk [only when not `flag`]",
                          "9:5 AA002 cut [only when not `flag`] [1 later finding in this function "
                          "hidden: Dynamo never traces them until this break is fixed (it cannot "
                          "resume after it)]"));
}

// A call in a loop to a function that breaks on every run (itself, or through the unconditional
// calls it makes: a helper, a submodule's forward, the blocks of a ModuleList) makes Dynamo run
// the loop's function eagerly: what follows the loop there is never traced.
TEST(FrameSkipTest, ABreakReachedThroughCallsInALoopHidesTheRest) {
  auto engine = EngineOf(Rules());
  std::vector<std::string> lines = RunOn(*engine,
                                         "def inner(x):\n"
                                         "    brk()\n"
                                         "def mid(x, flag):\n"
                                         "    inner(x)\n"
                                         "def f(x, flag):\n"
                                         "    for _ in range(2):\n"
                                         "        mid(x, flag)\n"
                                         "    brk()\n"
                                         "def g(x, flag):\n"
                                         "    for _ in range(2):\n"
                                         "        if flag:\n"
                                         "            mid(x, flag)\n"
                                         "    brk()\n"
                                         "class A(nn.Module):\n"
                                         "    def forward(self, x):\n"
                                         "        brk()\n"
                                         "class B(nn.Module):\n"
                                         "    def __init__(self):\n"
                                         "        self.layers = nn.ModuleList([A() for _ in range(2)])\n"
                                         "    def forward(self, x):\n"
                                         "        for layer in self.layers:\n"
                                         "            x = layer(x)\n"
                                         "        brk()\n");
  ASSERT_EQ(lines.size(), 3u) << ::testing::PrintToString(lines);
  EXPECT_THAT(lines[0], HasSubstr("2:5 AA001 brk [1 finding after a call of this function in a "
                                  "loop or `with` block of `f` hidden"));
  EXPECT_EQ(lines[1], "13:5 AA001 brk");  // the call in g's loop runs only when `flag` holds
  EXPECT_THAT(lines[2], HasSubstr("16:9 AA001 brk [1 finding after a call of this function in a "
                                  "loop or `with` block of `forward` hidden"));
}

}  // namespace
}  // namespace gbreak
