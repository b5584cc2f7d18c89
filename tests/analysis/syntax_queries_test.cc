#include "analysis/syntax_queries.h"

#include <gtest/gtest.h>

#include <string>

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

// "self.<attribute>" the loop around the object of the call `call` iterates, or "" for none.
std::string Looped(const ParsedSnippet& s, std::string_view call) {
  TSNode node = s.Find("call", call);
  EXPECT_FALSE(ts_node_is_null(node)) << call;
  TSNode object = Field(Field(node, "function"), "object");
  TSNode looped = LoopedSelfAttribute(object, s.text());
  return ts_node_is_null(looped) ? "" : std::string(NodeText(looped, s.text()));
}

TEST(SyntaxQueriesTest, LoopsOverSelfAttributesBindTheirElements) {
  ParsedSnippet s(R"(class Net:
    def forward(self, x):
        for layer in self.layers:
            layer.a(x)
        for i, layer in enumerate(self.blocks):
            layer.b(i)
        for norm, layer in zip(self.norms, self.layers[1:]):
            layer.c(x)
            norm.d(x)
        for i, layer in enumerate(self.layers):
            for layer in other:
                layer.e(x)
            layer.f(x)
        for layer in self.layers:
            def g():
                layer.g()
        for layer in items(self.layers):
            layer.h(x)
        for i in self.layers:
            layer.k(i)
        layer.m(x)
)");
  EXPECT_EQ(Looped(s, "layer.a(x)"), "self.layers");
  EXPECT_EQ(Looped(s, "layer.b(i)"), "self.blocks");
  EXPECT_EQ(Looped(s, "layer.c(x)"), "self.layers");
  EXPECT_EQ(Looped(s, "norm.d(x)"), "self.norms");
  EXPECT_EQ(Looped(s, "layer.e(x)"), "") << "the inner loop rebinds it";
  EXPECT_EQ(Looped(s, "layer.f(x)"), "self.layers");
  EXPECT_EQ(Looped(s, "layer.g()"), "") << "a nested function is called some other time";
  EXPECT_EQ(Looped(s, "layer.h(x)"), "") << "not the container's elements";
  EXPECT_EQ(Looped(s, "layer.k(i)"), "") << "that loop binds `i`";
  EXPECT_EQ(Looped(s, "layer.m(x)"), "");
}

}  // namespace
}  // namespace gbreak
