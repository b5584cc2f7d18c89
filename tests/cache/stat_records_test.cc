// The result cache's records of what it saw: each comes back as written, and bytes that are not
// one are refused (the cache then ignores them with a warning).

#include "cache/stat_records.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::TempDir;

StatRow Row(int i) {
  return StatRow{FileStat{100u + i, -5 + i, 1'700'000'000'123'456'789 + i, 42u + i},
                 i == 1 ? "" : "pkg.mod" + std::to_string(i), std::string(64, 'a' + i),
                 1'700'000'001'000'000'000 + i};
}

TEST(StatRecordsTest, RowsComeBack) {
  for (size_t count : {0, 1, 2, 5}) {
    std::vector<StatRow> rows;
    for (size_t i = 0; i < count; ++i) rows.push_back(Row(static_cast<int>(i)));
    absl::StatusOr<std::vector<StatRow>> decoded = DecodeStatRows(EncodeStatRows(rows));
    ASSERT_TRUE(decoded.ok()) << decoded.status();
    EXPECT_EQ(*decoded, rows);
  }
}

TEST(StatRecordsTest, AnIndexComesBack) {
  std::map<std::string, StatRow> index = {{"a.py", Row(0)}, {"pkg/b.py", Row(1)}};
  absl::StatusOr<std::map<std::string, StatRow>> decoded =
      DecodeStatIndex(EncodeStatIndex(index));
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_EQ(*decoded, index);
}

TEST(StatRecordsTest, DependenciesComeBackAsTheFileSystemSaysThem) {
  TempDir dir;
  std::string here = dir.Write("here.py", "x = 1\n");
  std::vector<Dependency> dependencies = StatDependencies({here, dir.Join("gone.py")});
  ASSERT_EQ(dependencies.size(), 2u);
  ASSERT_TRUE(dependencies[0].stat.has_value());
  EXPECT_EQ(dependencies[0].stat->size, 6u);
  EXPECT_FALSE(dependencies[1].stat.has_value());
  absl::StatusOr<std::vector<Dependency>> decoded =
      DecodeDependencies(EncodeDependencies(dependencies));
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_EQ(*decoded, dependencies);
}

TEST(StatRecordsTest, BytesThatAreNoRecordAreRefused) {
  std::string rows = EncodeStatRows({Row(0), Row(2)});
  EXPECT_FALSE(DecodeStatRows("").ok());
  EXPECT_FALSE(DecodeStatRows("garbage").ok());
  EXPECT_FALSE(DecodeStatRows(std::string_view(rows).substr(0, rows.size() - 1)).ok());
  EXPECT_FALSE(DecodeStatRows(rows + "x").ok());
  // A key of the wrong length makes the keys not add up.
  StatRow short_key = Row(0);
  short_key.key = "abc";
  EXPECT_FALSE(DecodeStatRows(EncodeStatRows({short_key})).ok());
  // A module name with a newline makes one row two.
  StatRow two_lines = Row(0);
  two_lines.module = "a\nb";
  EXPECT_FALSE(DecodeStatRows(EncodeStatRows({two_lines})).ok());
  EXPECT_FALSE(DecodeStatIndex(rows).ok());
  EXPECT_FALSE(DecodeDependencies(rows).ok());
}

}  // namespace
}  // namespace gbreak
