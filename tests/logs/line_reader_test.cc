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

TEST(LineReaderTest, MissingFileIsAnError) {
  LineReader reader;
  EXPECT_FALSE(reader.Open("/nonexistent/x.log").ok());
}

}  // namespace
}  // namespace gbreak
