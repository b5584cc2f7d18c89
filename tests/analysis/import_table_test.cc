#include "program/import_table.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/analysis_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::ParsedSnippet;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<std::string> Names(ParsedSnippet& s, std::string_view type, std::string_view text) {
  return QualifiedNames(s.Find(type, text), s.text(), s.facts().imports());
}

TEST(ImportTableTest, ResolvesAliasesAttributesAndRelativeImports) {
  ParsedSnippet s(R"(import torch
import torch.nn.functional as F
import numpy as np
from torch import nonzero as nz
from .utils import helper
from ..models import base
try:
    from fast import kernel
except ImportError:
    from slow import kernel
x = F.one_hot
y = torch._dynamo.graph_break
z = nz
w = helper
v = kernel
u = np.random.rand
)");
  EXPECT_THAT(Names(s, "attribute", "F.one_hot"), ElementsAre("torch.nn.functional.one_hot"));
  EXPECT_THAT(Names(s, "attribute", "torch._dynamo.graph_break"),
              ElementsAre("torch._dynamo.graph_break"));
  EXPECT_THAT(Names(s, "identifier", "nz"), ElementsAre("torch.nonzero"));
  EXPECT_THAT(Names(s, "identifier", "helper"), ElementsAre(".utils.helper"));
  EXPECT_THAT(Names(s, "identifier", "kernel"), ElementsAre("fast.kernel", "slow.kernel"));
  EXPECT_THAT(Names(s, "attribute", "np.random.rand"), ElementsAre("numpy.random.rand"));
}

TEST(ImportTableTest, BuiltinsUnlessShadowed) {
  ParsedSnippet s("def print(*a):\n    pass\nx = len\ny = print\n");
  EXPECT_THAT(Names(s, "identifier", "len"), ElementsAre("builtins.len"));
  // `print` is defined at module level: not the builtin.
  TSNode use = s.Find("expression_statement", "y = print");
  EXPECT_THAT(QualifiedNames(Field(ts_node_named_child(use, 0), "right"), s.text(),
                             s.facts().imports()),
              IsEmpty());
}

TEST(ImportTableTest, StarImportsAreRemembered) {
  ParsedSnippet s("from torch.nn import *\n");
  EXPECT_THAT(s.facts().imports().star_modules(), ElementsAre("torch.nn"));
}

}  // namespace
}  // namespace gbreak
