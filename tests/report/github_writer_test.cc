#include "report/github_writer.h"

#include <gtest/gtest.h>

#include "report/concise_writer.h"
#include "report/json_lines_writer.h"
#include "report/report_test_util.h"

#include <nlohmann/json.hpp>

namespace gbreak {
namespace {

using ::gbreak::testing::SampleReport;

TEST(GithubWriterTest, OneWorkflowCommandPerFinding) {
  SampleReport sample;
  EXPECT_EQ(WriteGithub(sample.report),
            "::warning title=gbreak (SE001 print-call),file=a.py,line=3,col=9,endLine=3,"
            "endColumn=14::a.py:3:9: SE001 `print(x)` breaks\n"
            "::warning title=gbreak (CV001 tensor-item),file=a.py,line=4,col=13,endLine=4,"
            "endColumn=18::a.py:4:13: CV001 `x.item()` breaks\n"
            "::warning title=gbreak (SE001 print-call),file=b/c.py,line=1,col=1,endLine=1,"
            "endColumn=6::b/c.py:1:1: SE001 `print()` breaks\n");
}

TEST(GithubWriterTest, PathsAreRelativeToTheRepositoryRoot) {
  SampleReport sample;
  sample.report.findings.resize(2);
  sample.report.findings[0].path = "../top.py";
  sample.report.findings[1].path = "/elsewhere/lib.py";
  GithubOptions options;
  options.working_directory = "/nonexistent-repo/sub";
  options.source_root = "/nonexistent-repo";
  std::string out = WriteGithub(sample.report, options);
  EXPECT_NE(out.find(",file=top.py,line=3,"), std::string::npos) << out;
  EXPECT_NE(out.find("::top.py:3:9: SE001"), std::string::npos) << out;
  EXPECT_NE(out.find(",file=/elsewhere/lib.py,"), std::string::npos) << out;
}

TEST(GithubWriterTest, SeverityPicksTheCommand) {
  SampleReport sample;
  sample.print_rule.severity = Severity::kError;
  sample.item_rule.severity = Severity::kInfo;
  std::string out = WriteGithub(sample.report);
  EXPECT_EQ(out.rfind("::error ", 0), 0u);
  EXPECT_NE(out.find("\n::notice "), std::string::npos);
}

TEST(GithubWriterTest, EscapesDataAndProperties) {
  EXPECT_EQ(EscapeGithubData("50% a:b,c\r\nd"), "50%25 a:b,c%0D%0Ad");
  EXPECT_EQ(EscapeGithubProperty("50% a:b,c\r\nd"), "50%25 a%3Ab%2Cc%0D%0Ad");
  SampleReport sample;
  sample.report.findings[0].path = "dir,1/x:y.py";
  sample.report.findings[0].message = "two\nlines";
  std::string out = WriteGithub(sample.report);
  EXPECT_NE(out.find("file=dir%2C1/x%3Ay.py,"), std::string::npos) << out;
  EXPECT_NE(out.find("::dir,1/x:y.py:3:9: SE001 two%0Alines\n"), std::string::npos) << out;
}

TEST(ConciseWriterTest, OneLinePerFindingAndNothingElse) {
  SampleReport sample;
  sample.report.findings[2].message = "multi\nline";
  EXPECT_EQ(WriteConcise(sample.report),
            "a.py:3:9: SE001 `print(x)` breaks\n"
            "a.py:4:13: CV001 `x.item()` breaks\n"
            "b/c.py:1:1: SE001 multi line\n");
  EXPECT_EQ(WriteConcise(LintReport{}), "");
}

TEST(JsonLinesWriterTest, OneCompactObjectPerLine) {
  SampleReport sample;
  std::string out = WriteJsonLines(sample.report);
  size_t lines = 0;
  size_t start = 0;
  while (start < out.size()) {
    size_t end = out.find('\n', start);
    ASSERT_NE(end, std::string::npos);
    nlohmann::json f = nlohmann::json::parse(out.substr(start, end - start));
    EXPECT_TRUE(f.contains("code"));
    EXPECT_TRUE(f.contains("file"));
    start = end + 1;
    ++lines;
  }
  EXPECT_EQ(lines, 3u);
  EXPECT_EQ(WriteJsonLines(LintReport{}), "");
}

}  // namespace
}  // namespace gbreak
