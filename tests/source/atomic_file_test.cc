// Writing a file so that readers never see a part of it.

#include "source/atomic_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "source/file_reader.h"
#include "test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::TempDir;

std::vector<std::string> Names(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST(WriteFileReplacingTest, CreatesThenReplacesLeavingNoTemporaryFile) {
  TempDir dir;
  std::string path = dir.path() + "/entry";
  ASSERT_TRUE(WriteFileReplacing(path, "first").ok());
  EXPECT_EQ(*ReadFileBytes(path, 100), "first");
  ASSERT_TRUE(WriteFileReplacing(path, "second, longer").ok());
  EXPECT_EQ(*ReadFileBytes(path, 100), "second, longer");
  EXPECT_EQ(Names(dir.path()), std::vector<std::string>{"entry"});
  struct stat info;
  ASSERT_EQ(stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0644u);
}

TEST(WriteFileReplacingTest, AMissingDirectoryIsAnErrorAndNothingIsLeft) {
  TempDir dir;
  absl::Status status = WriteFileReplacing(dir.path() + "/no/such/entry", "x");
  EXPECT_FALSE(status.ok());
  EXPECT_TRUE(Names(dir.path()).empty());
}

}  // namespace
}  // namespace gbreak
