#include "analysis/syntax_queries.h"

#include <gtest/gtest.h>

#include "analysis_test_util.h"

namespace gbreak {
namespace {

using testing::ParsedSnippet;

bool ErrorPath(const ParsedSnippet& s, std::string_view call) {
  TSNode node = s.Find("call", call);
  EXPECT_FALSE(ts_node_is_null(node)) << call;
  return OnErrorPath(node);
}

TEST(SyntaxQueriesTest, ErrorPathsAreHandlersRaisesAndBlocksThatEndByRaising) {
  ParsedSnippet s(R"(def f(x):
    if x.sum() < 0:
        log(x.item())
        raise ValueError(msg(x.max()))
    try:
        y = parse(x)
    except ValueError:
        warn(x.min())
    if x.any():
        early(x.mean())
        if ok():
            return x
        raise RuntimeError("no")
    try:
        if bad():
            caught(x.std())
            raise KeyError
    except KeyError:
        pass
    return plain(x.item())
)");
  EXPECT_FALSE(ErrorPath(s, "x.sum()"));  // the test runs on every call
  EXPECT_TRUE(ErrorPath(s, "log(x.item())"));
  EXPECT_TRUE(ErrorPath(s, "msg(x.max())"));
  EXPECT_FALSE(ErrorPath(s, "parse(x)"));
  EXPECT_TRUE(ErrorPath(s, "warn(x.min())"));
  EXPECT_FALSE(ErrorPath(s, "early(x.mean())"));  // it may return before the raise
  EXPECT_FALSE(ErrorPath(s, "caught(x.std())"));  // the try may catch it
  EXPECT_FALSE(ErrorPath(s, "plain(x.item())"));
}

}  // namespace
}  // namespace gbreak
