#include "analysis/value_inference.h"

#include <gtest/gtest.h>

#include <string>

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

TEST(ValueInferenceTest, SizeAnnotationsAreShapesEvenInAForward) {
  // A forward's unannotated parameters are assumed tensors; `torch.Size` says they are sizes.
  ParsedSnippet s(R"(import torch
class Positions(torch.nn.Module):
    def forward(self, input_ids_shape: torch.Size, other):
        bsz, seq_len = input_ids_shape[:2]
        u = other
        return seq_len
)");
  EXPECT_TRUE(ValueOf(s, "seq_len").IsShape());
  EXPECT_TRUE(ValueOf(s, "u").IsTensor());
}

TEST(ValueInferenceTest, AFlagThatHoldsATensorOnOnePathIsDataDependent) {
  // `skip` is False, or a tensor when the training branch ran: reading it reads tensor data.
  // In an eval-only run that branch never runs, so the flag is a Python bool.
  const char* code = R"(import torch
class Encoder(torch.nn.Module):
    def forward(self, x):
        skip = False
        if self.training:
            skip = torch.rand([]) < 0.1
        flag = not skip
        return flag
)";
  ParsedSnippet both(code);
  EXPECT_TRUE(ValueOf(both, "flag").IsDataDependent());
  EXPECT_TRUE(ValueOf(both, "flag").Has(Value::kTensor));
  ParsedSnippet eval(code);
  eval.facts().values().SetModes(/*eval=*/true, /*train=*/false);
  EXPECT_TRUE(ValueOf(eval, "flag").IsStatic());
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

// A submodule's forward takes what its module's callers in the file pass
// (`layer(hidden_states, output_attentions)` in a loop over `self.layers`): a flag stays a flag;
// the first argument stays a tensor; a forward nothing in the file calls keeps the assumption.
TEST(ValueInferenceTest, SubmoduleForwardParametersComeFromTheirModuleCalls) {
  ParsedSnippet s(R"(import torch
import torch.nn as nn
class Layer(nn.Module):
    def forward(self, hidden_states, output_attentions):
        q = hidden_states
        r = output_attentions
        return q
class Lone(nn.Module):
    def forward(self, flag):
        u = flag
        return u
class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Layer() for _ in range(2)])
    def forward(self, pixel_values, output_attentions: bool = False):
        for layer in self.layers:
            pixel_values = layer(pixel_values, output_attentions)
        return pixel_values
)");
  EXPECT_TRUE(ValueOf(s, "q").IsTensor());
  EXPECT_TRUE(ValueOf(s, "r").IsStatic());
  EXPECT_TRUE(ValueOf(s, "u").IsTensor());
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

TEST(ValueInferenceTest, NumpyArraysAreTensorsUnderDynamo) {
  // trace_numpy: an ndarray is a tensor; numpy on Python numbers folds (float(np.sqrt(16))).
  ParsedSnippet s(R"(import numpy as np
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.levels = int(np.log2(16))
    def forward(self, x, plan):
        a = np.array(plan) // 2
        b = np.sum(a[:2])
        c = np.sqrt(16)
        d = self.levels
        return x
)");
  EXPECT_TRUE(ValueOf(s, "a").IsTensor());
  EXPECT_TRUE(ValueOf(s, "b").IsTensor());
  EXPECT_TRUE(ValueOf(s, "c").IsStatic());
  EXPECT_TRUE(ValueOf(s, "d").IsStatic());  // computed in __init__: a Python int when traced
}

TEST(ValueInferenceTest, ScalarContainerAnnotationsAreConstants) {
  ParsedSnippet s(R"(import torch.nn as nn
class M(nn.Module):
    def forward(self, x, dims: tuple[int, int], sizes: list[int]):
        h, w = dims
        n = sizes
        return x
)");
  EXPECT_TRUE(ValueOf(s, "h").IsStatic());
  EXPECT_TRUE(ValueOf(s, "n").IsStatic());
}

TEST(ValueInferenceTest, HelperParametersWhileItsReturnValueIsComputed) {
  // Analyzing forward asks for _row's return value, which analyzes _row, which asks forward's
  // call for its parameters: the two questions must not block each other.
  ParsedSnippet s(R"(import torch.nn as nn
class A(nn.Module):
    def forward(self, x):
        for h in range(2):
            y = self._row(x, h)
        return y
    def _row(self, t, k):
        q = t
        return 0
class B(nn.Module):
    def forward(self, x):
        return self._row(3, 4)
    def _row(self, t, k):
        r = t
        return 0
)");
  EXPECT_TRUE(ValueOf(s, "q").IsTensor());
  EXPECT_TRUE(ValueOf(s, "r").IsStatic());  // only B's own calls count for B._row
}

TEST(ValueInferenceTest, NestedFunctionAskedForFirstWhileItsParentCallsTheSameHelper) {
  // Asking about `w` first makes inner's scope, which analyzes forward (the enclosing scope),
  // whose `self.helper(x)` analyzes helper, whose parameter comes from its call sites, one of
  // them in inner: inner's scope is asked for again before the first question made it. It must
  // be made once (the second copy used to replace the first, which was freed while in use:
  // caught by AddressSanitizer on transformers).
  ParsedSnippet s(R"(import torch
import torch.nn as nn
class M(nn.Module):
    def helper(self, t):
        return t + 1
    def forward(self, x):
        def inner(y):
            w = self.helper(y)
            return w
        a = self.helper(x)
        return inner(a)
)");
  // helper's `t` is x (a tensor) or inner's `y` (unknown): possibly a tensor, either way.
  EXPECT_TRUE(ValueOf(s, "w").MaybeTensor());
  EXPECT_FALSE(ValueOf(s, "w").IsStatic());
  EXPECT_TRUE(ValueOf(s, "a").MaybeTensor());
}

TEST(ValueInferenceTest, AnswersDoNotDependOnWhichExpressionIsAskedFirst) {
  // The helper's parameter comes from forward's call, whose argument forward binds later in the
  // loop. Asked about the helper first, forward is analyzed whole before the helper reads it;
  // asked about forward first, the helper is analyzed midway through forward (at the call) and
  // must be analyzed again once forward is done (it used to keep `total` as None only).
  constexpr char kLoopCarried[] = R"(import torch.nn as nn
class M(nn.Module):
    def forward(self, x):
        total = None
        for step in range(2):
            if step > 0:
                x = double_if_positive(total, x)
            total = x.sum()
        return x
def double_if_positive(total, x):
    c = total
    return x
)";
  ParsedSnippet helper_first(kLoopCarried);
  Value c_first = ValueOf(helper_first, "c");
  ParsedSnippet forward_first(kLoopCarried);
  EXPECT_TRUE(ValueOf(forward_first, "step").IsStatic());
  Value c_second = ValueOf(forward_first, "c");
  EXPECT_TRUE(c_first.MaybeTensor());
  EXPECT_TRUE(c_first == c_second);
}

TEST(ValueInferenceTest, HelperParametersFromPositionalKeywordAndSplatArguments) {
  // Each parameter takes the first of: the keyword argument of its name, a splat, the positional
  // argument at its place; from every call in the file.
  ParsedSnippet s(R"(import torch.nn as nn
def helper(a, b, c, d):
    va = a
    vb = b
    vc = c
    vd = d
    return a
def spread(p, q):
    vp = p
    vq = q
    return p
class M(nn.Module):
    def forward(self, x, rest):
        helper(x.sum(), 3, d=x.sum(), c=2)
        helper(x.sum(), b=4, c=5, d=6)
        spread(1, *rest, 2)
        return x
)");
  EXPECT_TRUE(ValueOf(s, "va").IsTensor());
  EXPECT_TRUE(ValueOf(s, "vb").IsStatic());
  EXPECT_TRUE(ValueOf(s, "vc").IsStatic());
  EXPECT_TRUE(ValueOf(s, "vd").MaybeTensor());
  EXPECT_FALSE(ValueOf(s, "vd").IsStatic());
  EXPECT_TRUE(ValueOf(s, "vp").IsStatic());
  EXPECT_FALSE(ValueOf(s, "vq").IsStatic());
}

TEST(ValueInferenceTest, IsinstanceOfANonTensorTypeNarrowsTheBranch) {
  ParsedSnippet s(R"(import torch
import torch.nn as nn
class M(nn.Module):
    def forward(self, pos, other):
        if isinstance(pos, int):
            narrowed = pos
            pos = torch.arange(pos)
            rebound = pos
        if isinstance(other, torch.Tensor):
            still = other
        if other is not None and isinstance(other, (int, float)):
            both = other
        after = pos
        picked = pos if isinstance(pos, (int, float)) else 0
        return pos
)");
  EXPECT_TRUE(ValueOf(s, "narrowed").IsStatic());
  EXPECT_FALSE(ValueOf(s, "narrowed").MaybeTensor());
  EXPECT_TRUE(ValueOf(s, "rebound").MaybeTensor());  // the test says nothing of the new value
  EXPECT_TRUE(ValueOf(s, "still").MaybeTensor());
  EXPECT_TRUE(ValueOf(s, "both").IsStatic());
  EXPECT_TRUE(ValueOf(s, "after").MaybeTensor());
  EXPECT_TRUE(ValueOf(s, "picked").IsStatic());
}

TEST(ValueInferenceTest, AFailedNotIsinstanceTestNarrowsWhatRunsOnlyThen) {
  ParsedSnippet s(R"(import torch
import torch.nn as nn
class M(nn.Module):
    def forward(self, keep, size, other, last, step):
        if size == 1:
            pass
        elif not isinstance(keep, int):
            kept = keep
        elif keep > 1 and size > 2:
            in_elif = keep
        else:
            in_else = keep
        below_chain = keep
        if not isinstance(size, int) or not isinstance(other, float):
            return x
        after_exit = size
        other_too = other
        def later():
            closure = size
        size = torch.ones(3)
        rebound = size
        if not isinstance(last, int):
            last = 0
        no_exit = last
        while True:
            if not isinstance(step, int):
                break
            in_loop = step
        return x
)");
  EXPECT_TRUE(ValueOf(s, "kept").MaybeTensor());
  EXPECT_FALSE(ValueOf(s, "in_elif").MaybeTensor());
  EXPECT_TRUE(ValueOf(s, "in_elif").IsStatic());
  EXPECT_FALSE(ValueOf(s, "in_else").MaybeTensor());
  EXPECT_TRUE(ValueOf(s, "below_chain").MaybeTensor()) << "the first branch may have run";
  EXPECT_FALSE(ValueOf(s, "after_exit").MaybeTensor());
  EXPECT_FALSE(ValueOf(s, "other_too").MaybeTensor());
  EXPECT_TRUE(ValueOf(s, "closure").MaybeTensor()) << "a nested function reads it later";
  EXPECT_TRUE(ValueOf(s, "rebound").IsTensor());
  EXPECT_TRUE(ValueOf(s, "no_exit").MaybeTensor()) << "the branch does not leave";
  EXPECT_FALSE(ValueOf(s, "in_loop").MaybeTensor());
}

TEST(ValueInferenceTest, ClassAnnotationsAreObjectsAndCallersBeatTensorAnnotations) {
  ParsedSnippet s(R"(import torch
import torch.nn as nn
class Cache:
    pass
class M(nn.Module):
    def positions(self, past: torch.Tensor | None = None):
        seen = past
        return 0
    def scale(self, t: torch.Tensor):
        scaled = t
        return t
    def forward(self, x, cache: Cache | None = None, opt: Optional[Cache] = None):
        if cache is None:
            cache = Cache()
        held = cache
        optional = opt
        self.positions(past=cache)
        self.scale(x)
        return x
)");
  EXPECT_FALSE(ValueOf(s, "held").MaybeTensor());
  EXPECT_FALSE(ValueOf(s, "optional").MaybeTensor());
  EXPECT_FALSE(ValueOf(s, "seen").MaybeTensor());  // every caller passes a cache
  EXPECT_TRUE(ValueOf(s, "scaled").IsTensor());    // a caller passing a tensor agrees
}

TEST(ValueInferenceTest, AChainOfHelpersTooLongToFollowIsUnknownNotAStackOverflow) {
  // f19999 is defined first and asked about first: its parameter comes from f19998's call, whose
  // comes from f19997's, ... down to forward. Analyses nest that deep, then give up.
  constexpr int kLength = 20000;
  std::string code = "import torch.nn as nn\n";
  for (int i = kLength - 1; i >= 0; --i) {
    code += "def f" + std::to_string(i) + "(t):\n    v" + std::to_string(i) + " = t\n";
    code += i + 1 < kLength ? "    return f" + std::to_string(i + 1) + "(t)\n" : "    return t\n";
  }
  code += "class M(nn.Module):\n    def forward(self, x):\n        return f0(x.sum())\n";
  ParsedSnippet deep(code);
  EXPECT_TRUE(ValueOf(deep, "v" + std::to_string(kLength - 1)).MaybeTensor());
  ParsedSnippet shallow(code);
  EXPECT_TRUE(ValueOf(shallow, "v0").IsTensor());  // near forward, still known
}

TEST(ValueInferenceTest, SelfAttributesFromEveryMethodAndBuffers) {
  // nn.Buffer holds a tensor (not a module); an attribute set in forward holds what forward
  // stores; an arm Dynamo never takes (`... if torch.jit.is_tracing() else ...`) adds nothing.
  ParsedSnippet s(R"(import torch
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.Buffer(torch.zeros(3))
        self.window = 7
    def clamp(self, r):
        self.window = torch.min(torch.tensor(r)) if torch.jit.is_tracing() else min(r)
    def forward(self, x):
        self.total = x.sum()
        a = self.table
        b = self.total
        c = self.window
        d = x if torch.compiler.is_compiling() else None
        e = x if self.training else None
        return x
)");
  EXPECT_TRUE(ValueOf(s, "a").IsTensor());
  EXPECT_FALSE(ValueOf(s, "a").Has(Value::kModule));
  EXPECT_TRUE(ValueOf(s, "b").IsTensor());
  EXPECT_FALSE(ValueOf(s, "c").Has(Value::kTensor));  // 7, or min(r): no tensor arm
  EXPECT_FALSE(ValueOf(s, "d").Has(Value::kNone));  // is_compiling() is True while tracing
  EXPECT_TRUE(ValueOf(s, "e").Has(Value::kNone));   // either, by mode
  EXPECT_TRUE(ValueOf(s, "e").MaybeTensor());
}

TEST(ValueInferenceTest, UnknownStaysUnknown) {
  ParsedSnippet s("def g(a):\n    b = a.foo\n    return b\n");
  Value b = ValueOf(s, "b");
  EXPECT_FALSE(b.IsTensor());
  EXPECT_TRUE(b.MaybeTensor());
}

// A numpy scalar made in a constructor (`i < np.log2(ratio)`, an np.bool_) and stored on a
// submodule is data to Dynamo in forward; one from `math.log2`, or made a Python bool, is not.
TEST(ValueInferenceTest, NumpyScalarsStoredByConstructorsAreData) {
  ParsedSnippet s(R"(import math
import numpy as np
import torch.nn as nn

class Up(nn.Module):
    def __init__(self, c, flag: bool = True):
        super().__init__()
        self.flag = flag

    def forward(self, x):
        a = self.flag
        return x

class Plain(nn.Module):
    def __init__(self, c, flag: bool = True):
        super().__init__()
        self.flag = flag

    def forward(self, x):
        b = self.flag
        return x

class Net(nn.Module):
    def __init__(self, ratio: int = 4):
        super().__init__()
        for i in range(3):
            flag = i < np.log2(ratio)
            self.ups.append(Up(4, flag=flag))
            self.plain.append(Plain(4, flag=i < math.log2(ratio)))
            self.plain.append(Plain(4, bool(np.log2(ratio) > 1)))
)");
  EXPECT_TRUE(ValueOf(s, "a").IsDataDependent());
  EXPECT_TRUE(ValueOf(s, "a").numpy);
  EXPECT_TRUE(ValueOf(s, "b").IsStatic());
}

// `a, b, c = f(...)` with every return of f a 3-tuple: each name gets its own element's kind
// (`return seq_len, None, None` / `return seq_len, lengths, mask`: the length is a size, the
// lengths a tensor), not one unknown for all.
TEST(ValueInferenceTest, UnpackingALocalFunctionsTupleReturnsBindsElementwise) {
  ParsedSnippet s(R"(import torch

def lengths_of(states, mask=None):
    batch, seq_len = states.shape[:2]
    if mask is None:
        return seq_len, None, None
    lengths = mask.sum(1)
    return seq_len, lengths, mask

def varying(x):
    if x.dim() > 2:
        return x
    return x, x

def f(x: torch.Tensor, mask: torch.Tensor):
    n, lengths, m = lengths_of(x, mask)
    size = n
    count = lengths
    p, q = varying(x)
    other = p
)");
  EXPECT_TRUE(ValueOf(s, "size").IsShape());
  EXPECT_TRUE(ValueOf(s, "count").IsTensor());
  EXPECT_FALSE(ValueOf(s, "other").IsShape());
}


TEST(ValueInferenceTest, ZipAndEnumerateTargetsTakeTheElementsOfEachIterable) {
  ParsedSnippet s(R"(import torch

def f(chunks: torch.Tensor, grid_thw: torch.Tensor, sizes: torch.Size):
    for i, (chunk, (t, h, w)) in enumerate(zip(chunks, grid_thw)):
        row = t
        index = i
        piece = chunk
    for a, b in zip(sizes, sizes):
        dim = a
    for pair in zip(chunks, grid_thw):
        whole = pair
    for (k, v) in zip(*grid_thw):
        splat = k
)");
  EXPECT_TRUE(ValueOf(s, "row").IsTensor());
  EXPECT_FALSE(ValueOf(s, "row").assumed);
  EXPECT_TRUE(ValueOf(s, "piece").IsTensor());
  EXPECT_FALSE(ValueOf(s, "index").MaybeTensor());
  EXPECT_TRUE(ValueOf(s, "dim").IsShape());
  EXPECT_FALSE(ValueOf(s, "whole").IsTensor());  // a tuple of both: not one tensor
  EXPECT_FALSE(ValueOf(s, "splat").IsTensor());  // how many zip takes is unknown
}

TEST(ValueInferenceTest, BooleanMasksFromAnnotationsCallersFactoriesAndLayoutMethods) {
  ParsedSnippet s(R"(import torch

class Layer(torch.nn.Module):
    def forward(self, x: torch.Tensor, token_mask: torch.BoolTensor | None = None):
        moved = token_mask.to(x.device)
        spread = token_mask.repeat_interleave(2)
        floats = token_mask.to(torch.float32)
        typed = token_mask.to(x.dtype)
        built = torch.ones(4, dtype=torch.bool)
        return moved

def pick(x, keep=None):
    if keep is not None:
        chosen = keep
    return x

def run(x: torch.Tensor):
    return pick(x, keep=x > 0)
)");
  EXPECT_TRUE(ValueOf(s, "moved").IsBoolTensor());
  EXPECT_TRUE(ValueOf(s, "spread").IsBoolTensor());
  EXPECT_FALSE(ValueOf(s, "floats").IsBoolTensor());
  EXPECT_FALSE(ValueOf(s, "typed").IsBoolTensor());
  EXPECT_TRUE(ValueOf(s, "built").IsBoolTensor());
  // `keep=None` that every call hands a comparison: a boolean tensor (or None).
  EXPECT_TRUE(ValueOf(s, "chosen").Has(Value::kTensor));
  EXPECT_TRUE(ValueOf(s, "chosen").boolean);
}

TEST(ValueInferenceTest, ACallLeavingAParameterOutPassesItsDefault) {
  // LightGlue's `_get_keypoint_matching(..., early_stops=None)`: one call hands a boolean mask,
  // another leaves it out (None): under `is not None` it is the mask. Calls that all leave a
  // parameter out say nothing of what other modules' calls pass.
  ParsedSnippet s(R"(import torch

def pick(x, keep=None, other=None):
    if keep is not None:
        chosen = keep
    given = other
    return x

def run(x: torch.Tensor):
    a = pick(x, keep=x > 0)
    b = pick(x)
    return a, b
)");
  Value chosen = ValueOf(s, "chosen");
  EXPECT_TRUE(chosen.IsBoolTensor());
  EXPECT_FALSE(chosen.Has(Value::kUnknown));
  EXPECT_TRUE(ValueOf(s, "given").Has(Value::kUnknown));  // no call passes it
}

TEST(ValueInferenceTest, SubmoduleTupleReturnsAndUnionAnnotationsAndSizeArithmetic) {
  ParsedSnippet s(R"(import torch

class Pooler(torch.nn.Module):
    def forward(self, x: torch.Tensor, padding: torch.Tensor):
        return x * 2, padding

class Model(torch.nn.Module):
    def __init__(self, config):
        super().__init__()
        self.pooler = Pooler()

    def forward(self, x: torch.Tensor, shapes: torch.Tensor | list[tuple[int, int]]):
        pooled, keep = self.pooler(x, x.sum(-1) == 0)
        mask = keep
        for height, width in shapes:
            side = height
        chunks = torch.div(x.size(1), 4, rounding_mode="trunc")
        return pooled
)");
  EXPECT_TRUE(ValueOf(s, "mask").IsBoolTensor());
  EXPECT_TRUE(ValueOf(s, "side").Has(Value::kTensor));
  EXPECT_TRUE(ValueOf(s, "side").assumed);  // maybe a list of int pairs
  EXPECT_TRUE(ValueOf(s, "chunks").IsShape());
}


TEST(ValueInferenceTest, ContainerDisplaysOfTensorsAndScalarParametersCallersHandTensors) {
  ParsedSnippet s(R"(import torch

def resize(x, height: int, width: int):
    size = height
    return x

def f(x: torch.Tensor, grid: torch.Tensor, n: int):
    by_kind = {"full": x, "window": x * 2}
    picked = by_kind["full"]
    flags = {"a": 1, "b": n}
    flag = flags["a"]
    rows = [r for r in grid]
    for t, h, w in grid:
        resize(x, h, w)
    return picked
)");
  EXPECT_FALSE(ValueOf(s, "picked").IsStatic());  // a tensor out of a dict of tensors
  EXPECT_TRUE(ValueOf(s, "flag").IsStatic());
  EXPECT_FALSE(ValueOf(s, "rows").IsStatic());
  // `height: int` that its only caller hands the row element of a tensor: a tensor.
  EXPECT_TRUE(ValueOf(s, "size").IsTensor());
}

TEST(ValueInferenceTest, AScalarAnnotationBeatsATensorTheCallerOnlyAssumes) {
  ParsedSnippet s(R"(import torch

class Bias(torch.nn.Module):
    @staticmethod
    def index(window_size: tuple[int, int]):
        first = window_size
        return first

    def forward(self, window_size):
        return self.index(window_size)
)");
  // The forward's unannotated `window_size` is only assumed a tensor: the annotation stands.
  EXPECT_TRUE(ValueOf(s, "first").IsStatic());
}


TEST(ValueInferenceTest, ContainerAnnotationsAndDevicesAreNoTensors) {
  ParsedSnippet s(R"(import torch

class Norm(torch.nn.Module):
    def forward(self, x, cache: dict, layers: Optional[List[int]], history=None):
        whole = cache
        first = cache["is_first"]
        some = layers
        where = history.device
        kind = x.dtype
        return x
)");
  // A container is no tensor, whatever it holds; what it holds is not known.
  EXPECT_FALSE(ValueOf(s, "whole").Has(Value::kTensor));
  EXPECT_FALSE(ValueOf(s, "first").Has(Value::kTensor));
  EXPECT_FALSE(ValueOf(s, "some").Has(Value::kTensor));
  // `.device` and `.dtype` of anything: a torch.device or dtype.
  EXPECT_TRUE(ValueOf(s, "where").IsStatic());
  EXPECT_TRUE(ValueOf(s, "kind").IsStatic());
}

TEST(ValueInferenceTest, AParameterNoCallPassesHoldsItsDefault) {
  ParsedSnippet s(R"(import torch

class Net(torch.nn.Module):
    def forward(self, x, guidance: torch.Tensor = None):
        if guidance is not None:
            guidance = guidance.to(x.dtype)
        else:
            guidance = None
        seen = guidance
        return x
)");
  // The program graph says no reached call passes `guidance` (a call given only `x`): None,
  // and the assignment under `if guidance is not None:` never runs.
  TSNode forward = ts_node_parent(s.Find("identifier", "forward"));
  ASSERT_EQ(std::string_view(ts_node_type(forward)), "function_definition");
  s.facts().values().SetDefaulted({{ts_node_start_byte(forward), {"guidance"}}});
  Value seen = ValueOf(s, "seen");
  EXPECT_TRUE(seen.Has(Value::kNone));
  EXPECT_FALSE(seen.Has(Value::kTensor));
}

TEST(ValueInferenceTest, AReadSeesTheBindingsBeforeIt) {
  ParsedSnippet s(R"(import torch

class Net(torch.nn.Module):
    def clamp(self, x, max_len=4):
        if max_len + 0 < 0:
            max_len = x.sum(-1).max()
        return max_len + 1

    def scalar(self, x):
        n = x.sum()
        n = n.item()
        return n + 2

    def running(self, x):
        total = 0
        for row in x:
            if total + 3 > 1:
                pass
            total = total + row.sum()
        rows = [r + 4 for r in x]
        return total

    def closure(self, x):
        k = 1
        def inner():
            return k + 5
        k = x.sum()
        return inner

    def forward(self, x):
        return self.clamp(x), self.scalar(x), self.running(x), self.closure(x)
)");
  auto value = [&](std::string_view expression) {
    TSNode node = s.Find("binary_operator", expression);
    EXPECT_FALSE(ts_node_is_null(node)) << expression;
    return s.facts().values().Evaluate(node);
  };
  // Above `max_len = x.sum(-1).max()` the name holds the defaulted int; below, either.
  EXPECT_TRUE(value("max_len + 0").IsStatic());
  EXPECT_TRUE(value("max_len + 1").Has(Value::kTensor));
  // `n = n.item()` reads the tensor bound before it; after it, n is a Python number.
  EXPECT_TRUE(value("n + 2").IsDataDependent());
  EXPECT_FALSE(value("n + 2").Has(Value::kTensor));
  // In a loop, a binding below a read reaches it on the next iteration.
  EXPECT_TRUE(value("total + 3").Has(Value::kTensor));
  // A comprehension's element reads the variable its `for` clause binds after it.
  EXPECT_TRUE(value("r + 4").IsTensor());
  // A closure runs when called: it may see any binding of the enclosing function.
  EXPECT_TRUE(value("k + 5").Has(Value::kTensor));
}

TEST(ValueInferenceTest, ContainersOfTensorsYieldTensors) {
  ParsedSnippet s(R"(import torch

class Net(torch.nn.Module):
    def forward(self, x, mask):
        limit = mask.sum(-1).max()
        counts = [row.size(0) for row in x]
        pads = [limit - c for c in counts]
        for c, p in zip(counts, pads):
            probe = (c + 0, p + 0)
        first = pads[0] + 1
        rest = pads[1:]
        a, b = (limit, limit * 2)
        mixed = [limit, 3]
        named = {"k": limit}
        for key in named:
            keyed = key + 2
        for m in mixed:
            maybe = m + 3
        return a + b
)");
  auto value = [&](std::string_view expression) {
    TSNode node = s.Find("binary_operator", expression);
    EXPECT_FALSE(ts_node_is_null(node)) << expression;
    return s.facts().values().Evaluate(node);
  };
  EXPECT_TRUE(value("c + 0").IsStatic());  // sizes
  EXPECT_TRUE(value("p + 0").IsTensor());
  EXPECT_TRUE(value("pads[0] + 1").IsTensor());
  EXPECT_TRUE(s.facts().values().Evaluate(s.Find("identifier", "rest")).tensor_elements);
  EXPECT_TRUE(value("a + b").IsTensor());
  // A dict iterates its keys; a list with a Python number in it says nothing of its elements.
  EXPECT_FALSE(value("key + 2").IsTensor());
  EXPECT_FALSE(value("m + 3").IsTensor());
}

}  // namespace
}  // namespace gbreak
