#include "crosscheck/path_match.h"

#include "gtest/gtest.h"

namespace gbreak {
namespace {

TEST(PathMatchTest, AbsolutePathFromAnotherMachineMatchesTheRepoFile) {
  PathMatcher m({"src/model.py", "tests/test_model.py"});
  EXPECT_EQ(m.Match("/home/ci/checkout/src/model.py"), "src/model.py");
  EXPECT_EQ(m.Match("/home/ci/checkout/lib/model.py"), "");  // one component is not enough
}

TEST(PathMatchTest, SitePackagesPathsMatchByTheirPackageRelativePart) {
  PathMatcher m({".venv/lib/python3.11/site-packages/transformers/models/x/modeling_x.py",
                 "vendored/y/modeling_x.py"});
  EXPECT_EQ(m.Match("/srv/env/lib/python3.12/site-packages/transformers/models/x/modeling_x.py"),
            ".venv/lib/python3.11/site-packages/transformers/models/x/modeling_x.py");
  EXPECT_EQ(m.Match("/srv/env/lib/python3.12/site-packages/other/x/modeling_x.py"), "");
}

TEST(PathMatchTest, ABareFileMatchesItsBasenameAndTiesMatchNothing) {
  PathMatcher single({"model.py"});
  EXPECT_EQ(single.Match("/anywhere/model.py"), "model.py");
  EXPECT_EQ(single.Match("model.py"), "model.py");
  PathMatcher tie({"a/pkg/model.py", "b/pkg/model.py"});
  EXPECT_EQ(tie.Match("/x/pkg/model.py"), "");
  EXPECT_EQ(tie.Match("/x/a/pkg/model.py"), "a/pkg/model.py");
}

TEST(PathMatchTest, PackageRelative) {
  EXPECT_EQ(PathMatcher::PackageRelative("/v/lib/site-packages/torch/nn/x.py"), "torch/nn/x.py");
  EXPECT_EQ(PathMatcher::PackageRelative("/u/dist-packages/a.py"), "a.py");
  EXPECT_EQ(PathMatcher::PackageRelative("/home/a.py"), "/home/a.py");
}

}  // namespace
}  // namespace gbreak
