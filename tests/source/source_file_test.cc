#include "source/source_file.h"

#include <gtest/gtest.h>

namespace gbreak {
namespace {

TEST(SourceFileTest, LocatesLinesAndColumnsOneBased) {
  SourceFile file("a.py", "ab\ncd\n");
  EXPECT_EQ(file.Locate(0).line, 1);
  EXPECT_EQ(file.Locate(0).column, 1);
  EXPECT_EQ(file.Locate(4).line, 2);
  EXPECT_EQ(file.Locate(4).column, 2);
  EXPECT_EQ(file.line_count(), 3);
}

TEST(SourceFileTest, ColumnsCountCharactersNotBytes) {
  // "é" is two bytes; the call starts at character 9 but byte 10.
  SourceFile file("a.py", "s = 'é'; print(s)\n");
  uint32_t offset = static_cast<uint32_t>(std::string_view(file.text()).find("print"));
  EXPECT_EQ(offset, 10u);
  EXPECT_EQ(file.Locate(offset).column, 10);
}

TEST(SourceFileTest, SingleByteEncodingCountsBytes) {
  SourceFile file("a.py", "s = '\xe9\xe9'; x\n");
  file.set_single_byte_encoding(true);
  EXPECT_EQ(file.Locate(10).column, 11);
}

TEST(SourceFileTest, ByteOrderMarkIsNotContent) {
  SourceFile file("a.py", "\xEF\xBB\xBFx = 1\n");
  EXPECT_EQ(file.content_offset(), 3u);
  EXPECT_EQ(file.text(), "x = 1\n");
  EXPECT_EQ(file.Locate(0).column, 1);
}

TEST(SourceFileTest, CrlfLinesDropTheCarriageReturn) {
  SourceFile file("a.py", "a = 1\r\nb = 2\r\n");
  EXPECT_EQ(file.Line(1), "a = 1");
  EXPECT_EQ(file.Line(2), "b = 2");
  EXPECT_EQ(file.Locate(7).line, 2);
  EXPECT_EQ(file.Locate(7).column, 1);
}

TEST(SourceFileTest, EmptyFileHasOneEmptyLine) {
  SourceFile file("a.py", "");
  EXPECT_EQ(file.line_count(), 1);
  EXPECT_EQ(file.Line(1), "");
  EXPECT_EQ(file.Locate(0).line, 1);
}

TEST(SourceFileTest, OffsetsPastTheEndClampToTheEnd) {
  SourceFile file("a.py", "ab");
  EXPECT_EQ(file.Locate(100).column, 3);
}

TEST(SourceFileTest, LongLineColumnIsExact) {
  std::string line(1 << 20, 'a');
  SourceFile file("a.py", line + "\nb\n");
  EXPECT_EQ(file.Locate(1 << 20).column, (1 << 20) + 1);
  EXPECT_EQ(file.Locate((1 << 20) + 1).line, 2);
}

}  // namespace
}  // namespace gbreak
