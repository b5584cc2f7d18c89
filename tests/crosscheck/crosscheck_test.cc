#include "crosscheck/crosscheck.h"

#include <string>
#include <vector>

#include "crosscheck/runtime_writer.h"
#include "gtest/gtest.h"

namespace gbreak {
namespace {

class CrosscheckTest : public ::testing::Test {
 protected:
  CrosscheckTest() {
    rule_.code = "SE001";
    rule_.name = "print-call";
  }

  Finding Make(std::string path, int line, int end_line) {
    Finding f;
    f.rule = &rule_;
    f.path = std::move(path);
    f.start.line = line;
    f.end.line = end_line;
    return f;
  }

  static void AddBreak(LogSummary& s, std::string file, int line, std::string reason, int count,
                       int graphs) {
    BreakSite site;
    site.at.file = file;
    site.at.line = line;
    site.reason = reason;
    site.count = count;
    site.graphs_added = graphs;
    site.graphs_known = true;
    s.breaks[file + "\x1f" + std::to_string(line) + "\x1f" + reason] = site;
  }

  Rule rule_;
};

TEST_F(CrosscheckTest, ConfirmsRanksAndListsRuntimeOnlyBreaks) {
  std::vector<Finding> findings = {Make("pkg/a.py", 3, 3), Make("pkg/a.py", 10, 12),
                                   Make("pkg/b.py", 5, 5)};
  LogSummary logs;
  AddBreak(logs, "/srv/run/pkg/a.py", 11, "Data-dependent branching", 2, 2);  // inside 10-12
  AddBreak(logs, "/srv/run/pkg/b.py", 5, "Failed to trace builtin operator", 12, 12);
  AddBreak(logs, "/srv/run/pkg/b.py", 40, "Dynamic shape operator", 1, 1);  // no finding
  AddBreak(logs, "/srv/venv/site-packages/lib/z.py", 1, "x", 3, 0);        // not analyzed
  RuntimeReport report =
      Crosscheck(findings, {"pkg/a.py", "pkg/b.py"}, std::move(logs));

  EXPECT_EQ(report.confirmed, 2);
  EXPECT_EQ(report.not_seen, 1);
  // Most breaks first, then the rest in file order.
  EXPECT_EQ(findings[0].path, "pkg/b.py");
  EXPECT_EQ(findings[0].runtime.kind, RuntimeStatus::Kind::kConfirmed);
  EXPECT_EQ(findings[0].runtime.break_count, 12);
  EXPECT_EQ(findings[1].start.line, 10);
  EXPECT_EQ(findings[1].runtime.graphs_added, 2);
  EXPECT_EQ(findings[2].runtime.kind, RuntimeStatus::Kind::kNotSeen);

  ASSERT_EQ(report.runtime_only.size(), 2u);
  EXPECT_EQ(report.runtime_only[0].site.count, 3);       // most frequent first
  EXPECT_EQ(report.runtime_only[0].local_path, "");      // gbreak did not analyze it
  EXPECT_EQ(report.runtime_only[1].local_path, "pkg/b.py");
  EXPECT_EQ(DisplayPath(report, "/srv/run/pkg/b.py"), "pkg/b.py");
}

TEST_F(CrosscheckTest, FailuresAtAUserLineConfirmToo) {
  std::vector<Finding> findings = {Make("m.py", 15, 15)};
  LogSummary logs;
  CompileFailure f;
  f.kind = CompileFailure::Kind::kFullgraphError;
  f.file = "/home/ci/m.py";
  f.line = 15;
  f.count = 1;
  f.message = "Unsupported: Call to `torch._dynamo.graph_break()`";
  logs.failures.push_back(f);
  RuntimeReport report = Crosscheck(findings, {"m.py"}, std::move(logs));
  EXPECT_EQ(findings[0].runtime.kind, RuntimeStatus::Kind::kConfirmed);
  EXPECT_EQ(RuntimeSuffix(findings[0].runtime), " [confirmed: 1 break, +0 graphs]");
}


// A frame Dynamo skipped to eager is the cascade of a break: where the log names its breaks, the
// break's site counts the skip already (real TORCH_TRACE: the skip sits on the break's line and
// was counted twice; real +dynamo text: it sits on the resumed frame's first line, where another
// finding was confirmed by it). Only a log naming no break confirms with the skip itself.
TEST_F(CrosscheckTest, SkippedFramesConfirmOnlyWhereTheLogNamesNoBreak) {
  CompileFailure skip;
  skip.kind = CompileFailure::Kind::kFrameSkipped;
  skip.file = "/home/ci/m.py";
  skip.line = 15;
  skip.count = 1;
  skip.message = "Unsupported: Dynamic shape operator";

  std::vector<Finding> findings = {Make("m.py", 15, 15), Make("m.py", 23, 23)};
  LogSummary logs;
  AddBreak(logs, "/home/ci/m.py", 15, "Data dependent operator", 1, 1);
  AddBreak(logs, "/home/ci/m.py", 23, "Dynamic shape operator", 2, 0);  // one report a skip
  logs.failures.push_back(skip);
  Crosscheck(findings, {"m.py"}, std::move(logs));
  EXPECT_EQ(findings[0].runtime.break_count, 2);  // line 23
  EXPECT_EQ(findings[1].runtime.break_count, 1);  // line 15: its own break only

  std::vector<Finding> older = {Make("m.py", 15, 15)};
  LogSummary no_breaks;
  no_breaks.failures.push_back(skip);
  Crosscheck(older, {"m.py"}, std::move(no_breaks));
  EXPECT_EQ(older[0].runtime.kind, RuntimeStatus::Kind::kConfirmed);
  EXPECT_EQ(older[0].runtime.break_count, 1);
}
TEST_F(CrosscheckTest, WritersShowCountsGraphsAndFailures) {
  std::vector<Finding> findings;
  LogSummary logs;
  AddBreak(logs, "/x/m.py", 9, "Data-dependent branching", 3, 3);
  logs.breaks.begin()->second.registry_id = "GB0170";
  logs.dynamo_graphs_known = true;
  logs.dynamo_graphs.push_back(DynamoGraph{"0/0", "forward", "/x/m.py", 7, 9, "/x/m.py", "forward",
                                           true, false, "eager", {}});
  RuntimeReport report = LogsOnly(std::move(logs));
  std::string text = WriteLogsText(report);
  EXPECT_NE(text.find("Dynamo: 1 graph"), std::string::npos) << text;
  EXPECT_NE(text.find("#1 forward  /x/m.py:7-9  ends at the graph break on line 9"),
            std::string::npos) << text;
  EXPECT_NE(text.find("/x/m.py:9: Data-dependent branching [GB0170] - 3 breaks, +3 graphs"),
            std::string::npos) << text;
  std::string json = WriteLogsJson(report, "0");
  EXPECT_NE(json.find("\"dynamo_graph_count\": 1"), std::string::npos);
  EXPECT_NE(json.find("\"registry_id\": \"GB0170\""), std::string::npos);
}

// A break whose logged source line is not the local line came from other source: it confirms
// nothing, stays a runtime-only break and is reported; a matching line (blanks aside) confirms.
TEST_F(CrosscheckTest, ABreakOnOtherSourceConfirmsNothing) {
  std::vector<Finding> findings = {Make("m.py", 4, 4), Make("m.py", 9, 9)};
  LogSummary logs;
  AddBreak(logs, "/srv/m.py", 4, "Data-dependent branching", 1, 1);
  logs.breaks.begin()->second.at.code = "if x.sum() > 0:";
  AddBreak(logs, "/srv/m.py", 9, "Failed to trace builtin operator", 2, 2);
  for (auto& [key, site] : logs.breaks) {
    if (site.at.line == 9) site.at.code = "print(x)";
  }
  std::vector<std::pair<std::string, int>> asked;
  LocalLineReader local = [&](const std::string& path, int line) -> std::optional<std::string> {
    asked.emplace_back(path, line);
    if (line == 4) return std::string("    if x.mean() > 0:");
    return std::string("        print(x)  ");
  };
  RuntimeReport report = Crosscheck(findings, {"m.py"}, std::move(logs), local);

  EXPECT_EQ(report.confirmed, 1);
  EXPECT_EQ(report.not_seen, 1);
  EXPECT_EQ(findings[0].start.line, 9);
  EXPECT_EQ(findings[0].runtime.kind, RuntimeStatus::Kind::kConfirmed);
  EXPECT_EQ(findings[1].start.line, 4);
  EXPECT_EQ(findings[1].runtime.kind, RuntimeStatus::Kind::kNotSeen);
  ASSERT_EQ(report.source_mismatches.size(), 1u);
  const SourceMismatch& m = report.source_mismatches[0];
  EXPECT_EQ(m.local_path, "m.py");
  EXPECT_EQ(m.line, 4);
  EXPECT_EQ(m.logged, "if x.sum() > 0:");
  EXPECT_EQ(m.local, "if x.mean() > 0:");
  ASSERT_EQ(report.runtime_only.size(), 1u);
  EXPECT_EQ(report.runtime_only[0].site.at.line, 4);
  EXPECT_EQ(report.runtime_only[0].local_path, "m.py");
  EXPECT_EQ(asked.size(), 2u);
}

// No printed line, or an unreadable local file: nothing to compare, the break matches as before.
TEST_F(CrosscheckTest, NothingToCompareMatchesAsBefore) {
  std::vector<Finding> findings = {Make("m.py", 4, 4), Make("n.py", 2, 2)};
  LogSummary logs;
  AddBreak(logs, "/srv/m.py", 4, "Data-dependent branching", 1, 1);  // no code printed
  AddBreak(logs, "/srv/n.py", 2, "Data-dependent branching", 1, 1);
  for (auto& [key, site] : logs.breaks) {
    if (site.at.file == "/srv/n.py") site.at.code = "if t:";
  }
  LocalLineReader unreadable = [](const std::string&, int) { return std::optional<std::string>(); };
  RuntimeReport report = Crosscheck(findings, {"m.py", "n.py"}, std::move(logs), unreadable);
  EXPECT_EQ(report.confirmed, 2);
  EXPECT_TRUE(report.source_mismatches.empty());
}

}  // namespace
}  // namespace gbreak
