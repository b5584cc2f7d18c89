// Line N of a file for the writers that quote source after the analysis: numbered as Python
// numbers lines, each file read once.

#include "source/line_reader.h"

#include <gtest/gtest.h>

namespace gbreak {
namespace {

TEST(LineReaderTest, NumbersLinesAsPythonDoes) {
  LineReader reader([](const std::string& path) -> std::optional<std::string> {
    if (path == "mac.py") return std::string("a = 1\rb = 2\r\nc = 3\nd = 4");
    if (path == "bom.py") return std::string("\xEF\xBB\xBFx = 1\ny = 2\n");
    return std::nullopt;
  });
  EXPECT_EQ(reader.Line("mac.py", 1), "a = 1");  // a lone \r ends a line
  EXPECT_EQ(reader.Line("mac.py", 2), "b = 2");
  EXPECT_EQ(reader.Line("mac.py", 3), "c = 3");
  EXPECT_EQ(reader.Line("mac.py", 4), "d = 4");
  EXPECT_EQ(reader.Line("mac.py", 5), "");
  EXPECT_EQ(reader.Line("mac.py", 0), "");
  EXPECT_EQ(reader.Line("bom.py", 1), "x = 1");  // the byte-order mark is not text
  EXPECT_EQ(reader.Line("missing.py", 1), std::nullopt);
  EXPECT_EQ(reader.File("missing.py"), nullptr);
}

TEST(LineReaderTest, ReadsEachFileOnce) {
  int reads = 0;
  LineReader reader([&](const std::string&) -> std::optional<std::string> {
    ++reads;
    return std::string("one\ntwo\n");
  });
  EXPECT_EQ(reader.Line("m.py", 2), "two");
  EXPECT_EQ(reader.Line("m.py", 1), "one");
  ASSERT_NE(reader.File("m.py"), nullptr);
  EXPECT_EQ(reader.File("m.py")->bytes(), "one\ntwo\n");
  EXPECT_EQ(reads, 1);
  EXPECT_EQ(reader.Line("n.py", 1), "one");
  EXPECT_EQ(reads, 2);
}

}  // namespace
}  // namespace gbreak
