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

}  // namespace
}  // namespace gbreak
