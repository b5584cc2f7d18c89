#include "report/markdown_writer.h"

#include <algorithm>

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
  EXPECT_THAT(md, HasSubstr("| [1](#finding-1) | `pkg/model.py:13:9` | "
                            "[CV001 tensor-item](#rule-cv001) | confirmed ×4 |"));
  EXPECT_THAT(md, HasSubstr("**Runtime:** confirmed: Dynamo broke the graph here 4 times"));
  EXPECT_THAT(md, HasSubstr("**Why Dynamo breaks:** Dynamo cannot trace print."));
  EXPECT_THAT(md, HasSubstr("**Fix:** Guard it."));
  EXPECT_THAT(md, HasSubstr("12 |         print(x)"));
  EXPECT_THAT(md, HasSubstr("**Repro** (compiles `Net().forward` with `fullgraph=True`)"));
  EXPECT_THAT(md, HasSubstr("Generated by gbreak 9.9."));
  EXPECT_THAT(md, Not(HasSubstr("\n\n\n")));
}

TEST(MarkdownWriterTest, ExcerptsReadEachFileOnceAndKeepPythonLineNumbers) {
  SampleReport sample;
  sample.report.findings = {At(sample.item_rule, "scale.item()"),
                            At(sample.print_rule, "print(x)\n        return self")};
  std::string lone_cr(kModel);
  std::replace(lone_cr.begin(), lone_cr.end(), '\n', '\r');  // an old Mac file
  int reads = 0;
  MarkdownOptions options;
  options.read_file = [&](const std::string&) -> std::optional<std::string> {
    ++reads;
    return lone_cr;
  };
  std::string md = WriteMarkdown(sample.report, options);
  EXPECT_THAT(md, HasSubstr("12 |         print(x)\n```"));
  EXPECT_THAT(md, HasSubstr("13 |         "));
  EXPECT_EQ(reads, 1);
}

TEST(MarkdownWriterTest, CleanReportSaysSo) {
  LintReport report;
  report.stats.files_checked = 4;
  std::string md = WriteMarkdown(report, MarkdownOptions{});
  EXPECT_THAT(md, HasSubstr("No graph breaks found (4 files checked)."));
  EXPECT_THAT(md, Not(HasSubstr("Graphs:")));
}

// Count of non-overlapping occurrences of `needle` in `text`.
size_t Occurrences(const std::string& text, const std::string& needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

TEST(MarkdownWriterTest, FixTextOncePerRuleAndRowsLinkToDetails) {
  SampleReport sample;  // two SE001 findings, one CV001
  sample.print_rule.rationale = "Dynamo cannot trace print.";
  // A finding whose fix is an edit here, then the rule's fix (what rules/fix_edit.cc writes).
  sample.report.findings[2].fix = "Guard the call here.\n\nGuard it.";
  std::string md = WriteMarkdown(sample.report, MarkdownOptions{});
  EXPECT_EQ(Occurrences(md, "Guard it."), 1u) << md;
  EXPECT_EQ(Occurrences(md, "Dynamo cannot trace print."), 1u) << md;
  EXPECT_EQ(Occurrences(md, "**Fix here:** Guard the call here.\n"), 1u) << md;
  EXPECT_EQ(Occurrences(md, "<a id=\"rule-se001\"></a>\n\n### SE001 print-call"), 1u) << md;
  EXPECT_EQ(Occurrences(md, "](#rule-se001)"), 4u) << md;  // two rows, two sections
  for (int i = 1; i <= 3; ++i) {
    std::string n = std::to_string(i);
    EXPECT_THAT(md, HasSubstr("| [" + n + "](#finding-" + n + ") | "));
    EXPECT_THAT(md, HasSubstr("<a id=\"finding-" + n + "\"></a>\n\n## " + n + ". "));
  }
  EXPECT_THAT(md, Not(HasSubstr("\n\n\n")));
}

TEST(MarkdownWriterTest, AnErrorIsNoPass) {
  LintReport report;
  report.diagnostics.push_back(
      {Diagnostic::Level::kError, "/missing", 0, "No such file or directory"});
  std::string md = WriteMarkdown(report, MarkdownOptions{});
  EXPECT_THAT(md, Not(HasSubstr("No graph breaks found")));
  EXPECT_THAT(md, HasSubstr("**Failed:** 1 error (/missing: No such file or directory; see "));
  EXPECT_THAT(md, Not(HasSubstr("\n\n\n")));
}

// A tt-xla log whose Dynamo lines have frames but no compiler calls (graph count 0), with
// three tt-xla graphs and a break no finding predicted.
TEST(MarkdownWriterTest, TtXlaGraphsAndARuntimeBreakAreNoCleanRun) {
  LintReport report;
  report.stats.files_checked = 1;
  report.graph_count = 0;
  report.runtime.emplace();
  report.runtime->lint = true;
  report.runtime->logs.tt_graphs.resize(3);
  report.runtime->runtime_only.push_back({});
  std::string md = WriteMarkdown(report, MarkdownOptions{});
  EXPECT_THAT(md, Not(HasSubstr("compiled 0 graphs")));
  EXPECT_THAT(md, Not(HasSubstr("No graph breaks found")));
  EXPECT_THAT(md, HasSubstr("**Graphs:** tt-xla compiled 3 graphs in the logged run"));
  EXPECT_THAT(md, HasSubstr("The log shows 1 graph-break site no finding predicted"));
}

}  // namespace
}  // namespace gbreak
