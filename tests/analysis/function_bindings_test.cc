#include "analysis/function_bindings.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis/syntax_queries.h"
#include "analysis_test_util.h"

namespace gbreak {
namespace {

using testing::ParsedSnippet;

constexpr char kCode[] = R"(def f(self, a, b: int = 1, c=None, *args, torch=None, **kwargs):
    a = 1
    a += 2
    x, y = a, b
    for i, j in pairs:
        c[i] = j
    c.update(kwargs)
    kwargs.setdefault("k", 1)
    args += (1,)
    self.z = 3
    def inner():
        b = 2
        c.append(b)
    return a
)";

std::vector<std::string> Texts(const std::vector<TSNode>& nodes, std::string_view code) {
  std::vector<std::string> out;
  for (TSNode n : nodes) out.emplace_back(NodeText(n, code));
  return out;
}

// The index answers as the one-question walks of syntax_queries.h do, in the same order: it
// replaces them where a function is asked about many names.
TEST(BindingIndexTest, AnswersAsTheWalksOfSyntaxQueries) {
  ParsedSnippet s(kCode);
  TSNode f = ts_node_named_child(s.root(), 0);
  ASSERT_TRUE(Is(f, "function_definition"));
  BindingIndex index(s.text());
  for (std::string_view name : {"a", "b", "c", "x", "kwargs", "args", "self.z", "i", "nothing"}) {
    EXPECT_EQ(Texts(index.AssignmentsTo(f, name), s.text()),
              Texts(AssignmentsTo(f, name, s.text()), s.text()))
        << name;
    EXPECT_EQ(Texts(index.FillsOf(f, name), s.text()), Texts(FillsOf(f, name, s.text()), s.text()))
        << name;
  }
  EXPECT_EQ(Texts(index.AssignmentsTo(f, "a"), s.text()),
            (std::vector<std::string>{"a = 1", "a += 2"}));
  EXPECT_EQ(Texts(index.FillsOf(f, "c"), s.text()),
            (std::vector<std::string>{"c[i] = j", "c.update(kwargs)"}));  // not inner()'s
  EXPECT_EQ(index.VariadicsOf(f).positional, "args");
  EXPECT_EQ(index.VariadicsOf(f).keyword, "kwargs");
}

TEST(BindingIndexTest, ParametersByNameWithTheirPlace) {
  ParsedSnippet s(kCode);
  TSNode f = ts_node_named_child(s.root(), 0);
  BindingIndex index(s.text());
  EXPECT_EQ(index.ParameterNamed(f, "self").position, 0u);
  EXPECT_EQ(NodeText(index.ParameterNamed(f, "b").node, s.text()), "b: int = 1");
  EXPECT_EQ(index.ParameterNamed(f, "c").position, 3u);
  EXPECT_EQ(index.ParameterNamed(f, "torch").position, 5u);  // after *args
  EXPECT_TRUE(ts_node_is_null(index.ParameterNamed(f, "args").node));  // a variadic
  EXPECT_TRUE(ts_node_is_null(index.ParameterNamed(f, "x").node));     // a local
}

TEST(BindingIndexTest, NamesBoundAreAssignmentAndLoopTargets) {
  ParsedSnippet s(kCode);
  TSNode f = ts_node_named_child(s.root(), 0);
  BindingIndex index(s.text());
  const std::set<std::string, std::less<>>& bound = index.NamesBoundIn(f);
  EXPECT_EQ(std::vector<std::string>(bound.begin(), bound.end()),
            (std::vector<std::string>{"a", "args", "i", "j", "x", "y"}));
}

}  // namespace
}  // namespace gbreak
