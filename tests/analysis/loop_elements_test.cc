#include "analysis/loop_elements.h"

#include <gtest/gtest.h>

#include <string>

#include "analysis/syntax_queries.h"
#include "analysis_test_util.h"
#include "syntax/tree_index.h"

namespace gbreak {
namespace {

using testing::ParsedSnippet;

// "self.<attribute>" the loop around the object of the call `call` iterates, or "" for none.
std::string Looped(const ParsedSnippet& s, std::string_view call) {
  TSNode node = s.Find("call", call);
  EXPECT_FALSE(ts_node_is_null(node)) << call;
  TSNode object = Field(Field(node, "function"), "object");
  LoopElements loops(EnclosingFunction(node), s.text());
  TSNode looped = loops.ContainerOf(object);
  return ts_node_is_null(looped) ? "" : std::string(NodeText(looped, s.text()));
}

constexpr char kForward[] = R"(class Net:
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
            f = lambda: layer.l()
        for layer in items(self.layers):
            layer.h(x)
        for i in self.layers:
            layer.k(i)
        for layer in self.layers.n(layer.n()):
            pass
        else:
            layer.o(x)
        layer.m(x)
)";

void ExpectLoopElements(const ParsedSnippet& s) {
  EXPECT_EQ(Looped(s, "layer.a(x)"), "self.layers");
  EXPECT_EQ(Looped(s, "layer.b(i)"), "self.blocks");
  EXPECT_EQ(Looped(s, "layer.c(x)"), "self.layers");
  EXPECT_EQ(Looped(s, "norm.d(x)"), "self.norms");
  EXPECT_EQ(Looped(s, "layer.e(x)"), "") << "the inner loop rebinds it";
  EXPECT_EQ(Looped(s, "layer.f(x)"), "self.layers");
  EXPECT_EQ(Looped(s, "layer.g()"), "") << "a nested function is called some other time";
  EXPECT_EQ(Looped(s, "layer.l()"), "") << "so is a lambda";
  EXPECT_EQ(Looped(s, "layer.h(x)"), "") << "not the container's elements";
  EXPECT_EQ(Looped(s, "layer.k(i)"), "") << "that loop binds `i`";
  EXPECT_EQ(Looped(s, "layer.n()"), "") << "a loop's iterable is read before it binds";
  EXPECT_EQ(Looped(s, "layer.o(x)"), "") << "nor does it bind in its else clause";
  EXPECT_EQ(Looped(s, "layer.m(x)"), "");
}

TEST(LoopElementsTest, LoopsOverSelfAttributesBindTheirElements) {
  ParsedSnippet s(kForward);
  ExpectLoopElements(s);
}

TEST(LoopElementsTest, SameAnswersFromTheTreeIndex) {
  TreeIndexScope scope;
  ParsedSnippet s(kForward);
  ExpectLoopElements(s);
}

}  // namespace
}  // namespace gbreak
