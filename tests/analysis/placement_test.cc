#include "analysis/placement.h"

#include <gtest/gtest.h>

#include "analysis/analysis_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::ParsedSnippet;

StatementPlacement Where(ParsedSnippet& s, std::string_view call) {
  TSNode node = s.Find("call", call);
  EXPECT_FALSE(ts_node_is_null(node)) << call;
  return PlacementOf(node, s.text(), s.facts().imports());
}

TEST(PlacementTest, LoopsWithBlocksLastStatementsAndHopBodies) {
  ParsedSnippet s(R"(import torch
import threading
lock = threading.Lock()

def true_fn(x):
    return a(x)

def f(x):
    for i in range(3):
        b(x)
    with lock:
        c(x)
    with torch.no_grad():
        d(x)
    e(x)
    y = torch.cond(x.sum() > 0, true_fn, true_fn, (x,))
    return g(x)
)");
  EXPECT_EQ(Where(s, "a(x)"), StatementPlacement::kInHigherOrderOp);
  EXPECT_EQ(Where(s, "b(x)"), StatementPlacement::kInLoop);
  EXPECT_EQ(Where(s, "c(x)"), StatementPlacement::kInWith);
  EXPECT_EQ(Where(s, "d(x)"), StatementPlacement::kPlain);  // no_grad is traced through
  EXPECT_EQ(Where(s, "e(x)"), StatementPlacement::kPlain);
  EXPECT_EQ(Where(s, "g(x)"), StatementPlacement::kLastStatement);
}

// Dynamo gives up on the frame only when its bytecode jumps back over the break before the next
// return: the break is in a loop body and no `return` follows it inside that body (recorded on
// torch 2.13: corpus control_flow/break_in_loop_skips_frame.py).
TEST(PlacementTest, InLoopOnlyWhenTheLoopJumpsBackOverTheBreak) {
  ParsedSnippet s(R"(def f(x, xs):
    a(x)
    for i in b(xs):
        c(x)
        if x:
            return x
        d(x)
    while e(x):
        g(x)
    for i in range(2):
        h(x)
        for j in range(2):
            k(x)
            return x
    ys = [m(y) for y in xs]
    return x
)");
  EXPECT_EQ(Where(s, "a(x)"), StatementPlacement::kPlain);  // a later loop jumps to its own start
  EXPECT_EQ(Where(s, "b(xs)"), StatementPlacement::kPlain);  // the iterable, before the body
  EXPECT_EQ(Where(s, "c(x)"), StatementPlacement::kPlain);   // a return comes first
  EXPECT_EQ(Where(s, "d(x)"), StatementPlacement::kInLoop);
  EXPECT_EQ(Where(s, "e(x)"), StatementPlacement::kPlain);   // the first test, before the body
  EXPECT_EQ(Where(s, "g(x)"), StatementPlacement::kInLoop);
  EXPECT_EQ(Where(s, "h(x)"), StatementPlacement::kPlain);   // the inner loop's return comes first
  EXPECT_EQ(Where(s, "k(x)"), StatementPlacement::kPlain);
  EXPECT_EQ(Where(s, "m(y)"), StatementPlacement::kPlain);   // a comprehension's own loop
}

}  // namespace
}  // namespace gbreak
