#include "source/file_reader.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::TempDir;

TEST(FileReaderTest, ReadsWholeFile) {
  TempDir dir;
  std::string path = dir.Write("a.py", std::string("x\0y", 3));
  absl::StatusOr<std::string> bytes = ReadFileBytes(path, 100);
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  EXPECT_EQ(*bytes, std::string("x\0y", 3));
}

TEST(FileReaderTest, RefusesFilesOverTheLimit) {
  TempDir dir;
  std::string path = dir.Write("big.py", std::string(2048, 'x'));
  absl::StatusOr<std::string> bytes = ReadFileBytes(path, 1024);
  ASSERT_FALSE(bytes.ok());
  EXPECT_TRUE(absl::IsResourceExhausted(bytes.status()));
  EXPECT_NE(bytes.status().message().find("--max-file-size"), absl::string_view::npos);
}

TEST(FileReaderTest, ExplainsMissingAndUnreadableFiles) {
  TempDir dir;
  EXPECT_NE(ReadFileBytes(dir.Join("nope.py"), 100).status().message().find("No such file"),
            absl::string_view::npos);
  if (geteuid() == 0) GTEST_SKIP() << "root reads files whatever their permissions";
  std::string path = dir.Write("locked.py", "x");
  chmod(path.c_str(), 0);
  EXPECT_NE(ReadFileBytes(path, 100).status().message().find("Permission denied"),
            absl::string_view::npos);
}

TEST(FileReaderTest, RefusesPipesWithoutWaitingForAWriter) {
  TempDir dir;
  std::string path = dir.Join("fifo.py");
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  absl::StatusOr<std::string> bytes = ReadFileBytes(path, 100);  // must return, not block
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.status().message().find("not a regular file"), absl::string_view::npos);
}

TEST(FileReaderTest, ReadsEmptyFiles) {
  TempDir dir;
  absl::StatusOr<std::string> bytes = ReadFileBytes(dir.Write("e.py", ""), 100);
  ASSERT_TRUE(bytes.ok());
  EXPECT_TRUE(bytes->empty());
}

}  // namespace
}  // namespace gbreak
