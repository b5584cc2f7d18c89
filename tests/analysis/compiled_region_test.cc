#include "analysis/compiled_region.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

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
  ModuleSummary summary = s.facts().region().Summarize("m.py", "m", false);
  std::map<std::string, std::vector<std::string>> external;  // function -> what it calls elsewhere
  for (const FunctionSummary& f : summary.functions) {
    if (!f.external_callees.empty()) external[f.name] = f.external_callees;
  }
  // torch and builtins are not followed; the imported helper is, from the function calling it,
  // and so is `super().__init__()` (the base's method, found through the class hierarchy).
  EXPECT_THAT(external,
              ElementsAre(::testing::Pair("Net.__init__", ElementsAre("m.Base.__init__")),
                          ::testing::Pair("Net.forward", ElementsAre("pkg.util.normalize"))));
}

TEST(CompiledRegionTest, QualifiedNames) {
  ParsedSnippet s(kCode);
  TSNode call = s.Find("call", "h()");
  EXPECT_EQ(s.facts().region().QualifiedName(s.facts().region().Locate(call).function),
            "Net.forward.inner");
}

// Calls Dynamo makes that are not written as a call of a name: decorator wrappers, functions
// handed to higher-order ops, overrides in subclasses, methods of attributes built in __init__,
// and disable() applied through assignments.
constexpr char kIndirect[] = R"(import functools
import torch
import torch.nn as nn

def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        a()
        return fn(*args)
    def unused_closure():
        b()
    return wrapper

def documented(obj=None):
    def decorate(f):
        c()
        return f
    return decorate

def deprecated(message):
    def decorator(fn):
        def inner(*args):
            d()
            return fn(*args)
        return inner
    return decorator

def branch(x):
    e()
    return x

def scaled(x):
    f()
    return x

@torch.compiler.disable(recursive=False)
def own_frame_only(x):
    g()
    return scaled(x)

class Scheduler:
    def add_noise(self, x):
        h()
        return x

class Body(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = Scheduler()
        self.block = nn.Linear(2, 2)
        self.block.forward = torch.compiler.disable(self.block.forward)

    @timed
    @documented
    @deprecated("old")
    def forward(self, x):
        eager = torch.compiler.disable(lambda y: y)
        eager(x)
        self.block(x)
        own_frame_only(x)
        x = torch.cond(x.sum() > 0, branch, branch, (x,))
        self.profile()
        return self.scheduler.add_noise(x)

class Profiled(Body):
    def profile(self):
        k()
)";

TEST(CompiledRegionTest, FollowsCallsThatAreNotWrittenAsCalls) {
  ParsedSnippet s(kIndirect);
  EXPECT_TRUE(Traced(s, "a()"));   // @timed's functools.wraps wrapper
  EXPECT_FALSE(Traced(s, "b()"));  // a closure timed never returns
  EXPECT_FALSE(Traced(s, "c()"));  // a docstring-style decorator runs at import, returns f
  EXPECT_TRUE(Traced(s, "d()"));   // @deprecated("old"): the wrapper its decorator returns
  EXPECT_TRUE(Traced(s, "e()"));   // a torch.cond branch
  EXPECT_TRUE(Traced(s, "f()"));   // called by a recursive=False disabled function
  EXPECT_FALSE(Traced(s, "g()"));  // ... whose own body is not traced
  EXPECT_TRUE(Traced(s, "h()"));   // self.scheduler = Scheduler() in __init__
  EXPECT_TRUE(Traced(s, "k()"));   // self.profile() of a subclass
}

TEST(CompiledRegionTest, SelfCallsReachWhatEverySubclassRuns) {
  // self.step() in Base runs the step of the instance's class: Base's own, an override further
  // down a chain, or a mixin's that comes first in a subclass's bases; not one that a subclass's
  // MRO never reaches, nor one of an unrelated class.
  ParsedSnippet s(R"(import torch.nn as nn

class Mixin:
    def step(self):
        m()

class Other:
    def step(self):
        o()

class Base(nn.Module):
    def forward(self, x):
        self.step()
        return x
    def step(self):
        b()

class Child(Base):
    pass

class GrandChild(Child):
    def step(self):
        g()

class Mixed(Mixin, Base):
    pass

class Shadowed(Base, Other):
    pass

class Unrelated(nn.Module):
    def step(self):
        u()
)");
  EXPECT_TRUE(Traced(s, "b()"));
  EXPECT_TRUE(Traced(s, "g()"));
  EXPECT_TRUE(Traced(s, "m()"));
  EXPECT_FALSE(Traced(s, "o()"));
  EXPECT_FALSE(Traced(s, "u()"));
}

TEST(CompiledRegionTest, DisableAppliedThroughAssignments) {
  ParsedSnippet s(kIndirect);
  EXPECT_TRUE(s.facts().region().CallsDisabled(s.Find("call", "eager(x)")));
  EXPECT_TRUE(s.facts().region().CallsDisabled(s.Find("call", "self.block(x)")));
  EXPECT_TRUE(s.facts().region().CallsDisabled(s.Find("call", "own_frame_only(x)")));
  EXPECT_FALSE(s.facts().region().CallsDisabled(s.Find("call", "self.profile()")));
}

TEST(CompiledRegionTest, SummariesListWrappersWithWhatReturnsThem) {
  ParsedSnippet s(kIndirect);
  ModuleSummary summary = s.facts().region().Summarize("m.py", "m", false);
  std::map<std::string, const FunctionSummary*> by_name;
  for (const FunctionSummary& f : summary.functions) by_name[f.name] = &f;
  ASSERT_TRUE(by_name.contains("timed.wrapper"));
  EXPECT_TRUE(by_name["timed.wrapper"]->wrapper);
  EXPECT_THAT(by_name["timed"]->returns, ElementsAre("timed.wrapper"));
  EXPECT_THAT(by_name["deprecated.decorator"]->returns, ElementsAre("deprecated.decorator.inner"));
  EXPECT_FALSE(by_name["documented.decorate"]->wrapper);
  EXPECT_TRUE(by_name["own_frame_only"]->disabled_own_frame_only);
  EXPECT_THAT(by_name["Body.forward"]->local_callees,
              ::testing::IsSupersetOf({"timed.wrapper", "deprecated.decorator.inner", "branch",
                                       "Profiled.profile", "Scheduler.add_noise"}));
}

// What a wrapper hands the function it wraps beyond its caller's arguments: keys read as
// Python gives them (literals, a loop over a literal list), any keyword for a computed key, and
// positional arguments only when its *args grows (item assignment to a list copy does not).
TEST(CompiledRegionTest, WrappersSayWhatArgumentsTheyAdd) {
  ParsedSnippet s(R"(from functools import wraps
NAMES = ["ignored"]
def forwards(func):
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    return wrapper
def config_defaults(func):
    @wraps(func)
    def wrapper(self, *args, **kwargs):
        names = ["use_cache", "vision_feature_layer"]
        for name in names:
            if name in func.__code__.co_varnames and len(args) > 0:
                args = list(args)
                args[0] = getattr(self.config, name)
            elif kwargs.get(name) is None:
                kwargs[name] = getattr(self.config, name)
        kwargs.setdefault("return_dict", True)
        return func(self, *args, **kwargs)
    return wrapper
def renaming(func):
    def wrapper(*args, **kwargs):
        renamed = {}
        for k, v in kwargs.items():
            renamed[k.removeprefix("text_")] = v
        return func(*args, **renamed)
    return wrapper
def appending(func):
    def wrapper(x, *args):
        args = args + (1,)
        return func(x, *args, flag=True)
    return wrapper
def handing_on(func):
    def wrapper(self, x, layer_type=None, **kwargs):
        extra = {"layer_type": layer_type} if layer_type is not None else {"scale": 2}
        if "old" in kwargs:
            kwargs["new"] = kwargs.pop("old")
        given = kwargs.get("attention_kwargs")
        if given is not None:
            given = given.copy()
            kwargs["attention_kwargs"] = given
        return func(self, x, **extra, **kwargs)
    return wrapper
def factory(func=None):
    def decorate(func):
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)
        return wrapper
    if func is not None:
        return decorate(func)
    return decorate
)");
  ModuleSummary summary = s.facts().region().Summarize("m.py", "m", false);
  std::map<std::string, const FunctionSummary*> by_name;
  for (const FunctionSummary& f : summary.functions) by_name[f.name] = &f;
  for (const char* name :
       {"forwards.wrapper", "config_defaults.wrapper", "renaming.wrapper", "appending.wrapper"}) {
    ASSERT_TRUE(by_name.contains(name)) << name;
  }
  EXPECT_THAT(by_name["forwards.wrapper"]->adds_arguments, ElementsAre());
  EXPECT_THAT(by_name["config_defaults.wrapper"]->adds_arguments,
              ElementsAre("return_dict", "use_cache", "vision_feature_layer"));
  EXPECT_THAT(by_name["renaming.wrapper"]->adds_arguments, ElementsAre("**"));
  EXPECT_THAT(by_name["appending.wrapper"]->adds_arguments, ElementsAre("flag", "*"));
  // The caller's own `layer_type` handed on and a renamed keyword add nothing; "scale" does.
  EXPECT_THAT(by_name["handing_on.wrapper"]->adds_arguments, ElementsAre("scale"));
  // `decorate` calls `func` only through the wrapper nested in it: the wrapper's call counts.
  ASSERT_TRUE(by_name.contains("factory.decorate"));
  EXPECT_THAT(by_name["factory.decorate"]->adds_arguments, ElementsAre());
}

// `self.decoder` set by a base class's __init__ (run through super().__init__(), or inherited)
// is the subclass's submodule too; the subclass's own assignment of a name wins.
TEST(CompiledRegionTest, SubmodulesABaseClassBuildsAreTheSubclasses) {
  ParsedSnippet s(R"(import torch
class Decoder(torch.nn.Module):
    def step(self, x):
        return a(x)
class Joint(torch.nn.Module):
    def step(self, x):
        return b(x)
class Other(torch.nn.Module):
    def step(self, x):
        return c(x)
class Base(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.decoder = Decoder()
        self.joint = Joint()
class Child(Base):
    def __init__(self):
        super().__init__()
        self.joint = Other()
    def forward(self, x):
        return self.joint.step(self.decoder.step(x))
class Inheriting(Base):
    def forward(self, x):
        return self.decoder.step(x)
def a(x):
    return x
def b(x):
    return x
def c(x):
    return x
)");
  EXPECT_TRUE(Traced(s, "a(x)"));   // Decoder.step, built by Base for Child and Inheriting
  EXPECT_TRUE(Traced(s, "c(x)"));   // Child's own `self.joint`
  EXPECT_FALSE(Traced(s, "b(x)"));  // Base's `self.joint`, replaced in Child
}

TEST(CompiledRegionTest, AnInstanceCalledRunsItsClassesCall) {
  ParsedSnippet s(R"(import torch
from .processors import External

class Processor:
    def __call__(self, attn, x):
        return x

class Attention(torch.nn.Module):
    def __init__(self, processor: "Processor | None" = None, other: External = None):
        super().__init__()
        self.processor = processor
        self.other = other
    def forward(self, x):
        return self.other(self.processor(self, x))
)");
  ModuleSummary summary = s.facts().region().Summarize("m.py", "m", false);
  std::map<std::string, const FunctionSummary*> by_name;
  for (const FunctionSummary& f : summary.functions) by_name[f.name] = &f;
  ASSERT_TRUE(by_name.contains("Attention.forward"));
  // The constructor's parameter annotated with a class of this file: an instance of it.
  EXPECT_THAT(by_name["Attention.forward"]->local_callees,
              ::testing::Contains("Processor.__call__"));
  EXPECT_THAT(by_name["Attention.forward"]->local_callees, ::testing::Contains("Processor.forward"));
}

TEST(CompiledRegionTest, AMethodOfAParameterAnnotatedWithAnImportedClass) {
  ParsedSnippet s(R"(from pkg.cfg import Config

def build(config: Config | None = None, other: "Config" = None, names: dict = None):
    text = config.get_text(decoder=True)
    other.get_text()
    names.get("a")
    return text

def rebinds(config: Config):
    config = config.copy()
    return config.get_text()
)");
  ModuleSummary summary = s.facts().region().Summarize("m.py", "m", false);
  std::map<std::string, const FunctionSummary*> by_name;
  for (const FunctionSummary& f : summary.functions) by_name[f.name] = &f;
  // The annotation says which class's method runs; a string annotation, a builtin container
  // and a rebound parameter say nothing gbreak follows.
  EXPECT_THAT(by_name["build"]->external_callees, ElementsAre("pkg.cfg.Config.get_text"));
  EXPECT_THAT(by_name["rebinds"]->external_callees, ::testing::IsEmpty());
}

TEST(CompiledRegionTest, ModuleLevelCodeIsNeverTraced) {
  ParsedSnippet s("import torch\nprint(1)\n");
  EXPECT_FALSE(s.facts().region().Locate(s.Find("call", "print(1)")).traced);
}

}  // namespace
}  // namespace gbreak
