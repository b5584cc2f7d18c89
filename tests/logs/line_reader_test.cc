#include "logs/line_reader.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "test_util.h"

namespace gbreak {
namespace {

std::vector<std::string> ReadAll(const std::string& path, size_t max_line = LineReader::kMaxLine) {
  LineReader reader(max_line);
  EXPECT_TRUE(reader.Open(path).ok());
  std::vector<std::string> lines;
  LogLine line;
  while (reader.Next(line)) lines.emplace_back(line.text);
  return lines;
}

TEST(LineReaderTest, SplitsLinesDropsCarriageReturnsAndKeepsAnUnterminatedLastLine) {
  testing::TempDir dir;
  std::string path = dir.Write("a.log", "one\r\ntwo\n\nthree");
  EXPECT_EQ(ReadAll(path), (std::vector<std::string>{"one", "two", "", "three"}));
}

TEST(LineReaderTest, LinesCrossingBlockBoundariesAreWhole) {
  testing::TempDir dir;
  std::string text;
  std::vector<std::string> expected;
  for (int i = 0; text.size() < 3 * LineReader::kBlockSize; ++i) {
    std::string line(static_cast<size_t>(i % 977), static_cast<char>('a' + i % 26));
    expected.push_back(line);
    text += line + "\n";
  }
  std::string path = dir.Write("big.log", text);
  EXPECT_EQ(ReadAll(path), expected);
}

TEST(LineReaderTest, ClipsOverlongLinesAndCarriesOn) {
  testing::TempDir dir;
  std::string path = dir.Write("long.log", std::string(5000, 'x') + "\nnext\n");
  LineReader reader(1000);
  ASSERT_TRUE(reader.Open(path).ok());
  LogLine line;
  ASSERT_TRUE(reader.Next(line));
  EXPECT_TRUE(line.clipped);
  EXPECT_EQ(line.text.size(), 1000u);
  ASSERT_TRUE(reader.Next(line));
  EXPECT_EQ(line.text, "next");
  EXPECT_EQ(line.number, 2);
  EXPECT_FALSE(reader.Next(line));
}

TEST(LineReaderTest, FlagsLinesWithEscapes) {
  testing::TempDir dir;
  std::string path = dir.Write("ansi.log", "plain\n\x1b[32mgreen\x1b[0m\nplain\n");
  LineReader reader;
  ASSERT_TRUE(reader.Open(path).ok());
  LogLine line;
  std::vector<bool> flags;
  while (reader.Next(line)) flags.push_back(line.has_escape);
  EXPECT_EQ(flags, (std::vector<bool>{false, true, false}));
}

TEST(LineReaderTest, SkipsLinesByTheirFirstByteAcrossBlocksKeepingNumbersAndOffsets) {
  // Indented runs of every length (so newlines fall at every place of the 64-byte windows and
  // across block ends), ESC bytes inside skipped lines, and a skipped line that is too long.
  testing::TempDir dir;
  std::string text;
  struct Kept {
    std::string text;
    int64_t number;
    uint64_t offset;
    bool has_escape;
  };
  std::vector<Kept> expected;
  int64_t number = 0;
  for (int i = 0; text.size() < 2 * LineReader::kBlockSize + 1000; ++i) {
    for (int k = 0; k < i % 7; ++k) {
      ++number;
      text += std::string(static_cast<size_t>(1 + (i * 13 + k) % 90), ' ') +
              (k == 2 ? "\x1b[0m" : "op") + "\n";
    }
    std::string kept = "H" + std::to_string(i) + (i % 5 == 0 ? "\x1b[1m" : "");
    expected.push_back({kept, ++number, text.size(), i % 5 == 0});
    text += kept + "\n";
  }
  text += std::string(3000, ' ') + "\nend\n";
  expected.push_back({std::string(1000, ' '), ++number, text.size() - 3005, false});
  expected.push_back({"end", ++number, text.size() - 4, false});

  LineReader reader(1000);
  ASSERT_TRUE(reader.Open(dir.Write("indented.log", text)).ok());
  LogLine line;
  for (const Kept& want : expected) {
    reader.SkipLinesStartingWith(' ');
    ASSERT_TRUE(reader.Next(line));
    ASSERT_EQ(line.text, want.text);
    EXPECT_EQ(line.number, want.number) << want.text;
    EXPECT_EQ(line.offset, want.offset) << want.text;
    EXPECT_EQ(line.has_escape, want.has_escape) << want.text;
  }
  reader.SkipLinesStartingWith(' ');
  EXPECT_FALSE(reader.Next(line));
  EXPECT_EQ(reader.lines_read(), number);
}

TEST(LineReaderTest, MissingFileIsAnError) {
  LineReader reader;
  EXPECT_FALSE(reader.Open("/nonexistent/x.log").ok());
}

}  // namespace
}  // namespace gbreak
