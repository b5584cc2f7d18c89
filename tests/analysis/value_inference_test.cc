#include "analysis/value_inference.h"

#include <gtest/gtest.h>

#include "analysis/analysis_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::ParsedSnippet;

constexpr char kModel[] = R"(import torch
import torch.nn as nn
import math

class M(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.register_buffer("scale", torch.ones(1))
        self.heads = config.num_heads

    def helper(self, t):
        return t.sum() > 0

    def forward(self, x, mask=None, n: int = 3, labels: torch.Tensor = None):
        a = x.sum() > 0
        b = x.shape[0] > 8
        c = mask is not None
        d = self.training
        y = self.proj(x)
        bsz, seq = x.shape[:2]
        e = bsz * seq
        f = len(x)
        g = x.item()
        h = math.sqrt(self.heads)
        i = self.scale
        j = self.helper(x)
        k = torch.equal(x, y)
        l = n + 1
        m = (x > 0) & (y < 1)
        o = x.size(1)
        p = labels
        return y
)";

Value ValueOf(ParsedSnippet& snippet, std::string_view name) {
  TSNode assignment = snippet.Find("identifier", name);
  return snippet.facts().values().Evaluate(assignment);
}

TEST(ValueInferenceTest, TellsTensorTestsFromSizeTests) {
  ParsedSnippet s(kModel);
  EXPECT_TRUE(ValueOf(s, "a").IsTensor());
  EXPECT_TRUE(ValueOf(s, "a").IsBoolTensor());
  EXPECT_TRUE(ValueOf(s, "a").assumed);  // x is an unannotated forward parameter
  EXPECT_TRUE(ValueOf(s, "b").IsStatic());
  EXPECT_FALSE(ValueOf(s, "b").MaybeTensor());
  EXPECT_TRUE(ValueOf(s, "c").IsStatic());
  EXPECT_TRUE(ValueOf(s, "d").IsStatic());
}

TEST(ValueInferenceTest, SizesStaySizes) {
  ParsedSnippet s(kModel);
  EXPECT_TRUE(ValueOf(s, "bsz").IsShape());
  EXPECT_TRUE(ValueOf(s, "e").IsShape());
  EXPECT_TRUE(ValueOf(s, "f").IsShape());
  EXPECT_TRUE(ValueOf(s, "o").IsShape());
  EXPECT_TRUE(ValueOf(s, "h").IsStatic());  // math on a config value
}

TEST(ValueInferenceTest, DataReadOutOfTensors) {
  ParsedSnippet s(kModel);
  EXPECT_TRUE(ValueOf(s, "g").IsDataDependent());
  EXPECT_FALSE(ValueOf(s, "g").IsTensor());
  EXPECT_TRUE(ValueOf(s, "k").IsDataDependent());
}

TEST(ValueInferenceTest, ModulesBuffersAndSummaries) {
  ParsedSnippet s(kModel);
  EXPECT_TRUE(ValueOf(s, "y").IsTensor());     // a submodule call
  EXPECT_TRUE(ValueOf(s, "i").IsTensor());     // a registered buffer
  EXPECT_FALSE(ValueOf(s, "i").assumed);
  EXPECT_TRUE(ValueOf(s, "j").IsBoolTensor());  // the helper's return value
  EXPECT_TRUE(ValueOf(s, "m").IsBoolTensor());
}

TEST(ValueInferenceTest, AnnotationsAndDefaultsOverrideTheAssumption) {
  ParsedSnippet s(kModel);
  EXPECT_TRUE(ValueOf(s, "l").IsStatic());   // n: int = 3
  EXPECT_TRUE(ValueOf(s, "p").IsTensor());   // labels: torch.Tensor = None
  EXPECT_FALSE(ValueOf(s, "mask").IsTensor());  // mask=None: unknown, not assumed
}

TEST(ValueInferenceTest, HelperParametersComeFromCallSites) {
  ParsedSnippet s(R"(import torch
def helper(t, k):
    q = t
    r = k
    return q

@torch.compile
def f(x):
    return helper(x * 2, 3)
)");
  EXPECT_TRUE(ValueOf(s, "q").IsTensor());
  EXPECT_TRUE(ValueOf(s, "r").IsStatic());
}

TEST(ValueInferenceTest, StaticMethodParametersLineUpWithTheArguments) {
  // Longformer's `_mask_invalid_locations(input_tensor, affected_seq_len)`: no `self` to skip.
  ParsedSnippet s(R"(import torch.nn as nn
class Attn(nn.Module):
    def forward(self, x):
        return self.mask(x, 4) + self.scale(x, 2)
    @staticmethod
    def mask(t, n):
        q = t
        r = n
        return q
    def scale(self, t, n):
        u = n
        return t * u
)");
  EXPECT_TRUE(ValueOf(s, "q").IsTensor());
  EXPECT_TRUE(ValueOf(s, "r").IsStatic());
  EXPECT_TRUE(ValueOf(s, "u").IsStatic());
}

TEST(ValueInferenceTest, MaskNamedParametersAreBooleanTensors) {
  ParsedSnippet s(R"(import torch.nn as nn
class Pool(nn.Module):
    def forward(self, h, mask, pad_mask, attention_mask):
        a = mask
        b = pad_mask
        c = attention_mask
        return h
)");
  EXPECT_TRUE(ValueOf(s, "a").IsBoolTensor());
  EXPECT_TRUE(ValueOf(s, "b").IsBoolTensor());
  EXPECT_TRUE(ValueOf(s, "c").IsTensor());
  EXPECT_FALSE(ValueOf(s, "c").IsBoolTensor());  // transformers: 0/1 integers
  EXPECT_TRUE(ValueOf(s, "a").assumed);
}

TEST(ValueInferenceTest, UnknownStaysUnknown) {
  ParsedSnippet s("def g(a):\n    b = a.foo\n    return b\n");
  Value b = ValueOf(s, "b");
  EXPECT_FALSE(b.IsTensor());
  EXPECT_TRUE(b.MaybeTensor());
}

}  // namespace
}  // namespace gbreak
