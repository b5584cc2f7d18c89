#include "report/markdown_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "report/ranking.h"
#include "report/repro.h"
#include "report/report_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::SampleReport;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kModel[] = R"(import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, dim: int = 16):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, scale):
        b, t, d = x.shape
        print(x)
        return self.proj(x) * scale.item()


class NeedsConfig(nn.Module):
    def __init__(self, config):
        super().__init__()

    def forward(self, x):
        print(x)
        return x


def helper(x, n: int, *, flag=False):
    print(x)
    return x


@torch.compile(backend="eager")
def compiled(x):
    def inner(y):
        print(y)
        return y
    return inner(x)


print("module level")
)";

// A finding of `rule` at the first occurrence of `needle` in kModel.
Finding At(const Rule& rule, const std::string& needle) {
  std::string text = kModel;
  size_t offset = text.find(needle);
  EXPECT_NE(offset, std::string::npos) << needle;
  int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
  Finding f = SampleReport::Make(rule, "pkg/model.py", line, 9, "`print` breaks");
  f.start.offset = static_cast<uint32_t>(offset);
  return f;
}

TEST(ReproTest, ModuleWithDefaultConstructorIsCompiledWhole) {
  SampleReport sample;
  std::optional<Repro> repro = MakeRepro(At(sample.print_rule, "print(x)\n        return self"),
                                         kModel);
  ASSERT_TRUE(repro.has_value());
  EXPECT_TRUE(repro->complete);
  EXPECT_EQ(repro->target, "Net().forward");
  EXPECT_THAT(repro->script, HasSubstr("pathlib.Path(\"pkg/model.py\")"));
  EXPECT_THAT(repro->script, HasSubstr("obj = module.Net()\nobj.eval()\n"));
  // x: rank 3 from `b, t, d = x.shape`, features from nn.Linear(dim=16); scale: `.item()`.
  EXPECT_THAT(repro->script,
              HasSubstr("compiled = torch.compile(obj, fullgraph=True, backend=\"eager\")\n"
                        "compiled(torch.randn(2, 4, 16), torch.tensor(0.5))\n"));
}

TEST(ReproTest, ConstructorArgumentsThatCannotBeGuessedAreMarked) {
  SampleReport sample;
  std::optional<Repro> repro = MakeRepro(At(sample.print_rule, "print(x)\n        return x\n"),
                                         kModel);
  ASSERT_TRUE(repro.has_value());
  EXPECT_FALSE(repro->complete);
  EXPECT_THAT(repro->script, HasSubstr("obj = module.NeedsConfig()  # EDIT:"));
}

TEST(ReproTest, TrainOnlyFindingsRunInTrainMode) {
  SampleReport sample;
  Finding f = At(sample.print_rule, "print(x)\n        return self");
  f.modes.eval = false;
  EXPECT_THAT(MakeRepro(f, kModel)->script, HasSubstr("obj.train()\n"));
}

TEST(ReproTest, FunctionsAreCompiledDirectly) {
  SampleReport sample;
  std::optional<Repro> repro = MakeRepro(At(sample.print_rule, "print(x)\n    return x"), kModel);
  ASSERT_TRUE(repro.has_value());
  EXPECT_EQ(repro->target, "helper");
  EXPECT_THAT(repro->script,
              HasSubstr("torch.compile(module.helper, fullgraph=True, backend=\"eager\")\n"
                        "compiled(torch.randn(2, 4), 2)\n"));
}

TEST(ReproTest, NestedFunctionIsReachedThroughItsCompiledParent) {
  SampleReport sample;
  std::optional<Repro> repro = MakeRepro(At(sample.print_rule, "print(y)"), kModel);
  ASSERT_TRUE(repro.has_value());
  EXPECT_EQ(repro->target, "compiled");
  EXPECT_THAT(repro->script, HasSubstr("getattr(module.compiled, \"_torchdynamo_orig_callable\""));
}

TEST(ReproTest, NoReproAtModuleLevelOrForDiagnostics) {
  SampleReport sample;
  EXPECT_FALSE(MakeRepro(At(sample.print_rule, "print(\"module level\")"), kModel).has_value());
  Rule syntax;
  syntax.code = "GX001";
  syntax.kind = Rule::Kind::kBuiltin;
  EXPECT_FALSE(MakeRepro(At(syntax, "print(x)"), kModel).has_value());
}

TEST(RankingTest, ConfirmedBreaksComeFirstThenRank) {
  SampleReport sample;
  std::vector<Finding>& f = sample.report.findings;
  EXPECT_EQ(ImportanceOrder(f), (std::vector<size_t>{0, 2, 1}));  // certain before likely
  f[1].runtime.kind = RuntimeStatus::Kind::kConfirmed;
  f[1].runtime.break_count = 2;
  f[2].runtime.kind = RuntimeStatus::Kind::kConfirmed;
  f[2].runtime.break_count = 5;
  EXPECT_EQ(ImportanceOrder(f), (std::vector<size_t>{2, 1, 0}));
  f[0].runtime.kind = RuntimeStatus::Kind::kNotSeen;
  EXPECT_LT(FindingRank(f[0]), 40.0);
}

TEST(MarkdownWriterTest, ReportListsBreaksByImportanceWithFixAndRepro) {
  SampleReport sample;
  sample.print_rule.rationale = "Dynamo cannot trace print.";
  sample.report.findings = {At(sample.item_rule, "scale.item()"),
                            At(sample.print_rule, "print(x)\n        return self")};
  sample.report.findings[0].runtime = {RuntimeStatus::Kind::kConfirmed, 4, 1, "Unsupported", ""};
  sample.report.graph_count = 3;
  MarkdownOptions options;
  options.tool_version = "9.9";
  options.read_file = [](const std::string& path) -> std::optional<std::string> {
    if (path == "pkg/model.py") return std::string(kModel);
    return std::nullopt;
  };
  std::string md = WriteMarkdown(sample.report, options);
  EXPECT_THAT(md, HasSubstr("Dynamo compiled 3 graphs in the logged run; 1 of the breaks"));
  // The confirmed CV001 comes first, though it is later in the file.
  size_t item = md.find("## 1. `pkg/model.py:13:9`: CV001 tensor-item");
  size_t print = md.find("## 2. `pkg/model.py:12:9`: SE001 print-call");
  EXPECT_NE(item, std::string::npos) << md;
  EXPECT_NE(print, std::string::npos) << md;
  EXPECT_THAT(md, HasSubstr("| 1 | `pkg/model.py:13:9` | CV001 tensor-item | confirmed ×4 |"));
  EXPECT_THAT(md, HasSubstr("**Runtime:** confirmed: Dynamo broke the graph here 4 times"));
  EXPECT_THAT(md, HasSubstr("**Why Dynamo breaks:** Dynamo cannot trace print."));
  EXPECT_THAT(md, HasSubstr("**Fix:** Guard it."));
  EXPECT_THAT(md, HasSubstr("12 |         print(x)"));
  EXPECT_THAT(md, HasSubstr("**Repro** (compiles `Net().forward` with `fullgraph=True`)"));
  EXPECT_THAT(md, HasSubstr("Generated by gbreak 9.9."));
  EXPECT_THAT(md, Not(HasSubstr("\n\n\n")));
}

TEST(MarkdownWriterTest, CleanReportSaysSo) {
  LintReport report;
  report.stats.files_checked = 4;
  std::string md = WriteMarkdown(report, MarkdownOptions{});
  EXPECT_THAT(md, HasSubstr("No graph breaks found (4 files checked)."));
  EXPECT_THAT(md, Not(HasSubstr("Graphs:")));
}

}  // namespace
}  // namespace gbreak
