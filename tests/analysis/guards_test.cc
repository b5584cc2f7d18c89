#include "analysis/guards.h"

#include <gtest/gtest.h>

#include "analysis/analysis_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::ParsedSnippet;

bool Guarded(ParsedSnippet& s, std::string_view call, Mode mode = Mode::kEval) {
  TSNode node = s.Find("call", call);
  EXPECT_FALSE(ts_node_is_null(node)) << call;
  return IsGuardedAway(node, s.text(), s.facts().imports(), mode);
}

TEST(GuardsTest, IsCompilingBranches) {
  ParsedSnippet s(R"(import torch
from torch._dynamo import is_compiling
from typing import TYPE_CHECKING
def f(x):
    if not torch.compiler.is_compiling():
        a()
    if torch.compiler.is_compiling():
        b()
    else:
        c()
    if is_compiling() or x:
        d()
    elif x:
        e()
    if TYPE_CHECKING:
        g()
    if torch.jit.is_scripting():
        h()
    y = k() if torch._dynamo.is_compiling() else l()
)");
  EXPECT_TRUE(Guarded(s, "a()"));
  EXPECT_FALSE(Guarded(s, "b()"));
  EXPECT_TRUE(Guarded(s, "c()"));
  EXPECT_FALSE(Guarded(s, "d()"));
  EXPECT_TRUE(Guarded(s, "e()"));
  EXPECT_TRUE(Guarded(s, "g()"));
  EXPECT_TRUE(Guarded(s, "h()"));
  EXPECT_FALSE(Guarded(s, "k()"));
  EXPECT_TRUE(Guarded(s, "l()"));
}

TEST(GuardsTest, EarlyExitAndLocalVariable) {
  ParsedSnippet s(R"(import torch
def is_torchdynamo_compiling():
    return False
def f(x):
    compiling = torch.compiler.is_compiling()
    if not compiling:
        a()
    if is_torchdynamo_compiling():
        return x
    b()
)");
  EXPECT_TRUE(Guarded(s, "a()"));
  EXPECT_TRUE(Guarded(s, "b()"));
}

TEST(GuardsTest, IsTracingIsTransformersUnlessItIsTorchJits) {
  // transformers' is_tracing() asks is_torchdynamo_compiling(), in the module that defines it
  // (import_utils.py's torch_compilable_check) as where it is imported; torch.jit's is false.
  ParsedSnippet s(R"(import torch
from torch.jit import is_tracing as jit_tracing
def is_tracing(tensor=None):
    return is_torchdynamo_compiling() or torch.jit.is_tracing()
def check(cond):
    if is_tracing():
        a()
        return
    b()
    if torch.jit.is_tracing():
        c()
    if jit_tracing():
        d()
)");
  EXPECT_FALSE(Guarded(s, "a()"));
  EXPECT_TRUE(Guarded(s, "b()"));
  EXPECT_TRUE(Guarded(s, "c()"));
  EXPECT_TRUE(Guarded(s, "d()"));
}

TEST(GuardsTest, ALocalNoneUnlessGuardedAwayCodeSetsIt) {
  // `mask = None`, set again only under a branch Dynamo never takes: None where it is tested.
  // Bound by a tuple target or in a loop around the test, or a parameter: undecided.
  ParsedSnippet s(R"(DEBUG = False
def f(x, given=None):
    mask = None
    if DEBUG:
        mask, _ = x > 0, x
    if mask is not None:
        a()
    pair = None
    if x.any():
        pair, _ = x, x
    if pair is not None:
        b()
    last = None
    for i in range(3):
        if last is not None:
            c()
        last = x
    given = None if DEBUG else given
    if given is not None:
        d()
)");
  EXPECT_TRUE(Guarded(s, "a()"));
  EXPECT_FALSE(Guarded(s, "b()"));
  EXPECT_FALSE(Guarded(s, "c()"));
  EXPECT_FALSE(Guarded(s, "d()"));
}

// A dict made empty and filled only under a branch Dynamo never takes holds no key where it
// is read: `.get(k)` is None there. Filled on a live path, or in a loop around the read: not.
TEST(GuardsTest, AnEmptyDictFilledOnlyInGuardedAwayCode) {
  ParsedSnippet s(R"(import torch
DEBUG = False
def f(x):
    found = {}
    if DEBUG:
        found["a"] = x
    if found.get("a") is not None:
        a()
    seen = {}
    if x.any():
        seen["a"] = x
    if seen.get("a") is not None:
        b()
    many = {}
    for i in range(3):
        if many.get("a") is not None:
            c()
        many["a"] = x
    if isinstance(found, torch.Tensor):
        d()
    if found.get("a") or DEBUG:
        e()
)");
  EXPECT_TRUE(Guarded(s, "a()"));
  EXPECT_FALSE(Guarded(s, "b()"));
  EXPECT_FALSE(Guarded(s, "c()"));
  EXPECT_TRUE(Guarded(s, "d()"));  // a dict is no tensor
  EXPECT_TRUE(Guarded(s, "e()"));
}

TEST(GuardsTest, TrainingFoldsPerMode) {
  ParsedSnippet s(R"(class M:
    def forward(self, x):
        if self.training and x:
            a()
        else:
            b()
)");
  EXPECT_TRUE(Guarded(s, "a()", Mode::kEval));
  EXPECT_FALSE(Guarded(s, "a()", Mode::kTrain));
  EXPECT_FALSE(Guarded(s, "b()", Mode::kEval));
  EXPECT_FALSE(Guarded(s, "b()", Mode::kTrain));  // x unknown: the else may run in train
}

TEST(GuardsTest, TrainingComparedToABooleanFoldsPerMode) {
  ParsedSnippet s(R"(class M:
    def forward(self, x, n=None):
        if self.training is False:
            a()
        if self.training is not True:
            b()
        if self.training == False:
            c()
        if self.training is None:
            d()
)");
  EXPECT_FALSE(Guarded(s, "a()", Mode::kEval));
  EXPECT_TRUE(Guarded(s, "a()", Mode::kTrain));
  EXPECT_TRUE(Guarded(s, "b()", Mode::kTrain));
  EXPECT_FALSE(Guarded(s, "b()", Mode::kEval));
  EXPECT_TRUE(Guarded(s, "c()", Mode::kTrain));
  EXPECT_TRUE(Guarded(s, "d()", Mode::kEval));  // a boolean is not None
  EXPECT_TRUE(Guarded(s, "d()", Mode::kTrain));
}

TEST(GuardsTest, ReducedPrecisionDtypeTestsFoldInAFloat32Run) {
  ParsedSnippet s(R"(import torch
from torch import bfloat16
def f(h):
    if h.dtype == torch.float16:
        a()
    if h.dtype in (torch.half, bfloat16):
        b()
    if h.dtype != torch.bfloat16:
        c()
    else:
        d()
    if h.dtype == torch.float32:
        e()
)");
  auto guarded = [&](std::string_view call, bool reduced_precision) {
    return IsGuardedAway(s.Find("call", call), s.text(), s.facts().imports(), Mode::kEval,
                         nullptr, reduced_precision);
  };
  EXPECT_TRUE(guarded("a()", false));
  EXPECT_TRUE(guarded("b()", false));
  EXPECT_FALSE(guarded("c()", false));
  EXPECT_TRUE(guarded("d()", false));
  EXPECT_FALSE(guarded("e()", false));  // an int tensor is not float32 either: unknown
  for (std::string_view call : {"a()", "b()", "c()", "d()", "e()"}) {
    EXPECT_FALSE(guarded(call, true)) << call;  // --dtype float16 / bfloat16
  }
}

TEST(GuardsTest, NoneTestsOnParametersNoCallerPasses) {
  ParsedSnippet s(R"(def helper(x, mask=None):
    if mask is not None:
        a()
    if mask is None:
        b()
    return x
def passed(x, mask=None):
    if mask is not None:
        c()
def uncalled(x, mask=None):
    if mask is not None:
        d()
def f(x):
    helper(x)
    passed(x, x > 0)
)");
  EXPECT_TRUE(Guarded(s, "a()"));    // every call of helper omits mask
  EXPECT_FALSE(Guarded(s, "b()"));
  EXPECT_FALSE(Guarded(s, "c()"));   // a call passes it
  EXPECT_FALSE(Guarded(s, "d()"));   // no call in the file: callers elsewhere may pass it
}

TEST(GuardsTest, FlagsEveryCallSetsToTheSameLiteral) {
  ParsedSnippet s(R"(class Block:
    def __init__(self, debug=False, verbose=False):
        self.debug = debug
        self.verbose = verbose
    def forward(self, x):
        if self.debug:
            a()
        if self.verbose:
            b()
        return x
def build():
    return Block(debug=False), Block(False, verbose=True)
)");
  EXPECT_TRUE(Guarded(s, "a()"));   // every construction passes False (or leaves the default)
  EXPECT_FALSE(Guarded(s, "b()"));  // one passes True
}

// A call naming the parameter beside a splat (`Block(debug=False, **options)`) gives it that
// argument: the splat cannot give `debug` again (Python raises TypeError). What the call leaves
// to the splat may be given anything.
TEST(GuardsTest, ASplatDoesNotGiveAParameterTheCallNames) {
  ParsedSnippet s(R"(class Block:
    def __init__(self, debug=False, verbose=False, **options):
        self.debug = debug
        self.verbose = verbose
    def forward(self, x):
        if self.debug:
            a()
        if self.verbose:
            b()
        return x
def build(**options):
    return Block(debug=False, **options)
)");
  EXPECT_TRUE(Guarded(s, "a()"));   // the construction names debug=False
  EXPECT_FALSE(Guarded(s, "b()"));  // it leaves verbose to **options, which may give it
}

TEST(GuardsTest, UnknownConditionsGuardNothing) {
  ParsedSnippet s("def f(x):\n    if x.sum() > 0:\n        a()\n    else:\n        b()\n");
  EXPECT_FALSE(Guarded(s, "a()"));
  EXPECT_FALSE(Guarded(s, "b()"));
}

// A per-layer list of the configuration (`layer_types`) read at a layer's own index: a test on
// it folds when every entry gives the same answer, and is unknown, noted as varying from layer
// to layer, when they differ; a literal index reads its entry.
TEST(GuardsTest, PerLayerConfigurationListsFoldWhenEveryEntryAgrees) {
  ParsedSnippet s(R"(class Layer:
    def __init__(self, config, layer_idx):
        self.kind = config.layer_types[layer_idx]
    def forward(self, x):
        if self.kind == "sliding":
            a()
        if self.config.layer_types[-1] == "full, wide":
            b()
)");
  TSNode per_layer = s.Find("comparison_operator", "self.kind == \"sliding\"");
  TSNode last = s.Find("comparison_operator", "self.config.layer_types[-1] == \"full, wide\"");
  ASSERT_FALSE(ts_node_is_null(per_layer));
  ASSERT_FALSE(ts_node_is_null(last));
  auto truth = [&](TruthCache& cache, TSNode test) {
    return EvaluateUnderCompile(test, s.text(), s.facts().imports(), Mode::kEval, &cache,
                                /*reduced_precision=*/false);
  };
  TruthCache mixed;
  mixed.SetConfigDefaults({{"Layer", {{"layer_types", "['sliding', \"full, wide\"]"}}}});
  EXPECT_EQ(truth(mixed, per_layer), Truth::kUnknown);
  EXPECT_TRUE(mixed.Varies(per_layer, Mode::kEval));
  EXPECT_EQ(truth(mixed, last), Truth::kTrue);
  EXPECT_FALSE(mixed.Varies(last, Mode::kEval));
  TruthCache same;
  same.SetConfigDefaults({{"Layer", {{"layer_types", "['full', 'full']"}}}});
  EXPECT_EQ(truth(same, per_layer), Truth::kFalse);
  EXPECT_FALSE(same.Varies(per_layer, Mode::kEval));
  TruthCache none;
  none.SetConfigDefaults({{"Layer", {{"layer_types", "None"}}}});
  EXPECT_EQ(truth(none, per_layer), Truth::kUnknown);
  EXPECT_FALSE(none.Varies(per_layer, Mode::kEval));
}

}  // namespace
}  // namespace gbreak
