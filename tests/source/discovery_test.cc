#include "source/discovery.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::TempDir;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

std::vector<std::string> Relative(const TempDir& dir, const std::vector<std::string>& files) {
  std::vector<std::string> out;
  for (const std::string& f : files) out.push_back(f.substr(dir.path().size() + 1));
  return out;
}

TEST(DiscoveryTest, FindsPythonFilesSortedAndSkipsTheUsualDirectories) {
  TempDir dir;
  dir.Write("pkg/b.py", "");
  dir.Write("pkg/a.pyi", "");
  dir.Write("pkg/notes.txt", "");
  dir.Write("z.py", "");
  for (const char* skipped : {".git/x.py", ".venv/x.py", "venv/x.py", "__pycache__/x.py",
                              "build/x.py", "dist/x.py", "node_modules/x.py",
                              "lib/site-packages/x.py", ".hidden/x.py"}) {
    dir.Write(skipped, "");
  }
  DiscoveryResult result = DiscoverFiles({dir.path()}, {});
  EXPECT_THAT(Relative(dir, result.files), ElementsAre("pkg/a.pyi", "pkg/b.py", "z.py"));
  EXPECT_THAT(result.diagnostics, IsEmpty());
}

TEST(DiscoveryTest, SitePackagesOnRequest) {
  TempDir dir;
  dir.Write("lib/site-packages/x.py", "");
  DiscoveryOptions options;
  options.include_site_packages = true;
  EXPECT_THAT(Relative(dir, DiscoverFiles({dir.path()}, options).files),
              ElementsAre("lib/site-packages/x.py"));
}

TEST(DiscoveryTest, ExcludeGlobsMatchNamesAndPaths) {
  TempDir dir;
  dir.Write("src/model.py", "");
  dir.Write("src/model_test.py", "");
  dir.Write("tests/t.py", "");
  DiscoveryOptions options;
  options.excludes = {"*_test.py", "tests"};
  EXPECT_THAT(Relative(dir, DiscoverFiles({dir.path()}, options).files),
              ElementsAre("src/model.py"));
}

TEST(DiscoveryTest, NamedFilesAreAlwaysCheckedUnlessForceExclude) {
  TempDir dir;
  std::string file = dir.Write("gen/out.txt", "");
  DiscoveryOptions options;
  options.excludes = {"gen"};
  EXPECT_THAT(DiscoverFiles({file}, options).files, ElementsAre(file));
  options.force_exclude = true;
  EXPECT_THAT(DiscoverFiles({file}, options).files, IsEmpty());
}

TEST(DiscoveryTest, SymlinkLoopGetsOneWarningAndTheWalkGoesOn) {
  TempDir dir;
  dir.Write("a/x.py", "");
  std::filesystem::create_directory_symlink(dir.Join("a"), dir.Join("a/loop"));
  DiscoveryResult result = DiscoverFiles({dir.path()}, {});
  EXPECT_THAT(Relative(dir, result.files), ElementsAre("a/x.py"));
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].level, Diagnostic::Level::kWarning);
  EXPECT_THAT(result.diagnostics[0].message, HasSubstr("symbolic link loop"));
}

TEST(DiscoveryTest, ALinkToItselfGetsOneWarning) {
  TempDir dir;
  dir.Write("x.py", "");
  std::filesystem::create_symlink("self", dir.Join("self"));
  DiscoveryResult result = DiscoverFiles({dir.path()}, {});
  EXPECT_THAT(Relative(dir, result.files), ElementsAre("x.py"));
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_THAT(result.diagnostics[0].message, HasSubstr("symbolic link loop"));
}

TEST(DiscoveryTest, TheSameFileThroughTwoPathsIsCheckedOnce) {
  TempDir dir;
  dir.Write("real/x.py", "");
  std::filesystem::create_directory_symlink(dir.Join("real"), dir.Join("alias"));
  EXPECT_THAT(Relative(dir, DiscoverFiles({dir.path()}, {}).files), ElementsAre("alias/x.py"));
}

TEST(DiscoveryTest, MissingPathIsAnErrorAndOthersStillCount) {
  TempDir dir;
  std::string file = dir.Write("ok.py", "");
  DiscoveryResult result = DiscoverFiles({dir.Join("missing"), file}, {});
  EXPECT_THAT(result.files, ElementsAre(file));
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].level, Diagnostic::Level::kError);
  EXPECT_THAT(result.diagnostics[0].path, HasSubstr("missing"));
}

TEST(DiscoveryTest, UnreadableDirectoryIsReported) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads directories whatever their permissions";
  TempDir dir;
  dir.Write("locked/x.py", "");
  chmod(dir.Join("locked").c_str(), 0);
  DiscoveryResult result = DiscoverFiles({dir.path()}, {});
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_THAT(result.diagnostics[0].message, HasSubstr("cannot read directory"));
}

TEST(DiscoveryTest, IsExcludedIgnoresLeadingDotSlash) {
  EXPECT_TRUE(IsExcluded("./gen/a.py", {"gen/*"}));
  EXPECT_TRUE(IsExcluded("src/gen/a.py", {"gen/*"}));
  EXPECT_FALSE(IsExcluded("src/a.py", {"gen/*"}));
}

TEST(DiscoveryTest, EachFileComesWithItsStatAsFound) {
  TempDir dir;
  dir.Write("pkg/a.py", "x = 1\n");
  dir.Write("pkg/b.py", "longer = 'contents'\n");
  dir.Write("pkg/notes.txt", "");
  DiscoveryResult result = DiscoverFiles({dir.path(), dir.Join("pkg/a.py")}, {});
  ASSERT_EQ(result.stats.size(), result.files.size());
  ASSERT_EQ(result.files.size(), 2u);
  for (size_t i = 0; i < result.files.size(); ++i) {
    absl::StatusOr<FileStat> now = StatFile(result.files[i]);
    ASSERT_TRUE(now.ok());
    EXPECT_EQ(result.stats[i], *now) << result.files[i];
  }
}

TEST(DiscoveryTest, KeepOnlyKeepsTheStatsOfTheKeptFiles) {
  TempDir dir;
  dir.Write("a.py", "1");
  dir.Write("b.py", "22");
  dir.Write("c.py", "333");
  DiscoveryResult result = DiscoverFiles({dir.path()}, {});
  result.KeepOnly({dir.Join("a.py"), dir.Join("c.py")});
  EXPECT_THAT(Relative(dir, result.files), ElementsAre("a.py", "c.py"));
  ASSERT_EQ(result.stats.size(), 2u);
  EXPECT_EQ(result.stats[0].size, 1u);
  EXPECT_EQ(result.stats[1].size, 3u);
  // Not an ordered subset: the stats are not known.
  result.KeepOnly({dir.Join("c.py"), dir.Join("a.py")});
  EXPECT_EQ(result.files.size(), 2u);
  EXPECT_THAT(result.stats, IsEmpty());
}

TEST(DiscoveryTest, TheSameResultWhateverTheThreadCount) {
  TempDir dir;
  // Diagnostics spread over a tree whose names sort differently by path and by component
  // ("a-b" < "a/..." as strings; a serial walk gives "a/..." first).
  for (const char* file : {"a/x.py", "a/b/y.py", "a-b/z.py", "a.py", "c/d/e/f.py", "c/g.py"}) {
    dir.Write(file, "");
  }
  for (const char* broken : {"a/broken.py", "a-b/broken.py", "c/d/broken.py", "broken.py"}) {
    std::filesystem::create_symlink("missing", dir.Join(broken));
  }
  std::filesystem::create_directory_symlink(dir.Join("c"), dir.Join("c/d/e/loop"));
  std::filesystem::create_directory_symlink(dir.Join("a"), dir.Join("c/alias"));
  DiscoveryResult serial = DiscoverFiles({dir.path()}, {});
  EXPECT_THAT(Relative(dir, serial.files),
              ElementsAre("a-b/z.py", "a.py", "a/b/y.py", "a/x.py", "c/d/e/f.py", "c/g.py"));
  std::vector<std::string> serial_paths;
  for (const Diagnostic& d : serial.diagnostics) serial_paths.push_back(d.path);
  EXPECT_THAT(Relative(dir, serial_paths),
              ElementsAre("a/broken.py", "a-b/broken.py", "broken.py", "c/alias/broken.py",
                          "c/d/broken.py", "c/d/e/loop"));
  for (int threads : {2, 3, 8}) {
    DiscoveryOptions options;
    options.threads = threads;
    for (int attempt = 0; attempt < 20; ++attempt) {
      DiscoveryResult parallel = DiscoverFiles({dir.path()}, options);
      EXPECT_EQ(parallel.files, serial.files);
      EXPECT_EQ(parallel.stats, serial.stats);
      ASSERT_EQ(parallel.diagnostics.size(), serial.diagnostics.size());
      for (size_t i = 0; i < serial.diagnostics.size(); ++i) {
        EXPECT_EQ(parallel.diagnostics[i].path, serial.diagnostics[i].path);
        EXPECT_EQ(parallel.diagnostics[i].message, serial.diagnostics[i].message);
      }
    }
  }
}

}  // namespace
}  // namespace gbreak
