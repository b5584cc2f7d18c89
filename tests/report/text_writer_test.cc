#include "report/text_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/report_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::SampleReport;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(TextWriterTest, OneLinePerFindingThenASummary) {
  SampleReport sample;
  EXPECT_EQ(WriteText(sample.report),
            "a.py:3:9: SE001 `print(x)` breaks\n"
            "a.py:4:13: CV001 `x.item()` breaks\n"
            "b/c.py:1:1: SE001 `print()` breaks\n"
            "Found 3 findings in 2 files (5 checked).\n");
}

TEST(TextWriterTest, CleanRunSaysSo) {
  LintReport report;
  report.stats.files_checked = 1;
  EXPECT_EQ(WriteText(report), "All checks passed (1 file checked).\n");
}

TEST(TextWriterTest, AnErrorIsNoPass) {
  LintReport report;
  report.diagnostics.push_back(
      {Diagnostic::Level::kError, "/missing", 0, "No such file or directory"});
  report.entry_run = true;
  std::string text = WriteText(report);
  EXPECT_THAT(text, Not(HasSubstr("passed")));
  EXPECT_THAT(text, HasSubstr("Failed: 1 error (/missing: No such file or directory); "
                              "0 files checked."));
  EXPECT_THAT(text, HasSubstr("Verdict: unknown (the run had errors)."));
}

TEST(TextWriterTest, RuntimeOnlyBreaksAreFindings) {
  LintReport report;
  report.stats.files_checked = 1;
  report.runtime.emplace();
  report.runtime->lint = true;
  report.runtime->runtime_only.push_back({});
  std::string text = WriteText(report);
  EXPECT_THAT(text, Not(HasSubstr("passed")));
  EXPECT_THAT(text, HasSubstr("Found 1 runtime-only graph-break site in the log (1 checked)."));
}

TEST(TextWriterTest, StatisticsCountPerRuleMostFirst) {
  SampleReport sample;
  EXPECT_EQ(WriteStatistics(sample.report), "2\tSE001\tprint-call\n1\tCV001\ttensor-item\n");
}

TEST(TextWriterTest, RunStatsNameFilesBytesAndTimes) {
  SampleReport sample;
  sample.report.stats.bytes = 2 * 1024 * 1024;
  std::string stats = WriteRunStats(sample.report);
  EXPECT_THAT(stats, HasSubstr("files: 5 checked, 0 skipped"));
  EXPECT_THAT(stats, HasSubstr("2.00 MB"));
  EXPECT_THAT(stats, HasSubstr("parse time"));
}

}  // namespace
}  // namespace gbreak
