#include "report/verdict.h"

#include <gtest/gtest.h>

#include "report_test_util.h"

namespace gbreak {
namespace {

// The verdict an entry run ends with: a finding under no condition breaks; findings only under
// conditions gbreak could not decide give "breaks only when ..."; one under a test and one
// under its negation break either way.
TEST(VerdictTest, ConditionsAndTheirNegationsBreakEitherWay) {
  testing::SampleReport sample;
  LintReport& report = sample.report;
  EXPECT_EQ(EntryVerdict(report), "breaks");
  for (Finding& f : report.findings) f.conditions = {"`pixel_values` is given"};
  EXPECT_EQ(EntryVerdict(report), "breaks only when `pixel_values` is given");
  report.findings[1].conditions = {"`pixel_values` is not given"};
  EXPECT_EQ(EntryVerdict(report), "breaks");
  report.findings[1].conditions = {"not `mode != \"reflect\"`"};
  report.findings[2].conditions = {"`mode != \"reflect\"`"};
  report.findings[0].conditions = {"`a`", "`b`"};  // under both: no sole condition
  EXPECT_EQ(EntryVerdict(report), "breaks");
  report.findings[2].conditions = {"`other`"};
  EXPECT_EQ(EntryVerdict(report),
            "breaks only when `a` or `b` or `other` or not `mode != \"reflect\"`");
  report.findings.clear();
  EXPECT_EQ(EntryVerdict(report), "compiles whole");
}

}  // namespace
}  // namespace gbreak
