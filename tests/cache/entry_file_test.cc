// The result cache's stored files: parts read one at a time, each checked.

#include "cache/entry_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::TempDir;

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(EntryFileTest, PartsComeBackOneAtATime) {
  TempDir dir;
  std::string big(100'000, 'x');  // beyond what is read with the header
  std::string path = dir.Write("entry", FrameEntry("k1", {"found", big, ""}));
  absl::StatusOr<EntryFile> entry = EntryFile::Open(path, "k1", 3);
  ASSERT_TRUE(entry.ok()) << entry.status();
  EXPECT_EQ(*entry->ReadPart(0), "found");
  EXPECT_EQ(*entry->ReadPart(1), big);
  EXPECT_EQ(*entry->ReadPart(2), "");
}

TEST(EntryFileTest, AMissingFileIsNotFound) {
  TempDir dir;
  absl::StatusOr<EntryFile> entry = EntryFile::Open(dir.path() + "/none", "k", 1);
  EXPECT_TRUE(absl::IsNotFound(entry.status())) << entry.status();
}

TEST(EntryFileTest, AnotherKeyOrPartCountIsRefused) {
  TempDir dir;
  std::string path = dir.Write("entry", FrameEntry("k1", {"a", "b"}));
  EXPECT_TRUE(absl::IsDataLoss(EntryFile::Open(path, "k2", 2).status()));
  EXPECT_TRUE(absl::IsDataLoss(EntryFile::Open(path, "k1", 1).status()));
  EXPECT_TRUE(absl::IsDataLoss(EntryFile::Open(dir.Write("other", "hello\n"), "k1", 2).status()));
}

TEST(EntryFileTest, ATruncatedOrLengthenedFileIsRefused) {
  TempDir dir;
  std::string whole = FrameEntry("k", {"first", "second part"});
  std::string shorter = dir.Write("short", whole.substr(0, whole.size() - 3));
  std::string longer = dir.Write("long", whole + "extra");
  EXPECT_TRUE(absl::IsDataLoss(EntryFile::Open(shorter, "k", 2).status()));
  EXPECT_TRUE(absl::IsDataLoss(EntryFile::Open(longer, "k", 2).status()));
}

TEST(EntryFileTest, AChangedByteFailsThatPartOnly) {
  TempDir dir;
  std::string whole = FrameEntry("k", {"first", "second part"});
  whole[whole.size() - 2] ^= 0x20;
  std::string path = dir.Write("flipped", whole);
  absl::StatusOr<EntryFile> entry = EntryFile::Open(path, "k", 2);
  ASSERT_TRUE(entry.ok()) << entry.status();
  EXPECT_EQ(*entry->ReadPart(0), "first");
  absl::StatusOr<std::string> second = entry->ReadPart(1);
  EXPECT_TRUE(absl::IsDataLoss(second.status())) << second.status();
  EXPECT_NE(ReadAll(path), "");
}

}  // namespace
}  // namespace gbreak
