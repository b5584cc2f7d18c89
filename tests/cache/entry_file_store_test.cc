// The result cache as an entry run's store of file checks (rules/entry_file_store.h): a run
// over unchanged files takes every check from it, an edited script has only what its edit
// changed checked again, and every run finds what a run without the cache finds.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "cache/result_cache.h"
#include "rules/entry_scope.h"
#include "rules/rule_test_util.h"
#include "test_util.h"

namespace gbreak {
namespace {

constexpr char kHelpers[] =
    "def act(x, verbose=None):\n"
    "    if verbose is not None:\n"
    "        print(x)\n"
    "    return x\n";

constexpr char kScript[] =
    "import torch\n"
    "from pkg import helpers\n"
    "def step(x):\n"
    "    return helpers.act(x)\n"
    "compiled = torch.compile(step)\n";

class EntryFileStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_ = testing::EmbeddedEngine();
    ASSERT_NE(engine_, nullptr);
    dir_.Write("project/pkg/__init__.py", "");
    dir_.Write("project/pkg/helpers.py", kHelpers);
    dir_.Write("project/train.py", kScript);
  }

  struct Run {
    std::vector<std::string> findings;  // "path:line CODE message"
    int hits = 0, misses = 0;
  };

  // An entry run on train.py, with a fresh ResultCache over the same directory (as a new
  // process has) when `cached`.
  Run EntryRun(bool cached) {
    EntryScopeOptions options;
    options.entries = {dir_.Join("project/train.py")};
    options.threads = 2;
    std::unique_ptr<ResultCache> cache;
    if (cached) {
      absl::StatusOr<std::unique_ptr<ResultCache>> opened = ResultCache::Open(
          dir_.Join("cache"), ResultCache::RunFingerprint(*engine_, {}), *engine_, 10 << 20);
      EXPECT_TRUE(opened.ok()) << opened.status();
      if (opened.ok()) cache = *std::move(opened);
      options.store = cache.get();
    }
    EntryScopeResult result = CheckFromEntries(options, *engine_, FileCheckOptions{});
    Run run;
    for (const FileCheckResult& file : result.results) {
      for (const Finding& f : file.findings) {
        run.findings.push_back(f.path.substr(dir_.path().size()) + ":" +
                               std::to_string(f.start.line) + " " + f.rule->code + " " +
                               f.message);
      }
    }
    if (cache != nullptr) {
      EXPECT_THAT(cache->Finish(), ::testing::IsEmpty());
      run.hits = cache->hits();
      run.misses = cache->misses();
    }
    return run;
  }

  std::unique_ptr<RuleEngine> engine_;
  testing::TempDir dir_;
};

TEST_F(EntryFileStoreTest, TakesFromTheStoreOnlyWhatTheEditLeftAsItWas) {
  Run cold = EntryRun(true);
  EXPECT_EQ(cold.findings, EntryRun(false).findings);
  EXPECT_THAT(cold.findings, ::testing::IsEmpty()) << "`verbose` holds its default None";
  EXPECT_EQ(std::make_pair(cold.hits, cold.misses), std::make_pair(0, 2));

  Run warm = EntryRun(true);
  EXPECT_EQ(warm.findings, cold.findings);
  EXPECT_EQ(std::make_pair(warm.hits, warm.misses), std::make_pair(2, 0));

  // An edit that hands the helpers the same: only the script is checked again.
  dir_.Write("project/train.py", std::string(kScript) + "print('ready')\n");
  Run edited = EntryRun(true);
  EXPECT_EQ(edited.findings, EntryRun(false).findings);
  EXPECT_EQ(std::make_pair(edited.hits, edited.misses), std::make_pair(1, 1));

  // The call now passes `verbose`: the helpers' print runs. Their summary is found in the store,
  // their findings are not (they are handed another set of defaulted parameters): they are
  // parsed again, and the print is found.
  std::string passing = kScript;
  passing.replace(passing.find("act(x)"), 6, "act(x, verbose=True)");
  dir_.Write("project/train.py", passing);
  Run now = EntryRun(true);
  EXPECT_EQ(now.findings, EntryRun(false).findings);
  EXPECT_THAT(now.findings, ::testing::Contains(::testing::HasSubstr("helpers.py:3 ")));
  EXPECT_EQ(std::make_pair(now.hits, now.misses), std::make_pair(0, 2));
}

}  // namespace
}  // namespace gbreak
