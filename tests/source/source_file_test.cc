#include "source/source_file.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

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

// Every offset of lines mixing one- to four-byte characters (and a BOM), against counting the
// characters that start between the line's start and the offset.
TEST(SourceFileTest, ColumnsOfEveryOffsetAreCharactersFromTheLineStart) {
  std::string line = "x = '\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80' + f(\xCE\xB1, \xCE\xB2)";
  SourceFile file("a.py", "\xEF\xBB\xBF" + line + "\nab\n" + line + line + "\n");
  std::string_view text = file.text();
  int line_number = 1;
  uint32_t line_start = 0;
  for (uint32_t offset = 0; offset <= text.size(); ++offset) {
    if (offset > 0 && text[offset - 1] == '\n') {
      ++line_number;
      line_start = offset;
    }
    int column = 1;
    for (uint32_t i = line_start; i < offset; ++i) {
      column += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    }
    EXPECT_EQ(file.Locate(offset).line, line_number) << offset;
    EXPECT_EQ(file.Locate(offset).column, column) << offset;
  }
  EXPECT_EQ(file.Locate(static_cast<uint32_t>(line.find("f("))).column, 13);
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

// Python reads a lone `\r` as a line end. text() reads it as `\n`, byte for byte, so lines,
// columns and offsets are those of the file on disk.
TEST(SourceFileTest, LoneCarriageReturnEndsALineAtTheSameOffset) {
  SourceFile file("a.py", "ab\rcd\r\nef\rg");
  EXPECT_EQ(file.text(), "ab\ncd\r\nef\ng");
  EXPECT_EQ(file.line_count(), 4);
  EXPECT_EQ(file.Line(2), "cd");
  EXPECT_EQ(file.Locate(3).line, 2);
  EXPECT_EQ(file.Locate(4).column, 2);
  EXPECT_EQ(file.Locate(10).line, 4);
  EXPECT_EQ(file.LineStart(3), 7u);
}

TEST(SourceFileTest, ToFileLineEndsWritesTheFilesOwnLineEnd) {
  SourceFile cr("a.py", "\xEF\xBB\xBF" "a\rb\r");
  EXPECT_TRUE(cr.lone_cr_line_ends());
  EXPECT_EQ(cr.text(), "a\nb\n");
  EXPECT_EQ(cr.ToFileLineEnds("if x:\n    f()\r\n"), "if x:\r    f()\r\n");
  SourceFile lf("a.py", "a\nb\r\nc\n");
  EXPECT_FALSE(lf.lone_cr_line_ends());
  EXPECT_EQ(lf.ToFileLineEnds("x\ny\n"), "x\ny\n");
}

TEST(SourceFileTest, NormalizesLoneCarriageReturnsOnly) {
  EXPECT_TRUE(HasLoneCarriageReturn("a\rb"));
  EXPECT_TRUE(HasLoneCarriageReturn("a\r\nb\r"));
  EXPECT_FALSE(HasLoneCarriageReturn("a\r\nb\r\n"));
  EXPECT_EQ(NormalizeLoneCarriageReturns("\ra\r\n\r\r"), "\na\r\n\n\n");
}

}  // namespace
}  // namespace gbreak
