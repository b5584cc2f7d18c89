#include "analysis/compiled_region.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/analysis_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::ParsedSnippet;
using ::testing::ElementsAre;

constexpr char kCode[] = R"(import torch
import torch.nn as nn
from pkg.util import normalize

def helper(x):
    a()
    return x

def unused(x):
    b()

@torch.compiler.disable
def eager_only(x):
    c()

def compiled_fn(x):
    d()

compiled = torch.compile(compiled_fn)
later = torch.compiler.disable(unused)

def uses_later(x):
    later(x)

class Base(nn.Module):
    def forward(self, x):
        return self.shared(x)
    def shared(self, x):
        e()
        return x

class Net(Base):
    def __init__(self):
        super().__init__()
        g()
    def forward(self, x):
        x = helper(x)
        eager_only(x)
        x = super().forward(x)
        def inner(y):
            h()
        def unused(y):
            p()
        inner(x)
        normalize(x)
        return self.tail(x)
    def tail(self, x):
        k()
        return x
    def never(self):
        m()

@torch.compile(backend="eager")
def decorated(x):
    n()
)";

bool Traced(ParsedSnippet& s, std::string_view call) {
  TSNode node = s.Find("call", call);
  EXPECT_FALSE(ts_node_is_null(node)) << call;
  CompiledRegion::Location location = s.facts().region().Locate(node);
  return location.traced && location.reachable;
}

TEST(CompiledRegionTest, ClosesOverCallsFromEntries) {
  ParsedSnippet s(kCode);
  EXPECT_TRUE(Traced(s, "a()"));   // helper called from forward
  EXPECT_FALSE(Traced(s, "b()"));  // never called
  EXPECT_FALSE(Traced(s, "c()"));  // disabled
  EXPECT_TRUE(Traced(s, "d()"));   // torch.compile(compiled_fn)
  EXPECT_TRUE(Traced(s, "e()"));   // super().forward -> self.shared
  EXPECT_FALSE(Traced(s, "g()"));  // __init__
  EXPECT_TRUE(Traced(s, "h()"));   // nested in forward and called
  EXPECT_FALSE(Traced(s, "p()"));  // nested in forward, never used
  EXPECT_TRUE(Traced(s, "k()"));   // self.tail
  EXPECT_FALSE(Traced(s, "m()"));  // method never called
  EXPECT_TRUE(Traced(s, "n()"));   // @torch.compile(...)
}

TEST(CompiledRegionTest, DisabledCallSites) {
  ParsedSnippet s(kCode);
  EXPECT_TRUE(s.facts().region().CallsDisabled(s.Find("call", "eager_only(x)")));

  EXPECT_TRUE(s.facts().region().CallsDisabled(s.Find("call", "later(x)")));
  EXPECT_FALSE(s.facts().region().CallsDisabled(s.Find("call", "helper(x)")));
}

TEST(CompiledRegionTest, ExternalCallsAreListedForTheProgramGraph) {
  ParsedSnippet s(kCode);
  EXPECT_THAT(s.facts().region().ExternalCallsFromReachable(),
              ElementsAre("pkg.util.normalize"));
}

TEST(CompiledRegionTest, QualifiedNames) {
  ParsedSnippet s(kCode);
  TSNode call = s.Find("call", "h()");
  EXPECT_EQ(s.facts().region().QualifiedName(s.facts().region().Locate(call).function),
            "Net.forward.inner");
}

TEST(CompiledRegionTest, ModuleLevelCodeIsNeverTraced) {
  ParsedSnippet s("import torch\nprint(1)\n");
  EXPECT_FALSE(s.facts().region().Locate(s.Find("call", "print(1)")).traced);
}

}  // namespace
}  // namespace gbreak
