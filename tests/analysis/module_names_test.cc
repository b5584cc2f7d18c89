// ModuleNames asks the file system once per directory and must name every file as ModuleNameOf,
// which walks up from each file, does.

#include "program/module_names.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <filesystem>
#include <string>
#include <vector>

#include "program/program_graph.h"
#include "test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::TempDir;

TEST(ModuleNamesTest, NamesEveryFileAsModuleNameOf) {
  TempDir dir;
  for (const char* file :
       {"top.py", "pkg/__init__.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/b.py",
        "pkg/sub/deeper/__init__.py", "pkg/sub/deeper/c.py", "pkg/plain/d.py",
        "pkg/plain/inner/__init__.py", "pkg/plain/inner/e.py", "loose/f.py"}) {
    dir.Write(file, "");
  }
  std::vector<std::string> files = {
      dir.Join("top.py"),          dir.Join("pkg/__init__.py"),         dir.Join("pkg/a.py"),
      dir.Join("pkg/sub/b.py"),    dir.Join("pkg/sub/deeper/c.py"),     dir.Join("pkg/plain/d.py"),
      dir.Join("pkg/plain/inner/e.py"), dir.Join("pkg/sub/__init__.py"), dir.Join("loose/f.py"),
      dir.Join("pkg/./sub/../a.py")};
  ModuleNames names;
  for (const std::string& file : files) {
    EXPECT_EQ(names.ModuleOf(file), ModuleNameOf(file)) << file;
  }
  EXPECT_EQ(names.ModuleOf(dir.Join("pkg/sub/deeper/c.py")), "pkg.sub.deeper.c");
  EXPECT_EQ(names.ModuleOf(dir.Join("pkg/plain/inner/e.py")), "inner.e");  // plain/ is no package
  EXPECT_EQ(names.ModuleOf(dir.Join("pkg/__init__.py")), "pkg");
}

TEST(ModuleNamesTest, RelativePathsAreNamedAsTheirAbsolutePaths) {
  TempDir dir;
  dir.Write("pkg/__init__.py", "");
  dir.Write("pkg/sub/__init__.py", "");
  dir.Write("pkg/sub/m.py", "");
  dir.Write("pkg/sub/n.py", "");
  // gbreak never changes its working directory, so neither does the test: the same files named
  // relative to it, through "..", and spelled two ways in one directory.
  std::string relative =
      std::filesystem::relative(dir.Join("pkg/sub"), std::filesystem::current_path()).string();
  ModuleNames names;
  for (const std::string& file : {relative + "/m.py", relative + "/./n.py",
                                  relative + "/../sub/m.py", dir.Join("pkg/sub/n.py")}) {
    EXPECT_EQ(names.ModuleOf(file), ModuleNameOf(file)) << file;
  }
  EXPECT_EQ(names.ModuleOf(relative + "/m.py"), "pkg.sub.m");
}

}  // namespace
}  // namespace gbreak
