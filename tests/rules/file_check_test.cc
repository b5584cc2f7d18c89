// One file end to end: read, encoding checks, parse, syntax errors, rules.

#include "rules/file_check.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/rule_test_util.h"
#include "test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::TempDir;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

class FileCheckTest : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_ = testing::EmbeddedEngine();
    ASSERT_NE(engine_, nullptr);
  }

  // "line:column CODE" for each finding in a file with these bytes.
  std::vector<std::string> Check(const std::string& bytes, FileCheckOptions options = {}) {
    std::string path = dir_.Write("case.py", bytes);
    FileChecker checker(*engine_, options);
    last_ = checker.Check(path);
    std::vector<std::string> out;
    for (const Finding& f : last_.findings) {
      out.push_back(std::to_string(f.start.line) + ":" + std::to_string(f.start.column) + " " +
                    f.rule->code);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  TempDir dir_;
  std::unique_ptr<RuleEngine> engine_;
  FileCheckResult last_;
};

constexpr char kForward[] = "class M:\n    def forward(self, x):\n        print(x)\n";

TEST_F(FileCheckTest, FindsRuleMatches) {
  EXPECT_THAT(Check(kForward), ElementsAre("3:9 SE001"));
  EXPECT_TRUE(last_.analyzed);
  EXPECT_EQ(last_.bytes, std::string(kForward).size());
}

TEST_F(FileCheckTest, SyntaxErrorIsReportedAndTheRestIsStillAnalyzed) {
  EXPECT_THAT(Check(std::string("def f(:\n    pass\n") + kForward),
              ElementsAre("1:7 GX001", "5:9 SE001"));
}

TEST_F(FileCheckTest, ByteOrderMarkAndCrlf) {
  std::string crlf = "\xEF\xBB\xBF" "class M:\r\n    def forward(self, x):\r\n        print(x)\r\n";
  EXPECT_THAT(Check(crlf), ElementsAre("3:9 SE001"));
  EXPECT_EQ(last_.findings[0].start.offset, crlf.find("print"));  // offsets count the BOM
}

TEST_F(FileCheckTest, InvalidUtf8IsReportedUnlessDeclared) {
  EXPECT_THAT(Check(std::string("x = 'caf\xe9'\n") + kForward), ElementsAre("1:9 GX002", "4:9 SE001"));
  EXPECT_THAT(Check(std::string("# -*- coding: latin-1 -*-\nx = 'caf\xe9'\n") + kForward),
              ElementsAre("5:9 SE001"));
}

TEST_F(FileCheckTest, NulByteIsReported) {
  std::vector<std::string> found = Check(std::string("x = 1\0\n", 7) + kForward);
  EXPECT_THAT(found, ::testing::Contains("1:6 GX003"));
}

TEST_F(FileCheckTest, EmptyFileIsClean) {
  EXPECT_THAT(Check(""), IsEmpty());
  EXPECT_TRUE(last_.analyzed);
}

TEST_F(FileCheckTest, OversizedFileIsSkippedWithAWarning) {
  FileCheckOptions options;
  options.max_file_bytes = 10;
  EXPECT_THAT(Check(kForward, options), IsEmpty());
  EXPECT_FALSE(last_.analyzed);
  ASSERT_EQ(last_.diagnostics.size(), 1u);
  EXPECT_EQ(last_.diagnostics[0].level, Diagnostic::Level::kWarning);
  EXPECT_THAT(last_.diagnostics[0].message, HasSubstr("--max-file-size"));
}

TEST_F(FileCheckTest, OneMegabyteLineAfterTheFinding) {
  std::string code = std::string("s = '") + std::string(1 << 20, 'a') + "'; " + kForward;
  std::vector<std::string> found = Check("x = '" + std::string(1 << 20, 'y') + "'\n" + kForward);
  EXPECT_THAT(found, ElementsAre("4:9 SE001"));
}

TEST_F(FileCheckTest, UnreadablePathIsAnErrorDiagnostic) {
  FileChecker checker(*engine_, {});
  FileCheckResult result = checker.Check(dir_.Join("missing.py"));
  EXPECT_FALSE(result.analyzed);
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].level, Diagnostic::Level::kError);
}

}  // namespace
}  // namespace gbreak
