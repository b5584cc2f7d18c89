// Entry runs (`--entry`): module location on a search path, lazy package re-exports, the call
// graph across modules, and reading only what the entries reach.

#include "rules/entry_scope.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "program/export_scan.h"
#include "program/module_locator.h"
#include "rules/rule_test_util.h"
#include "test_util.h"

namespace gbreak {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::UnorderedElementsAre;

std::unique_ptr<RuleEngine> PrintAndItemEngine() {
  std::vector<Rule> rules;
  rules.push_back(testing::QueryRule(
      "SE001", "print-call", R"(((call function: (identifier) @f (#eq? @f "print")) @report))"));
  rules.push_back(testing::QueryRule(
      "CV001", "tensor-item",
      R"(((call function: (attribute attribute: (identifier) @a (#eq? @a "item"))) @report))"));
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create(std::move(rules));
  EXPECT_TRUE(engine.ok()) << engine.status();
  return *std::move(engine);
}

// A small installed library shaped like transformers: a lazy top-level __init__ that re-exports
// through `from .models import *` under TYPE_CHECKING, a models package star-importing many
// model packages, a base class in another module, and a helper module.
void WriteLibrary(const testing::TempDir& dir) {
  dir.Write("site/lib/__init__.py",
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n"
            "    from .models import *\n"
            "else:\n"
            "    import sys\n"
            "    sys.modules[__name__] = _LazyModule(__name__)\n");
  std::string models;
  for (const char* name : {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
                           "iota", "foo"}) {
    models += std::string("from .") + name + " import *\n";
    dir.Write(std::string("site/lib/models/") + name + "/__init__.py",
              std::string("from .modeling_") + name + " import *\n");
    dir.Write(std::string("site/lib/models/") + name + "/modeling_" + name + ".py",
              "class Unrelated:\n    def forward(self, x):\n        print(x)\n");
  }
  dir.Write("site/lib/models/__init__.py", models);
  dir.Write("site/lib/models/foo/modeling_foo.py",
            "from ...base import Base\n"
            "from ...utils import helper\n"
            "class FooModel(Base):\n"
            "    def forward(self, x):\n"
            "        print(x)\n"
            "        return helper(x)\n"
            "class Child(FooModel):\n"
            "    pass\n"
            "class Other(Base):\n"
            "    def forward(self, x):\n"
            "        print('never compiled')\n");
  dir.Write("site/lib/base.py",
            "class Base:\n"
            "    def post_init(self):\n"
            "        print('init only')\n");
  dir.Write("site/lib/utils.py",
            "def helper(x):\n"
            "    return x.item()\n"
            "def unused(x):\n"
            "    print(x)\n");
  dir.Write("site/lib/unreached.py", "def f(x):\n    print(x)\n");
}

struct EntryRun {
  std::unique_ptr<RuleEngine> engine;  // findings point at its rules: it outlives them
  EntryScopeResult result;
  std::vector<std::string> findings;  // "relative/path:line CODE"
  std::vector<std::string> files;     // relative
  std::vector<std::string> errors;
};

EntryRun RunEntries(const testing::TempDir& dir, std::vector<std::string> entries) {
  EntryRun run;
  run.engine = PrintAndItemEngine();
  EntryScopeOptions options;
  options.entries = std::move(entries);
  options.project_roots = {dir.Join("project")};
  options.library_roots = {dir.Join("site")};
  options.threads = 2;
  run.result = CheckFromEntries(options, *run.engine, FileCheckOptions{});
  size_t prefix = dir.path().size() + 1;
  for (const FileCheckResult& r : run.result.results) {
    for (const Finding& f : r.findings) {
      run.findings.push_back(f.path.substr(prefix) + ":" + std::to_string(f.start.line) + " " +
                             f.rule->code);
    }
  }
  for (const std::string& f : run.result.files) run.files.push_back(f.substr(prefix));
  for (const Diagnostic& d : run.result.diagnostics) run.errors.push_back(d.message);
  std::sort(run.findings.begin(), run.findings.end());
  return run;
}

// "relative/path:line" of every finding of an entry run with one rule.
std::vector<std::string> FindingsWithRule(
    const testing::TempDir& dir, const std::string& entry, Rule rule,
    std::optional<std::vector<std::string>> inputs = std::nullopt,
    std::map<std::string, std::string> config = {}) {
  std::vector<Rule> rules;
  rules.push_back(std::move(rule));
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create(std::move(rules));
  EXPECT_TRUE(engine.ok()) << engine.status();
  if (!engine.ok()) return {};
  EntryScopeOptions options;
  options.entries = {entry};
  options.project_roots = {dir.Join("project")};
  options.inputs = std::move(inputs);
  options.library_roots = {dir.Join("site")};
  options.config = std::move(config);
  EntryScopeResult result = CheckFromEntries(options, **engine, FileCheckOptions{});
  std::vector<std::string> found;
  for (const FileCheckResult& r : result.results) {
    for (const Finding& f : r.findings) {
      found.push_back(f.path.substr(dir.path().size() + 1) + ":" + std::to_string(f.start.line));
      for (const std::string& when : f.conditions) found.back() += " [only when " + when + "]";
    }
  }
  return found;
}

TEST(ModuleLocatorTest, FindsPackagesAndModulesInRootOrder) {
  testing::TempDir dir;
  dir.Write("project/pkg/__init__.py", "");
  dir.Write("project/pkg/mod.py", "");
  dir.Write("site/pkg/__init__.py", "");  // shadowed by the project's
  dir.Write("site/lib/__init__.py", "");
  dir.Write("site/torch/__init__.py", "");
  ModuleLocator locator({dir.Join("project")}, {dir.Join("site/")});
  EXPECT_EQ(locator.Locate("pkg"), dir.Join("project/pkg/__init__.py"));
  EXPECT_EQ(locator.Locate("pkg.mod"), dir.Join("project/pkg/mod.py"));
  EXPECT_EQ(locator.Locate("lib"), dir.Join("site/lib/__init__.py"));
  EXPECT_EQ(locator.Locate("pkg.missing"), "");
  EXPECT_EQ(locator.Locate("torch"), "") << "torch is modelled by Dynamo, never read";
  EXPECT_EQ(locator.OriginOf(dir.Join("site/lib/x.py")), "lib");
  EXPECT_EQ(locator.OriginOf(dir.Join("project/pkg/mod.py")), "user");
}

TEST(EntryScopeTest, FollowsLazyReExportsBasesAndHelpersAcrossModules) {
  testing::TempDir dir;
  WriteLibrary(dir);
  EntryRun run = RunEntries(dir, {"lib:FooModel"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("site/lib/models/foo/modeling_foo.py:5 SE001",
                                        "site/lib/utils.py:2 CV001"));
}

TEST(EntryScopeTest, ReadsOnlyWhatTheEntryReaches) {
  testing::TempDir dir;
  WriteLibrary(dir);
  EntryRun run = RunEntries(dir, {"lib:FooModel"});
  // The star-imported model packages whose name does not start the wanted one are not read,
  // nor is a module nothing calls into.
  // Nor the base class's module: FooModel defines forward itself.
  EXPECT_THAT(run.files, UnorderedElementsAre("site/lib/__init__.py",
                                              "site/lib/models/__init__.py",
                                              "site/lib/models/foo/__init__.py",
                                              "site/lib/models/foo/modeling_foo.py",
                                              "site/lib/utils.py"));
}

TEST(EntryScopeTest, ExportsNotNamedLikeTheirPackageAreFoundThroughTheirAllList) {
  testing::TempDir dir;
  WriteLibrary(dir);
  // `ASTModel` lives in models/iota (transformers' audio_spectrogram_transformer): no package
  // name starts it, so the packages are searched for the name, as Python's lazy import
  // structure (built from each module's __all__) finds it.
  dir.Write("site/lib/models/iota/modeling_iota.py",
            "class ASTModel:\n    def forward(self, x):\n        print(x)\n"
            "__all__ = [\"ASTModel\"]\n");
  // Mentioned, but neither defined nor exported: not a candidate.
  dir.Write("site/lib/models/eta/modeling_eta.py", "# see ASTModel\nx = ASTModel_like = 1\n");
  EntryRun run = RunEntries(dir, {"lib:ASTModel"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("site/lib/models/iota/modeling_iota.py:3 SE001"));
  EXPECT_THAT(run.files, UnorderedElementsAre("site/lib/__init__.py",
                                              "site/lib/models/__init__.py",
                                              "site/lib/models/iota/__init__.py",
                                              "site/lib/models/iota/modeling_iota.py"));
}


TEST(EntryScopeTest, ExportsOfAnotherPackageThanTheOneTheirNameStartsAreFoundToo) {
  testing::TempDir dir;
  WriteLibrary(dir);
  // transformers' `Qwen2_5_VisionTransformerPretrainedModel` is exported by `.qwen2_5_vl`, but
  // `.qwen2` starts its name: once `.foo` is read and does not define `FooVisionModel`, the
  // packages whose __all__ names it are searched, as for a name no package starts.
  dir.Write("site/lib/models/iota/modeling_iota.py",
            "class FooVisionModel:\n    def forward(self, x):\n        print(x)\n"
            "__all__ = [\"FooVisionModel\"]\n");
  EntryRun run = RunEntries(dir, {"lib:FooVisionModel"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("site/lib/models/iota/modeling_iota.py:3 SE001"));
  // A name its package defines is found there, without searching the others.
  EntryRun named = RunEntries(dir, {"lib:FooModel"});
  EXPECT_THAT(named.files, Not(Contains("site/lib/models/iota/modeling_iota.py")));
}

TEST(EntryScopeTest, ALazyPackageExportsWhatItsImportStructureLists) {
  testing::TempDir dir;
  // diffusers' __init__: the runtime module is built from _import_structure; the TYPE_CHECKING
  // imports beside it omit StableCascadeUNet, which Python still finds.
  dir.Write("site/lib/__init__.py",
            "import sys\n"
            "from typing import TYPE_CHECKING\n"
            "_import_structure = {\"models\": []}\n"
            "_import_structure[\"models\"].extend([\"UNet\", \"CascadeUNet\"])\n"
            "if TYPE_CHECKING:\n"
            "    from .models import UNet\n"
            "else:\n"
            "    sys.modules[__name__] = _LazyModule(__name__, __file__, _import_structure)\n");
  dir.Write("site/lib/models/__init__.py",
            "from .cascade import CascadeUNet\nfrom .unet import UNet\n");
  dir.Write("site/lib/models/unet.py", "class UNet:\n    def forward(self, x):\n        return x\n");
  dir.Write("site/lib/models/cascade.py",
            "class CascadeUNet:\n    def forward(self, x):\n        print(x)\n");
  EntryRun run = RunEntries(dir, {"lib:CascadeUNet"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("site/lib/models/cascade.py:3 SE001"));
}

TEST(EntryScopeTest, AClassWithoutAForwardGbreakReadsIsSaidSo) {
  testing::TempDir dir;
  dir.Write("site/lib/__init__.py", "from .net import Net\n");
  dir.Write("site/lib/net.py",
            "import torch.nn as nn\n"
            "class Net(nn.Sequential):\n"
            "    def __init__(self):\n"
            "        super().__init__(nn.Linear(2, 2))\n");
  EntryRun run = RunEntries(dir, {"lib:Net"});
  ASSERT_EQ(run.errors.size(), 1u);
  EXPECT_THAT(run.errors[0], HasSubstr("class `Net` ("));
  EXPECT_THAT(run.errors[0], HasSubstr("has no `forward` of its own or from a base class gbreak "
                                       "reads (bases: torch.nn.Sequential)"));
  EntryRun missing = RunEntries(dir, {"lib:Nothing"});
  ASSERT_EQ(missing.errors.size(), 1u);
  EXPECT_THAT(missing.errors[0], HasSubstr("`Nothing` is not a class or function gbreak can find"));
}

TEST(ExportScanTest, StringsAndDefinitionsCountMentionsDoNot) {
  EXPECT_TRUE(TextMayExport("__all__ = ['ASTModel', 'B']\n", "ASTModel"));
  EXPECT_TRUE(TextMayExport("__all__ = [\"ASTModel\"]\n", "ASTModel"));
  EXPECT_TRUE(TextMayExport("x = 1\nclass ASTModel(Base):\n  pass\n", "ASTModel"));
  EXPECT_TRUE(TextMayExport("  def ASTModel():\n", "ASTModel"));
  EXPECT_FALSE(TextMayExport("# ASTModel\nfrom .a import ASTModel\n", "ASTModel"));
  EXPECT_FALSE(TextMayExport("__all__ = ['ASTModelX', 'XASTModel']\n", "ASTModel"));
  EXPECT_FALSE(TextMayExport("class ASTModelConfig:\n", "ASTModel"));
  EXPECT_FALSE(TextMayExport("", "ASTModel"));
  // A string outside __all__ (an auto-mapping's class names) exports nothing.
  EXPECT_FALSE(TextMayExport("MAPPING = {'ast': 'ASTModel'}\n__all__ = ['X']\n", "ASTModel"));
  EXPECT_TRUE(TextMayExport("__all__ = ['X']\n__all__ += (\n  'ASTModel',\n)\n", "ASTModel"));
}

TEST(EntryScopeTest, FindingsCarryTheCallChainAndTheLibrary) {
  testing::TempDir dir;
  WriteLibrary(dir);
  EntryRun run = RunEntries(dir, {"lib:FooModel"});
  const Finding* item = nullptr;
  for (const FileCheckResult& r : run.result.results) {
    for (const Finding& f : r.findings) {
      if (f.rule->code == "CV001") item = &f;
    }
  }
  ASSERT_NE(item, nullptr);
  EXPECT_EQ(item->origin, "lib");
  std::vector<std::string> chain;
  for (const CallStep& step : item->call_chain) {
    chain.push_back(step.function + "@" + std::to_string(step.line));
  }
  EXPECT_THAT(chain, ElementsAre("FooModel.forward@4", "helper@1"));
}

TEST(EntryScopeTest, InheritedForwardIsTheEntryOfASubclass) {
  testing::TempDir dir;
  WriteLibrary(dir);
  EntryRun run = RunEntries(dir, {"lib.models.foo.modeling_foo:Child"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("site/lib/models/foo/modeling_foo.py:5 SE001",
                                        "site/lib/utils.py:2 CV001"));
}

TEST(EntryScopeTest, ScriptEntriesAreItsCompiledObjects) {
  testing::TempDir dir;
  WriteLibrary(dir);
  std::string script = dir.Write("project/train.py",
                                 "import torch\n"
                                 "from lib import FooModel\n"
                                 "model = FooModel()\n"
                                 "model = torch.compile(model)\n"
                                 "print('eager, not compiled')\n");
  EntryRun run = RunEntries(dir, {script});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("site/lib/models/foo/modeling_foo.py:5 SE001",
                                        "site/lib/utils.py:2 CV001"));
}

// Decorators from another module: the project's wrappers run in the region; an installed
// library's are not entered (their breaks hide behind keyword flags default calls never set).
TEST(EntryScopeTest, DecoratorWrappersOfTheProjectAreFollowedLibraryOnesAreNot) {
  testing::TempDir dir;
  dir.Write("site/libdeco/__init__.py",
            "import functools\n"
            "def capture(fn):\n"
            "    @functools.wraps(fn)\n"
            "    def wrapper(*a):\n"
            "        print('library wrapper')\n"
            "        return fn(*a)\n"
            "    return wrapper\n");
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/decorators.py",
            "import functools\n"
            "def timed(fn):\n"
            "    @functools.wraps(fn)\n"
            "    def wrapper(self, x):\n"
            "        print('project wrapper')\n"
            "        return fn(self, x)\n"
            "    return wrapper\n");
  dir.Write("project/app/model.py",
            "from libdeco import capture\n"
            "from .decorators import timed\n"
            "class Net:\n"
            "    @capture\n"
            "    @timed\n"
            "    def forward(self, x):\n"
            "        return x.item()\n");
  EntryRun run = RunEntries(dir, {"app.model:Net"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("project/app/decorators.py:5 SE001",
                                        "project/app/model.py:7 CV001"));
}

// A call of a disabled function defined in another module breaks where it is called: the
// program graph decides what one file could not.
TEST(EntryScopeTest, CallsOfDisabledFunctionsOfOtherModules) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/kernels.py",
            "import torch\n"
            "@torch.compiler.disable\n"
            "def fused(x):\n"
            "    return x\n"
            "def plain(x):\n"
            "    return x\n");
  dir.Write("project/app/model.py",
            "from . import kernels\n"
            "from .kernels import plain\n"
            "class Net:\n"
            "    def forward(self, x):\n"
            "        x = plain(x)\n"
            "        return kernels.fused(x)\n");
  Rule rule = testing::QueryRule("EB002", "disabled-function-call",
                                 R"(((call) @report (#calls-disabled? @report)))");
  rule.predicates = {"calls-disabled"};
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", rule), ElementsAre("project/app/model.py:6"));
}

// DynamicCache's `if ddp_cache_data is not None:` in transformers: no call in the region passes
// the parameter, so the branch is not traced; a call outside the region does not count.
TEST(EntryScopeTest, ParametersNoReachedCallPassesHoldTheirDefaults) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/cache.py",
            "class Cache:\n"
            "    def __init__(self, data=None, config=None):\n"
            "        if data is not None:\n"
            "            print('legacy data')\n"
            "        self.config = config\n"
            "def from_legacy(data):\n"
            "    return Cache(data)\n");
  dir.Write("project/app/model.py",
            "from .cache import Cache\n"
            "class Net:\n"
            "    def forward(self, x):\n"
            "        cache = Cache(config=1)\n"
            "        return x\n"
            "class Legacy:\n"
            "    def forward(self, x):\n"
            "        cache = Cache(x)\n"
            "        return x\n");
  Rule rule = testing::QueryRule(
      "SE001", "print-call",
      R"(((call function: (identifier) @f (#eq? @f "print")) @report
          (#in-compiled-region? @report)))");
  rule.predicates = {"in-compiled-region"};
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", rule), IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Legacy", rule),
              ElementsAre("project/app/cache.py:4"));
}

// A multimodal model called with text only: `--inputs` (or `Name(a, b)`) says which forward
// parameters the call passes; the others hold their defaults, so what only `pixel_values`
// reaches (a helper in another module, and what that helper calls) is not compiled.
void WriteMultimodalModel(const testing::TempDir& dir) {
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/vision.py",
            "def encode(pixels):\n"
            "    return pixels.item()\n");
  dir.Write("project/app/model.py",
            "from .vision import encode\n"
            "class Net:\n"
            "    def forward(self, input_ids=None, pixel_values=None):\n"
            "        x = input_ids\n"
            "        if pixel_values is not None:\n"
            "            x = self.merge(x, pixel_values)\n"
            "        return x\n"
            "    def merge(self, x, pixel_values):\n"
            "        print('merging')\n"
            "        return encode(pixel_values)\n");
}

Rule ItemAndPrintRule() {
  Rule rule = testing::QueryRule(
      "CV001", "item-or-print",
      R"(([(call function: (attribute attribute: (identifier) @a (#eq? @a "item")))
           (call function: (identifier) @f (#eq? @f "print"))] @report
          (#in-compiled-region? @report)))");
  rule.predicates = {"in-compiled-region"};
  return rule;
}

TEST(EntryScopeTest, InputsTheCallLeavesOutHoldTheirDefaults) {
  testing::TempDir dir;
  WriteMultimodalModel(dir);
  // Unknown call: any input may be given, so the image path is analyzed, under its condition.
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              UnorderedElementsAre("project/app/model.py:9 [only when `pixel_values` is given]",
                                   "project/app/vision.py:2 [only when `pixel_values` is given]"));
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids"}),
              IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net(input_ids)", ItemAndPrintRule()), IsEmpty());
  // The entry's own list wins over --inputs.
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net(input_ids, pixel_values)", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids"}),
              UnorderedElementsAre("project/app/model.py:9", "project/app/vision.py:2"));
}

// A function called only under a condition on how its caller is called, in a function the entry
// calls, runs only then, and so does what it calls; a function also called without one runs
// always. A test on a value the caller computed is the path a run takes: no condition.
TEST(EntryScopeTest, CalleesOfCallsUnderUndecidedConditionsInheritThem) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/hooks.py",
            "def install(model):\n"
            "    print('installing')\n"
            "    deeper(model)\n"
            "def deeper(model):\n"
            "    print('deeper')\n"
            "def shared(model):\n"
            "    print('shared')\n"
            "def collect(model):\n"
            "    print('collecting')\n");
  dir.Write("project/app/model.py",
            "from .hooks import collect, install, shared\n"
            "def prepare(model, capture: bool, flags):\n"
            "    if capture:\n"
            "        install(model)\n"
            "        shared(model)\n"
            "    collected = {k: [] for k, v in flags.items() if v}\n"
            "    if len(collected) > 0:\n"
            "        collect(model)\n"
            "    shared(model)\n"
            "class Net:\n"
            "    def forward(self, x, capture: bool = False, flags=None):\n"
            "        prepare(self, capture, flags)\n"
            "        return x\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              UnorderedElementsAre("project/app/hooks.py:2 [only when `capture`]",
                                   "project/app/hooks.py:5 [only when `capture`]",
                                   "project/app/hooks.py:7", "project/app/hooks.py:9"));
}

// A dict of encoder outputs the call may pass, made `{}` when it does not, and filled only
// when pixels are given: `outputs.get("image")` is None unless one of the two is given, so the
// image branch needs both left out to be away (a guard of two names: "either is given").
TEST(EntryScopeTest, ADictFilledOnlyUnderAGuardIsEmptyWhereItIsRead) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "class Net:\n"
            "    def forward(self, input_ids=None, pixel_values=None, outputs=None):\n"
            "        outputs = outputs if outputs is not None else {}\n"
            "        if outputs.get('image') is None and pixel_values is not None:\n"
            "            outputs['image'] = self.encode(pixel_values)\n"
            "        if outputs.get('image') is not None:\n"
            "            self.merge(outputs['image'])\n"
            "        return input_ids\n"
            "    def encode(self, pixel_values):\n"
            "        return pixel_values\n"
            "    def merge(self, image):\n"
            "        return image.item()\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids"}),
              IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids", "pixel_values"}),
              ElementsAre("project/app/model.py:12"));
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:12 [only when `outputs` or `pixel_values` is "
                          "given]"));
  // The same with the features a parameter the call may pass, set again from the pixels.
  dir.Write("project/app/features.py",
            "class Net:\n"
            "    def forward(self, input_ids=None, pixel_values=None, features=None):\n"
            "        if pixel_values is not None:\n"
            "            features = self.encode(pixel_values)\n"
            "        if features is not None:\n"
            "            self.merge(features)\n"
            "        return input_ids\n"
            "    def encode(self, pixel_values):\n"
            "        return pixel_values\n"
            "    def merge(self, image):\n"
            "        return image.item()\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.features:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids"}),
              IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.features:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids", "features"}),
              ElementsAre("project/app/features.py:11"));
}

// A helper's condition read through a local computed from its parameters (`can_compute = ids is
// not None and types is not None`, then `if can_compute:`) folds when a caller leaves one out.
TEST(EntryScopeTest, AConditionThroughALocalFoldsOnTheParametersItWasComputedFrom) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "class Net:\n"
            "    def forward(self, input_ids=None, token_types=None):\n"
            "        return self.positions(input_ids, token_types=token_types)\n"
            "    def positions(self, input_ids, token_types=None):\n"
            "        can_compute = input_ids is not None and token_types is not None\n"
            "        if can_compute:\n"
            "            return self.rope(token_types)\n"
            "        return input_ids\n"
            "    def rope(self, token_types):\n"
            "        return token_types.item()\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids"}),
              IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids", "token_types"}),
              ElementsAre("project/app/model.py:10"));
}

// A check helper in another module takes either a bool or a tensor and reads the tensor's value
// only for a tensor (`if isinstance(cond, torch.Tensor): cond.item()`): a call that passes a
// tensor takes that branch, so the finding holds under no condition; with bools only it stays
// conditional.
TEST(EntryScopeTest, ATensorTypeTestHoldsWhenSomeCallFromAnotherModulePassesATensor) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/checks.py",
            "import torch\n"
            "def check(cond, msg):\n"
            "    if isinstance(cond, torch.Tensor):\n"
            "        cond.item()\n");
  dir.Write("project/app/model.py",
            "import torch\n"
            "from .checks import check\n"
            "class Net:\n"
            "    def forward(self, x):\n"
            "        check(x.shape[0] > 0, 'empty')\n"
            "        check(torch.ones(2).sum() > 0, 'negative')\n"
            "        return x\n");
  dir.Write("project/app/plain.py",
            "from .checks import check\n"
            "class Net:\n"
            "    def forward(self, x):\n"
            "        check(x.shape[0] > 0, 'empty')\n"
            "        return x\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              ElementsAre("project/app/checks.py:4"));
  EXPECT_THAT(FindingsWithRule(dir, "app.plain:Net", ItemAndPrintRule()),
              ElementsAre("project/app/checks.py:4 [only when `isinstance(cond, torch.Tensor)`]"));
}

// A mask the call leaves out, reduced only under `if mask is not None:`, is still None where
// it is handed on: the helper's `mask.sum().tolist() if mask is not None else [...]` is away.
TEST(EntryScopeTest, AParameterReboundOnlyWhenGivenHandsOnItsDefault) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "def lengths(n, mask=None):\n"
            "    return mask.sum().item() if mask is not None else n\n"
            "class Net:\n"
            "    def forward(self, x, mask=None):\n"
            "        if mask is not None:\n"
            "            mask = mask[:, ::2]\n"
            "        return lengths(x.shape[0], mask=mask)\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"x"}),
              IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"x", "mask"}),
              ElementsAre("project/app/model.py:2"));
}

// A submodule runs its forward only from the functions that call it: a vision tower that only
// the image path's helper calls is not reached when the call leaves the image out.
TEST(EntryScopeTest, ASubmoduleIsReachedOnlyThroughTheFunctionsThatCallIt) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/vision.py",
            "class Tower:\n"
            "    def forward(self, pixels):\n"
            "        return pixels.item()\n");
  dir.Write("project/app/model.py",
            "from .vision import Tower\n"
            "class Net:\n"
            "    def __init__(self, config):\n"
            "        self.tower = Tower(config)\n"
            "    def forward(self, input_ids=None, pixel_values=None):\n"
            "        if pixel_values is not None:\n"
            "            return self.features(pixel_values)\n"
            "        return input_ids\n"
            "    def features(self, pixel_values):\n"
            "        return self.tower(pixel_values)\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids"}),
              IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids", "pixel_values"}),
              ElementsAre("project/app/vision.py:3"));
}

// `TextModel._from_config(config.text_config)`: a class's alternate constructor (a classmethod
// named from_* / _from_*) builds an instance of that class, in this module or another.
TEST(EntryScopeTest, AlternateConstructorsBuildTheirClass) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/text.py",
            "class TextModel:\n"
            "    @classmethod\n"
            "    def _from_config(cls, config):\n"
            "        return cls()\n"
            "    def forward(self, ids):\n"
            "        return ids.item()\n");
  dir.Write("project/app/model.py",
            "from .text import TextModel\n"
            "class Net:\n"
            "    def __init__(self, config):\n"
            "        self.language_model = TextModel._from_config(config.text_config)\n"
            "        self.rope = RopeHelper.compute_parameters(config)\n"
            "    def forward(self, input_ids):\n"
            "        return self.language_model(input_ids)\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids"}),
              ElementsAre("project/app/text.py:6"));
}

// A parameter handed on unchanged (`helper(mask=mask)`) holds the default its caller's holds;
// one rebound first (`if mask is None: mask = ...`) does not.
TEST(EntryScopeTest, DefaultsFlowThroughParametersHandedOn) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "def inner(x, mask=None):\n"
            "    if mask is not None:\n"
            "        print('masked')\n"
            "    return x\n"
            "def outer(x, mask=None):\n"
            "    return inner(x, mask=mask)\n"
            "def rebinding(x, mask=None):\n"
            "    if mask is None:\n"
            "        mask = x\n"
            "    return inner(x, mask)\n"
            "class Net:\n"
            "    def forward(self, x):\n"
            "        return outer(x)\n"
            "class Other:\n"
            "    def forward(self, x):\n"
            "        return rebinding(x)\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()), IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Other", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:3"));
}

// A call that names a parameter (`inner(x, mask=mask, **kwargs)`) gives it that argument and no
// other: its `**kwargs` cannot give `mask` again (Python raises TypeError), whatever it may hold
// (here anything: the caller writes into it). So `mask` holds its default down the call, across
// modules and within one; a call that leaves `mask` to its splat decides nothing.
TEST(EntryScopeTest, AKeywordNamedBesideASplatIsGivenByTheKeywordOnly) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/layers.py",
            "def inner(x, mask=None, **kwargs):\n"
            "    if mask is not None:\n"
            "        print('masked')\n"
            "    return x\n");
  dir.Write("project/app/model.py",
            "from app.layers import inner\n"
            "class Net:\n"
            "    def local(self, x, mask=None, **kwargs):\n"
            "        if mask is not None:\n"
            "            print('local mask')\n"
            "        return x\n"
            "    def forward(self, x, mask=None, labels=None, **kwargs):\n"
            "        if labels is not None:\n"
            "            kwargs.setdefault('reduce', True)\n"
            "        self.local(x, mask=mask, **kwargs)\n"
            "        return inner(x, mask=mask, **kwargs)\n"
            "class Splatted:\n"
            "    def forward(self, x, labels=None, **kwargs):\n"
            "        if labels is not None:\n"
            "            kwargs.setdefault('mask', x)\n"
            "        return inner(x, **kwargs)\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net(x)", ItemAndPrintRule()), IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net(x, mask)", ItemAndPrintRule()),
              UnorderedElementsAre("project/app/layers.py:3", "project/app/model.py:5"));
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Splatted(x)", ItemAndPrintRule()),
              ElementsAre("project/app/layers.py:3"));
}

// An input the entry's call passes is not None, and so is a parameter every reached call hands
// one on to unchanged: `if input_ids is None:` is false there. A parameter one call hands
// something else (a value it computed) is undecided.
TEST(EntryScopeTest, GivenInputsAreNotNoneDownTheCallsThatHandThemOn) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "def embed(ids, table):\n"
            "    if ids is None:\n"
            "        print('reversed')\n"
            "    return table\n"
            "def mixed(ids, table):\n"
            "    if ids is not None:\n"
            "        return table\n"
            "    print('no ids')\n"
            "    return table\n"
            "class Net:\n"
            "    def forward(self, input_ids=None, inputs_embeds=None):\n"
            "        if input_ids is None:\n"
            "            print('embeds')\n"
            "        mixed(inputs_embeds, inputs_embeds)\n"
            "        mixed(input_ids, inputs_embeds)\n"
            "        return embed(input_ids, inputs_embeds)\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net(input_ids)", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:8"));
  // Unknown call: the input may be left out.
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              UnorderedElementsAre("project/app/model.py:3", "project/app/model.py:8",
                                   "project/app/model.py:13 [only when `input_ids` is not given]"));
}

// A parameter every reached call passes the same literal holds it, strings and numbers too:
// `switch("full")` from each caller, or a parameter of its caller holding it, folds
// `if kind == "sparse":`. Calls that pass different literals, or a computed value, decide nothing.
TEST(EntryScopeTest, ALiteralEveryCallPassesFoldsComparisons) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "def switch(kind, layers):\n"
            "    if kind == 'sparse':\n"
            "        print('sparse')\n"
            "    if layers > 2:\n"
            "        print('deep')\n"
            "    return kind\n"
            "def handing_on(kind):\n"
            "    return switch(kind, 2)\n"
            "def mixed(kind):\n"
            "    if kind == 'sparse':\n"
            "        print('maybe')\n"
            "    return kind\n"
            "class Net:\n"
            "    def forward(self, x):\n"
            "        switch('full', 2)\n"
            "        switch(kind='full', layers=2)\n"
            "        handing_on('full')\n"
            "        mixed('full')\n"
            "        mixed(x.name)\n"
            "        return x\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:11 [only when `kind == 'sparse'`]"));
}

// The class a module entry names is built by the user, with --config as its keyword arguments
// when it has no configuration class (a diffusers model): `self.rope_type = rope_type` in its
// __init__ holds the parameter's literal default, or the literal --config gives, so
// `if self.rope_type == "mrope":` folds. A helper's string default no reached call passes folds
// too. A class the entry builds itself is not the user's to build: its attribute stays open.
TEST(EntryScopeTest, TheEntryClassHoldsItsConstructorDefaultsOrTheConfigGiven) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "def pad(x, mode='zero'):\n"
            "    if mode != 'reflect':\n"
            "        return x\n"
            "    print('reflect')\n"
            "    return x\n"
            "class Block:\n"
            "    def __init__(self, kind='plain'):\n"
            "        self.kind = kind\n"
            "    def forward(self, x):\n"
            "        if self.kind == 'fancy':\n"
            "            print('fancy')\n"
            "        return x\n"
            "class Net:\n"
            "    def __init__(self, hidden=32, rope_type: str = 'rope'):\n"
            "        self.rope_type = rope_type\n"
            "        self.block = Block(kind=make())\n"
            "    def forward(self, x):\n"
            "        if self.rope_type == 'mrope':\n"
            "            print('mrope')\n"
            "        x = self.block(x)\n"
            "        x = self.rotate(x, text=x if self.rope_type == 'mrope' else None)\n"
            "        return pad(x)\n"
            "    def rotate(self, x, text=None):\n"
            "        if text is None:\n"
            "            return x\n"
            "        print('text')\n"
            "        return x\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:11 [only when `self.kind == 'fancy'`]"));
  // The same call with the keyword given: the conditional argument the only call of `rotate`
  // passes is no longer None.
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(), std::nullopt,
                               {{"rope_type", "'mrope'"}}),
              ElementsAre("project/app/model.py:11 [only when `self.kind == 'fancy'`]",
                          "project/app/model.py:19", "project/app/model.py:26"));
  // A model built from a configuration class is passed its configuration and maybe more
  // (`EncoderDecoderModel(config, encoder=...)`): its constructor's defaults are not assumed.
  dir.Write("project/app/composite.py",
            "class CompositeConfig:\n"
            "    def __init__(self, hidden=32):\n"
            "        self.hidden = hidden\n"
            "class Composite:\n"
            "    def __init__(self, config: CompositeConfig, mode='plain'):\n"
            "        self.mode = mode\n"
            "    def forward(self, x):\n"
            "        if self.mode == 'fancy':\n"
            "            print('fancy')\n"
            "        return x\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.composite:Composite", ItemAndPrintRule()),
              ElementsAre("project/app/composite.py:9 [only when `self.mode == 'fancy'`]"));
}

// `*args` / `**kwargs` that no reached call fills are empty: `len(args) > 0`,
// `kwargs.get("scale") is not None`, `"k" in kwargs` and a comprehension over `kwargs.items()`
// fold. Submodules are called through `self.ff(...)`, a loop over a ModuleList, or with
// `**attention_kwargs` normalized from None (`attention_kwargs or {}`); a call that passes an
// extra keyword fills them again: the tests on them are then undecided, and what they guard is
// reached only when they hold.
TEST(EntryScopeTest, VariadicsNoCallFillsAreEmpty) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  const std::string library =
      "import torch.nn as nn\n"
      "def deprecate(name):\n"
      "    print(name)\n"
      "class FeedForward(nn.Module):\n"
      "    def forward(self, x, *args, **kwargs):\n"
      "        if len(args) > 0 or kwargs.get('scale', None) is not None:\n"
      "            deprecate('scale')\n"
      "        return x\n"
      "class Attention(nn.Module):\n"
      "    def forward(self, x, **kwargs):\n"
      "        unused = [k for k, _ in kwargs.items() if k != 'mask']\n"
      "        if len(unused) > 0:\n"
      "            print(unused)\n"
      "        if 'scale' in kwargs:\n"
      "            print('scale')\n"
      "        return x\n"
      "class Block(nn.Module):\n"
      "    def __init__(self):\n"
      "        super().__init__()\n"
      "        self.attn = Attention()\n"
      "        self.ff = FeedForward()\n"
      "    def forward(self, x, attention_kwargs=None):\n"
      "        attention_kwargs = attention_kwargs or {}\n"
      "        x = self.attn(x, **attention_kwargs)\n"
      "        return self.ff(x)\n";
  dir.Write("project/app/layers.py", library);
  dir.Write("project/app/model.py",
            "import torch.nn as nn\n"
            "from app.layers import Block\n"
            "class Net(nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.blocks = nn.ModuleList([Block() for _ in range(2)])\n"
            "    def forward(self, x, attention_kwargs=None):\n"
            "        for i, block in enumerate(self.blocks):\n"
            "            x = block(x, attention_kwargs=attention_kwargs)\n"
            "        return x\n"
            "class Scaled(nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.blocks = nn.ModuleList([Block() for _ in range(2)])\n"
            "    def forward(self, x):\n"
            "        for block in self.blocks:\n"
            "            x = block(x, attention_kwargs={'scale': 2})\n"
            "        return x\n"
            "class Handed(nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.block = Block()\n"
            "    def forward(self, x):\n"
            "        return run(self.block, x)\n"
            "def run(module, x):\n"
            "    return module(x, attention_kwargs={'scale': 2})\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(), std::vector<std::string>{"x"}),
              IsEmpty());
  // `attention_kwargs={'scale': 2}` fills Attention's **kwargs (not FeedForward's).
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Scaled", ItemAndPrintRule(), std::vector<std::string>{"x"}),
              ElementsAre("project/app/layers.py:13 [only when `len(unused) > 0`]",
                          "project/app/layers.py:15 [only when `'scale' in kwargs`]"));
  // A submodule handed to a function may be called with anything.
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Handed", ItemAndPrintRule(), std::vector<std::string>{"x"}),
              ElementsAre("project/app/layers.py:13 [only when `len(unused) > 0`]",
                          "project/app/layers.py:15 [only when `'scale' in kwargs`]"));
}

// Submodules reach their forwards through the containers __init__ fills: `blocks.append(...)`
// into a local later wrapped in nn.ModuleList, `self.ups.append(up)` of a local built before,
// and loops over zip(...) and slices of them count as calls (so Res's **kwargs stay empty). A
// break under a test gbreak cannot fold is conditional (a None test alone is left to the
// defaults: see ParametersNoReachedCallPassesHoldTheirDefaults); one under a test that folds is
// not.
TEST(EntryScopeTest, ContainersFilledInInitReachTheirForwards) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "import torch.nn as nn\n"
            "class Res(nn.Module):\n"
            "    def forward(self, x, *args, **kwargs):\n"
            "        if len(args) > 0 or kwargs.get('scale') is not None:\n"
            "            print('scale')\n"
            "        return x.item()\n"
            "class Attn(nn.Module):\n"
            "    def forward(self, x, n):\n"
            "        if x.dim() > 3 and n is not None:\n"
            "            print(n)\n"
            "        return x if self.training else x.item()\n"
            "class Up(nn.Module):\n"
            "    def forward(self, x):\n"
            "        print(x)\n"
            "        return x\n"
            "class Mid(nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        resnets = [Res()]\n"
            "        attentions = []\n"
            "        for _ in range(2):\n"
            "            resnets.append(Res())\n"
            "            attentions.append(Attn())\n"
            "        self.resnets = nn.ModuleList(resnets)\n"
            "        self.attentions = nn.ModuleList(attentions)\n"
            "        self.ups = nn.ModuleList()\n"
            "        up = Up()\n"
            "        self.ups.append(up)\n"
            "    def forward(self, x, n):\n"
            "        x = self.resnets[0](x)\n"
            "        for attn, res in zip(self.attentions, self.resnets[1:]):\n"
            "            x = attn(x, n)\n"
            "            x = res(x)\n"
            "        for u in self.ups:\n"
            "            x = u(x)\n"
            "        return x\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Mid", ItemAndPrintRule(),
                               std::vector<std::string>{"x", "n"}),
              ElementsAre("project/app/model.py:6", "project/app/model.py:10 [only when `x.dim() > 3 and n is not None`]",
                          "project/app/model.py:11", "project/app/model.py:14"));
}

// Python evaluates the right operand of `a and b` only when `a` holds (of `a or b`, only when it
// does not): a break there waits on `a`; so does the body of `if a and <tensor test>:`, which
// also needs `a` (PhiMoE's `if config.rope_type != "default" and seq_len:`).
TEST(EntryScopeTest, TheRightOperandOfAndOrRunsOnlyAsTheLeftDecides) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "import torch.nn as nn\n"
            "class Net(nn.Module):\n"
            "    def forward(self, x, flag: bool):\n"
            "        n = x.sum()\n"
            "        y = flag and n.item()\n"
            "        z = flag or n.item()\n"
            "        if flag and n > 0:\n"
            "            print(y)\n"
            "        return n.item() and flag\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"x", "flag"}),
              ElementsAre("project/app/model.py:5 [only when `flag`]",
                          "project/app/model.py:6 [only when not `flag`]",
                          "project/app/model.py:8 [only when `flag`]", "project/app/model.py:9"));
}

// A helper that only returns a None test of its parameter (`def exists(val): return val is not
// None`) is a None test where it is called: one gbreak cannot settle is taken to hold, as
// `x is not None` is, so the break after it is no conditional one.
TEST(EntryScopeTest, AHelperReturningANoneTestIsANoneTest) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "import torch.nn as nn\n"
            "def exists(val):\n"
            "    return val is not None\n"
            "def positive(val):\n"
            "    return val > 0\n"
            "class Net(nn.Module):\n"
            "    def __init__(self, interval=None):\n"
            "        super().__init__()\n"
            "        self.interval = interval\n"
            "    def forward(self, x):\n"
            "        n = x.sum()\n"
            "        y = exists(self.interval) and n.item()\n"
            "        return positive(self.interval) and n.item()\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"x"}),
              ElementsAre("project/app/model.py:12",
                          "project/app/model.py:13 [only when `positive(self.interval)`]"));
}

// A class decorator that replaces `forward` (transformers' @use_experts_implementation: the
// experts' loop runs only when the config picks the eager implementation): the class runs the
// decorator's function, not its own forward. Bare and called decorators, typed parameters.
TEST(EntryScopeTest, ClassDecoratorsThatReplaceAMethodRunTheReplacement) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/deco.py",
            "from functools import wraps\n"
            "def use_impl(klass: type | None = None, *, flag=True):\n"
            "    def wrapper(klass: type) -> type:\n"
            "        original = klass.forward\n"
            "        @wraps(original)\n"
            "        def forward(self, *args, **kwargs):\n"
            "            impl = REGISTRY.get(self.config.impl, original)\n"
            "            return impl(self, *args, **kwargs)\n"
            "        klass.forward = forward\n"
            "        return klass\n"
            "    if klass is not None:\n"
            "        return wrapper(klass)\n"
            "    return wrapper\n"
            "def tag(klass):\n"
            "    klass.tagged = True\n"
            "    return klass\n");
  dir.Write("project/app/model.py",
            "from .deco import use_impl, tag\n"
            "@use_impl\n"
            "class Experts:\n"
            "    def forward(self, x):\n"
            "        return x.item()\n"
            "@use_impl(flag=False)\n"
            "class OtherExperts:\n"
            "    def forward(self, x):\n"
            "        return x.item()\n"
            "@tag\n"
            "class Tagged:\n"
            "    def forward(self, x):\n"
            "        return x.item()\n"
            "class Block:\n"
            "    def __init__(self):\n"
            "        self.experts = Experts()\n"
            "        self.others = OtherExperts()\n"
            "        self.tagged = Tagged()\n"
            "    def forward(self, x):\n"
            "        return self.experts(x) + self.others(x) + self.tagged(x)\n");
  // The class whose decorator leaves forward alone runs its own; the replaced ones run only
  // when the lookup hands the original back, which gbreak cannot decide: said so.
  EXPECT_THAT(
      FindingsWithRule(dir, "app.model:Block", ItemAndPrintRule()),
      UnorderedElementsAre(
          "project/app/model.py:5 [only when `REGISTRY.get(self.config.impl, original)` hands "
          "back `Experts.forward`]",
          "project/app/model.py:9 [only when `REGISTRY.get(self.config.impl, original)` hands "
          "back `OtherExperts.forward`]",
          "project/app/model.py:13"));
}

// Configuration defaults, read from the configuration class in another module: a dataclass-style
// field (`layerdrop: float = 0.0`), an `__init__` default stored unchanged, a subclass's default
// over its base's, `getattr(self.config, name, default)`, and a field a method reassigns
// (unknown, so not folded).
TEST(EntryScopeTest, ConfigurationDefaultsFoldConditions) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/configuration.py",
            "class BaseConfig:\n"
            "    output_attentions: bool = False\n"
            "    layerdrop: float = 0.5\n"
            "class NetConfig(BaseConfig):\n"
            "    layerdrop: float = 0.0\n"
            "    impl: str = 'sdpa'\n"
            "    scale = None\n"
            "    def __init__(self, debug=False, **kwargs):\n"
            "        self.debug = debug\n"
            "    def __post_init__(self):\n"
            "        self.scale = 2.0\n");
  dir.Write("project/app/model.py",
            "from .configuration import NetConfig\n"
            "class Net:\n"
            "    def __init__(self, config: NetConfig | None):\n"
            "        self.config = config\n"
            "        self.layerdrop = config.layerdrop\n"
            "    def forward(self, x):\n"
            "        if self.training and self.layerdrop > 0.0:\n"
            "            x = x.item()\n"
            "        if self.config.output_attentions:\n"
            "            print('attentions')\n"
            "        if self.config.impl == 'eager':\n"
            "            print('eager')\n"
            "        if self.config.debug:\n"
            "            print('debug')\n"
            "        if self.config.scale is not None:\n"
            "            print('scaled')\n"
            "        if getattr(self.config, 'output_attentions', True):\n"
            "            print('attentions')\n"
            "        if getattr(self.config, 'absent', False):\n"
            "            print('absent')\n"
            "        return x\n");
  // Only the field a method reassigns stays undecided (getattr reads the field's default, else
  // the one it gives).
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:16"));
}

// A submodule __init__ builds only under a configuration test runs its forward only when that
// test holds: with the field's default (False) it is never traced, with `--config` it is, and a
// test gbreak cannot fold becomes the condition of what the forward runs. The other arm's class
// runs otherwise; a submodule the other way also reached stays.
TEST(EntryScopeTest, SubmodulesBuiltUnderAConfigTestRunOnlyWhenItHolds) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/configuration.py",
            "class NetConfig:\n"
            "    stable: bool = False\n"
            "    add_adapter: bool = False\n");
  dir.Write("project/app/model.py",
            "from .configuration import NetConfig\n"
            "class Encoder:\n"
            "    def forward(self, x):\n"
            "        print('plain')\n"
            "class StableEncoder:\n"
            "    def forward(self, x):\n"
            "        return x.item()\n"
            "class Adapter:\n"
            "    def forward(self, x):\n"
            "        print('adapter')\n"
            "class Net:\n"
            "    def __init__(self, config: NetConfig):\n"
            "        self.config = config\n"
            "        if config.stable:\n"
            "            self.encoder = StableEncoder(config)\n"
            "        else:\n"
            "            self.encoder = Encoder(config)\n"
            "        self.adapter = Adapter(config) if config.add_adapter else None\n"
            "        self.tail = Adapter(config) if config.unknown_field else None\n"
            "    def forward(self, x):\n"
            "        x = self.encoder(x)\n"
            "        if self.adapter is not None:\n"
            "            x = self.adapter(x)\n"
            "        if self.tail is not None:\n"
            "            x = self.tail(x)\n"
            "        return x\n");
  // Adapter.forward is reached through `self.tail` only when `config.unknown_field` holds.
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              UnorderedElementsAre("project/app/model.py:4",
                                   "project/app/model.py:10 [only when `config.unknown_field`]"));
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(), std::nullopt,
                               {{"stable", "True"}, {"add_adapter", "True"}}),
              UnorderedElementsAre("project/app/model.py:7", "project/app/model.py:10"));
}

// A call in a branch that folds away on the configuration's defaults never runs; but a field
// the program stores on a configuration (T5 builds its decoder from a copy with
// `decoder_config.is_decoder = True`) has more than one value in the run, so its default does not
// fold: what it guards runs under a condition.
TEST(EntryScopeTest, ConfigurationFieldsTheProgramWritesDoNotFold) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/configuration.py",
            "class NetConfig:\n"
            "    is_decoder: bool = False\n"
            "    use_extra: bool = False\n");
  auto write_model = [&](std::string_view copy_line) {
    dir.Write("project/app/model.py",
              std::string("import copy\n"
                          "from .configuration import NetConfig\n"
                          "def cached(x):\n"
                          "    return x.item()\n"
                          "def extra(x):\n"
                          "    print('extra')\n"
                          "class Stack:\n"
                          "    def __init__(self, config: NetConfig):\n"
                          "        self.config = config\n"
                          "    def forward(self, x):\n"
                          "        if self.config.is_decoder:\n"
                          "            x = cached(x)\n"
                          "        if self.config.use_extra:\n"
                          "            x = extra(x)\n"
                          "        return x\n"
                          "class CausalNet:\n"
                          "    def __init__(self, config: NetConfig):\n"
                          "        config.use_extra = True\n"
                          "        self.stack = Stack(config)\n"
                          "class Net:\n"
                          "    def __init__(self, config: NetConfig):\n"
                          "        self.encoder = Stack(config)\n"
                          "        decoder_config = copy.deepcopy(config)\n") +
              std::string(copy_line) +
              "        self.decoder = Stack(decoder_config)\n"
              "    def forward(self, x):\n"
              "        return self.decoder(self.encoder(x))\n");
  };
  write_model("        decoder_config.is_decoder = True\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:4 [only when `self.config.is_decoder`]"));
  write_model("        setattr(decoder_config, 'is_decoder', True)\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:4 [only when `self.config.is_decoder`]"));
  // Without the store both fields fold to False: neither call runs (CausalNet, which stores
  // `use_extra`, is never built in this run).
  write_model("        decoder_config.name = 'decoder'\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()), IsEmpty());
  // What the user sets holds over the program's stores.
  write_model("        decoder_config.is_decoder = True\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(), std::nullopt,
                               {{"is_decoder", "False"}, {"use_extra", "True"}}),
              ElementsAre("project/app/model.py:6"));
}

// A layer whose `__init__(self, config)` names no configuration class reads the one the class
// that builds it was built from, when that class hands its own configuration on
// (`Layer(config)`), through any number of such steps and containers.
TEST(EntryScopeTest, LayersBuiltWithTheModelsConfigurationReadItsDefaults) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/configuration.py",
            "class NetConfig:\n"
            "    use_expectation: bool = True\n"
            "    num_layers: int = 2\n");
  dir.Write("project/app/model.py",
            "from .configuration import NetConfig\n"
            "class Attention:\n"
            "    def __init__(self, config):\n"
            "        self.use_expectation = config.use_expectation\n"
            "    def forward(self, x):\n"
            "        if self.use_expectation:\n"
            "            return x\n"
            "        return x.item()\n"
            "class Layer:\n"
            "    def __init__(self, config):\n"
            "        self.attention = Attention(config)\n"
            "    def forward(self, x):\n"
            "        return self.attention(x)\n"
            "class Encoder:\n"
            "    def __init__(self, config):\n"
            "        self.layer = ModuleList([Layer(config) for _ in range(config.num_layers)])\n"
            "    def forward(self, x):\n"
            "        for layer in self.layer:\n"
            "            x = layer(x)\n"
            "        return x\n"
            "class Other:\n"
            "    def __init__(self, config):\n"
            "        self.attention = Attention(config.sub)\n"
            "    def forward(self, x):\n"
            "        return self.attention(x)\n"
            "class Net:\n"
            "    def __init__(self, config: NetConfig):\n"
            "        self.encoder = Encoder(config)\n"
            "    def forward(self, x):\n"
            "        return self.encoder(x)\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()), IsEmpty());
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(), std::nullopt,
                               {{"use_expectation", "False"}}),
              ElementsAre("project/app/model.py:8"));
}

// A None test of a parameter a call passes holds (the input is there), but one of a key looked up
// in it (`opts.get('scale') is not None`) is up to what the caller put in the mapping: what runs
// under it is conditional.
TEST(EntryScopeTest, AKeyLookedUpInAPassedMappingIsACondition) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "class Block:\n"
            "    def forward(self, x, opts=None):\n"
            "        if opts is not None:\n"
            "            if opts.get('scale', None) is not None:\n"
            "                print('scale')\n"
            "            print('opts')\n"
            "        return x\n"
            "class Net:\n"
            "    def __init__(self):\n"
            "        self.block = Block()\n"
            "    def forward(self, x, opts=None):\n"
            "        return self.block(x, opts=opts)\n");
  EXPECT_THAT(
      FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                       std::vector<std::string>{"x", "opts"}),
      ElementsAre("project/app/model.py:5 [only when `opts.get('scale', None) is not None`]",
                  "project/app/model.py:6"));
}

TEST(EntryScopeTest, MalformedInputListIsAnError) {
  testing::TempDir dir;
  WriteMultimodalModel(dir);
  absl::StatusOr<std::unique_ptr<RuleEngine>> engine = RuleEngine::Create({ItemAndPrintRule()});
  ASSERT_TRUE(engine.ok());
  EntryScopeOptions options;
  options.entries = {"app.model:Net(input_ids"};
  options.project_roots = {dir.Join("project")};
  EntryScopeResult result = CheckFromEntries(options, **engine, FileCheckOptions{});
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_THAT(result.diagnostics[0].message, ::testing::HasSubstr("with the inputs a call passes"));
}

// transformers-style config-selected classes: `self.attn = ATTENTION_CLASSES[config.impl](config)`
// with the map in another module. Every class of the map is a candidate.
TEST(EntryScopeTest, ConfigSelectedClassMapsAreFollowed) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/attention.py",
            "class Eager:\n"
            "    def forward(self, x):\n"
            "        print('eager')\n"
            "class Sdpa:\n"
            "    def forward(self, x):\n"
            "        return x\n"
            "ATTENTION_CLASSES = {'eager': Eager, 'sdpa': Sdpa}\n");
  dir.Write("project/app/model.py",
            "from .attention import ATTENTION_CLASSES\n"
            "class Block:\n"
            "    def __init__(self, config):\n"
            "        self.attn = ATTENTION_CLASSES[config.impl](config)\n"
            "    def forward(self, x):\n"
            "        return self.attn(x)\n");
  EntryRun run = RunEntries(dir, {"app.model:Block"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("project/app/attention.py:3 SE001"));
}

// transformers-style auto classes: `self.language_model = AutoModel.from_config(config.text_config)`
// builds the class the auto mapping gives for the default model type of `text_config`
// (`sub_configs_defaults`), declared by a configuration class in a third module; a
// sub-configuration given as a class takes that class's `model_type`. The submodule's forward is
// called with what the owner passes: its parameters are not defaults.
TEST(EntryScopeTest, AutoClassesBuildTheConfigurationsModel) {
  testing::TempDir dir;
  dir.Write("site/lib/__init__.py",
            "from .auto import AutoModel\n"
            "from .text import TextModel\n"
            "from .vision import VisionModel\n");
  dir.Write("site/lib/auto.py",
            "from collections import OrderedDict\n"
            "MODEL_MAPPING_NAMES = OrderedDict([('text', 'TextModel'), ('vision', ('VisionModel',))])\n"
            "MODEL_MAPPING = _LazyAutoMapping(CONFIG_MAPPING_NAMES, MODEL_MAPPING_NAMES)\n"
            "class AutoModel(_BaseAutoModelClass):\n"
            "    _model_mapping = MODEL_MAPPING\n");
  dir.Write("site/lib/text.py",
            "class TextModel:\n"
            "    def forward(self, input_ids, mask=None):\n"
            "        if mask is not None:\n"
            "            print('masked')\n"
            "        return input_ids\n");
  dir.Write("site/lib/vision.py",
            "class VisionConfig:\n"
            "    model_type = 'vision'\n"
            "class VisionModel:\n"
            "    def forward(self, pixels):\n"
            "        return pixels.item()\n");
  dir.Write("site/lib/pair.py",
            "from .auto import AutoModel\n"
            "from .vision import VisionConfig\n"
            "class PairConfig:\n"
            "    model_type = 'pair'\n"
            "    sub_configs_defaults = {\n"
            "        'text_config': SubConfigSpec(config_class=AutoConfig, model_type='text'),\n"
            "        'vision_config': VisionConfig,\n"
            "    }\n"
            "class PairModel:\n"
            "    def __init__(self, config: PairConfig):\n"
            "        self.language_model = AutoModel.from_config(config.text_config)\n"
            "        self.vision_tower = AutoModel.from_config(config=config.vision_config)\n"
            "    def forward(self, input_ids, pixels, mask=None):\n"
            "        self.vision_tower(pixels)\n"
            "        return self.language_model(input_ids, mask=mask)\n");
  EntryRun run = RunEntries(dir, {"lib.pair:PairModel"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings,
              UnorderedElementsAre("site/lib/text.py:4 SE001", "site/lib/vision.py:5 CV001"));
}

// A sub-configuration a configuration class derives in a property (Mimi's `encoder_config`,
// built from the parent's own fields) is the class the property builds.
TEST(EntryScopeTest, SubConfigurationsDerivedByAPropertyBuildTheirClassesModel) {
  testing::TempDir dir;
  dir.Write("site/lib/__init__.py",
            "from .auto import AutoModel\n"
            "from .codec import EncoderModel\n");
  dir.Write("site/lib/auto.py",
            "from collections import OrderedDict\n"
            "MODEL_MAPPING_NAMES = OrderedDict([('codec_encoder', 'EncoderModel')])\n"
            "MODEL_MAPPING = _LazyAutoMapping(CONFIG_MAPPING_NAMES, MODEL_MAPPING_NAMES)\n"
            "class AutoModel(_BaseAutoModelClass):\n"
            "    _model_mapping = MODEL_MAPPING\n");
  dir.Write("site/lib/codec.py",
            "import numpy as np\n"
            "from .auto import AutoModel\n"
            "class EncoderConfig:\n"
            "    model_type = 'codec_encoder'\n"
            "class CodecConfig:\n"
            "    model_type = 'codec'\n"
            "    @property\n"
            "    def encoder_config(self):\n"
            "        if not self._has_encoder:\n"
            "            return None\n"
            "        encoder_config = EncoderConfig(**self.to_dict())\n"
            "        return encoder_config\n"
            "    @property\n"
            "    def frame_size(self):\n"
            "        return np.prod(self.ratios)\n"
            "class EncoderModel:\n"
            "    def forward(self, values):\n"
            "        return values.item()\n"
            "class CodecModel:\n"
            "    def __init__(self, config: CodecConfig):\n"
            "        self.encoder = AutoModel.from_config(config.encoder_config)\n"
            "    def forward(self, values):\n"
            "        return self.encoder(values)\n");
  EntryRun run = RunEntries(dir, {"lib.codec:CodecModel"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("site/lib/codec.py:18 CV001"));
}

// The configuration a user runs may give a sub-configuration's fields (`text_config.flag`, from
// a config.json's nested object): they replace the defaults of the class built from that
// sub-configuration only, found by its `model_type` or by the declaring class's
// `sub_configs_defaults`, and win over a top-level field of the same name.
TEST(EntryScopeTest, SubConfigurationFieldsReachTheClassBuiltFromThem) {
  testing::TempDir dir;
  dir.Write("site/lib/__init__.py", "from .text import TextModel\n");
  dir.Write("site/lib/auto.py",
            "from collections import OrderedDict\n"
            "MODEL_MAPPING_NAMES = OrderedDict([('text', 'TextModel')])\n"
            "MODEL_MAPPING = _LazyAutoMapping(CONFIG_MAPPING_NAMES, MODEL_MAPPING_NAMES)\n"
            "class AutoModel(_BaseAutoModelClass):\n"
            "    _model_mapping = MODEL_MAPPING\n");
  dir.Write("site/lib/text.py",
            "class TextConfig:\n"
            "    model_type = 'text'\n"
            "    def __init__(self, flag=False):\n"
            "        self.flag = flag\n"
            "class TextModel:\n"
            "    config_class = TextConfig\n"
            "    def __init__(self, config):\n"
            "        self.config = config\n"
            "    def forward(self, input_ids):\n"
            "        if self.config.flag:\n"
            "            print('flagged')\n"
            "        return input_ids\n");
  dir.Write("site/lib/pair.py",
            "from .auto import AutoModel\n"
            "class PairConfig:\n"
            "    model_type = 'pair'\n"
            "    sub_configs_defaults = {\n"
            "        'text_config': SubConfigSpec(config_class=AutoConfig, model_type='text'),\n"
            "    }\n"
            "    def __init__(self, flag=False):\n"
            "        self.flag = flag\n"
            "class PairModel:\n"
            "    config_class = PairConfig\n"
            "    def __init__(self, config):\n"
            "        self.config = config\n"
            "        self.language_model = AutoModel.from_config(config.text_config)\n"
            "    def forward(self, input_ids):\n"
            "        if self.config.flag:\n"
            "            print('pair flagged')\n"
            "        return self.language_model(input_ids)\n");
  auto Findings = [&](std::map<std::string, std::string> config) {
    return FindingsWithRule(dir, "lib.pair:PairModel", ItemAndPrintRule(), std::nullopt,
                            std::move(config));
  };
  EXPECT_THAT(Findings({}), IsEmpty());
  // Found through the declaring class's sub_configs_defaults.
  EXPECT_THAT(Findings({{"text_config.flag", "True"}}),
              ElementsAre("site/lib/text.py:11"));
  // Found by the model type a config.json's sub-configuration carries.
  EXPECT_THAT(Findings({{"language.flag", "True"}, {"language.model_type", "'text'"}}),
              ElementsAre("site/lib/text.py:11"));
  // A top-level field reaches every class; the sub-configuration's own value wins over it.
  EXPECT_THAT(Findings({{"flag", "True"}}),
              ElementsAre("site/lib/pair.py:16", "site/lib/text.py:11"));
  EXPECT_THAT(Findings({{"flag", "True"}, {"text_config.flag", "False"}}),
              ElementsAre("site/lib/pair.py:16"));
  // A path no configuration class declares, or of another model type, reaches nothing.
  EXPECT_THAT(Findings({{"vision_config.flag", "True"}, {"text_config.rope.flag", "True"}}),
              IsEmpty());
  EXPECT_THAT(Findings({{"text_config.flag", "True"}, {"text_config.model_type", "'other'"}}),
              IsEmpty());
}

// Without --inputs, code in the entry's own forward under `if pixel_values is not None:` runs only
// when the user's call passes it, and says so; with them, it folds. Code after an early exit on a
// flag or a helper's answer runs only when the test fails; an exit on a tensor or on a value the
// function computed (edge cases) or on the environment (an opt-out) is no condition. Breaks in both arms of one test: the model
// breaks either way.
TEST(EntryScopeTest, EntryNoneTestsAndEarlyExitsAreConditions) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "import os\n"
            "class Net:\n"
            "    def forward(self, input_ids, pixel_values=None, mode='a'):\n"
            "        if pixel_values is None:\n"
            "            pass\n"
            "        else:\n"
            "            print('image')\n"
            "        return self.tail(input_ids, mode)\n"
            "    def tail(self, x, mode):\n"
            "        if x.numel() == 0:\n"
            "            return x\n"
            "        if os.getenv('SKIP', '0') == '1':\n"
            "            return x\n"
            "        spans = len(mode)\n"
            "        if spans == 0:\n"
            "            return x\n"
            "        if not helper(mode):\n"
            "            return None\n"
            "        return x.item()\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:7 [only when `pixel_values` is given]",
                          "project/app/model.py:19 [only when `helper(mode)`]"));
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"input_ids"}),
              ElementsAre("project/app/model.py:19 [only when `helper(mode)`]"));
}

// Without --inputs, an optional input the entry hands on to a helper is as unknown there: a
// break under `if can_compute:` (a local of None tests of such parameters, through another
// local) in a helper's helper runs only when the call passes them. A local set to None and
// otherwise only under such a test (`mask = None`, `if pixels is not None: mask = ...`) is
// None unless that branch ran, so a break under `if mask is not None:` waits on it too; one
// also set unconditionally, or updated from itself, is not. With --inputs, all of it folds.
TEST(EntryScopeTest, UnknownInputsReachHelpersAndLocalsSetOnlyWhenTheyAreGiven) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "class Net:\n"
            "    def forward(self, x, grid=None, types=None, pixels=None):\n"
            "        self.positions(x, grid=grid, types=types)\n"
            "        mask = None\n"
            "        if pixels is not None:\n"
            "            mask = pixels\n"
            "        if mask is not None:\n"
            "            mask = mask[0]\n"
            "            print(mask)\n"
            "        other = None\n"
            "        if pixels is not None:\n"
            "            other = pixels\n"
            "        other = x\n"
            "        if other is not None:\n"
            "            print(other)\n"
            "        return x\n"
            "    def positions(self, x, grid=None, types=None):\n"
            "        has_grid = grid is not None\n"
            "        can_compute = types is not None and has_grid\n"
            "        if can_compute:\n"
            "            return self.rope(grid)\n"
            "        return None\n"
            "    def rope(self, grid):\n"
            "        return grid.item()\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule()),
              ElementsAre("project/app/model.py:9 [only when `mask` is set]",
                          "project/app/model.py:15",
                          "project/app/model.py:24 [only when `can_compute`]"));
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"x"}),
              ElementsAre("project/app/model.py:15"));
}

// An early exit on state the function itself sets — a latch (`self.frozen = True`), a cache it
// fills (`table[key] = x`) — is about what earlier calls did, not how this one is called: no
// condition. An exit on another attribute of `self` still is one, whatever else of `self` the
// function assigns.
TEST(EntryScopeTest, EarlyExitsOnStateTheFunctionSetsAreNoConditions) {
  testing::TempDir dir;
  dir.Write("project/app/__init__.py", "");
  dir.Write("project/app/model.py",
            "TABLE = {}\n"
            "class Net:\n"
            "    def forward(self, x, key='a', table=TABLE):\n"
            "        if self.frozen:\n"
            "            return x\n"
            "        if key in table:\n"
            "            return table[key]\n"
            "        if self.config_flag:\n"
            "            return x\n"
            "        self.frozen = True\n"
            "        table[key] = x\n"
            "        self.count = 1\n"
            "        return x.item()\n");
  EXPECT_THAT(FindingsWithRule(dir, "app.model:Net", ItemAndPrintRule(),
                               std::vector<std::string>{"x"}),
              ElementsAre("project/app/model.py:13 [only when not `self.config_flag`]"));
}

TEST(EntryScopeTest, UnknownEntriesAreErrorsNamingWhatIsMissing) {
  testing::TempDir dir;
  WriteLibrary(dir);
  EntryRun run = RunEntries(dir, {"nolib:Model", "lib:Missing", "bad-spec.py"});
  ASSERT_EQ(run.errors.size(), 1u) << "a malformed --entry stops the run before reading anything";
  EXPECT_THAT(run.errors[0], ::testing::HasSubstr("no such script"));
  EXPECT_THAT(run.files, IsEmpty());
  run = RunEntries(dir, {"nolib:Model", "lib:Missing"});
  ASSERT_EQ(run.errors.size(), 2u);
  EXPECT_THAT(run.errors[0], ::testing::HasSubstr("module `nolib` is not on the search path"));
  EXPECT_THAT(run.errors[1], ::testing::HasSubstr("`Missing` is not a class or function"));
}

TEST(EntryScopeTest, AChainOfModulesTooLongToFollowIsReported) {
  // Each round of an entry run follows calls one module further; past the cap the run says it
  // stopped (it used to stop silently). A chain of 205 modules needs more rounds than that.
  auto write_chain = [](testing::TempDir& dir, int length) {
    dir.Write("site/chain/__init__.py", "");
    for (int i = 0; i < length; ++i) {
      std::string next = std::to_string(i + 1);
      dir.Write("site/chain/m" + std::to_string(i) + ".py",
                i + 1 < length ? "from .m" + next + " import f" + next + "\ndef f" +
                                     std::to_string(i) + "(x):\n    return f" + next + "(x)\n"
                               : "def f" + std::to_string(i) + "(x):\n    print(x)\n");
    }
    dir.Write("site/chain/model.py",
              "import torch.nn as nn\nfrom .m0 import f0\nclass Net(nn.Module):\n"
              "    def forward(self, x):\n        return f0(x)\n");
  };
  testing::TempDir short_chain;
  write_chain(short_chain, 20);
  EntryRun run = RunEntries(short_chain, {"chain.model:Net"});
  EXPECT_THAT(run.errors, IsEmpty());
  EXPECT_THAT(run.findings, ElementsAre("site/chain/m19.py:2 SE001"));
  testing::TempDir long_chain;
  write_chain(long_chain, 205);
  run = RunEntries(long_chain, {"chain.model:Net"});
  ASSERT_EQ(run.errors.size(), 1u);
  EXPECT_THAT(run.errors[0], ::testing::HasSubstr("stopped following calls into new modules"));
  EXPECT_THAT(run.findings, IsEmpty());  // the print at the far end was not reached
}

}  // namespace
}  // namespace gbreak
