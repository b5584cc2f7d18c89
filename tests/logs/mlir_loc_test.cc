#include "logs/mlir_loc.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace gbreak {
namespace {

struct Seen {
  std::string op;
  std::vector<std::string> frames;  // "file:line:function"
  int64_t count = 0;
};

std::vector<Seen> ResolveAll(ModuleLocs& locs, std::vector<std::string>* problems = nullptr) {
  std::vector<Seen> seen;
  std::vector<std::string> local;
  locs.Resolve(
      [&](const LocView& loc, int64_t count) {
        Seen s{std::string(loc.op_name), {}, count};
        for (size_t i = 0; i < loc.size; ++i) {
          s.frames.push_back(std::string(loc.frames[i].file) + ":" +
                             std::to_string(loc.frames[i].line) + ":" +
                             std::string(loc.frames[i].function));
        }
        seen.push_back(std::move(s));
      },
      problems != nullptr ? *problems : local);
  return seen;
}

TEST(MlirLocTest, CallsiteChainThroughAliasesDefinedAfterUse) {
  ModuleLocs locs;
  locs.Reference(57);
  locs.Reference(57);
  locs.Define(12, "\"/v/site-packages/transformers/m.py\":64:0");
  locs.Define(14, "\"/root/demo.py\":31:0");
  locs.Define(30, "\"forward\"(#loc12)");
  locs.Define(32, "\"<module>\"(#loc14)");
  locs.Define(56, "callsite(#loc30 at #loc32)");
  locs.Define(57, "\"aten__add\"(#loc56)");
  std::vector<Seen> seen = ResolveAll(locs);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].op, "aten__add");
  EXPECT_EQ(seen[0].count, 2);
  EXPECT_EQ(seen[0].frames, (std::vector<std::string>{"/v/site-packages/transformers/m.py:64:forward",
                                                       "/root/demo.py:31:<module>"}));
}

TEST(MlirLocTest, FusedRangesLegacyMetadataUnknownAndEscapes) {
  ModuleLocs locs;
  locs.ReferenceInline("fused[\"aten__add\", \"/p/a.py\":64:0]");
  locs.ReferenceInline("fused<\"\">[\"f\"(\"/p/b.py\":70:0), \"mhlo.original_value={x}\"]");
  locs.ReferenceInline("\"rotate\"(\"/p/c.py\":80:4 to :39)");
  locs.ReferenceInline("\"0|Attn[self_attn]|/p/d.py:60|forward|66|aten__mm\"");
  locs.ReferenceInline("\"-1|unknown|unknown|-1|aten__view\"");
  locs.ReferenceInline("unknown");
  locs.ReferenceInline("\"/p/\\22q\\5C.py\":5:0");
  std::vector<Seen> seen = ResolveAll(locs);
  ASSERT_EQ(seen.size(), 7u);
  EXPECT_EQ(seen[0].op, "aten__add");
  EXPECT_EQ(seen[0].frames, std::vector<std::string>{"/p/a.py:64:"});
  EXPECT_EQ(seen[1].op, "");
  EXPECT_EQ(seen[1].frames, std::vector<std::string>{"/p/b.py:70:f"});
  EXPECT_EQ(seen[2].frames, std::vector<std::string>{"/p/c.py:80:rotate"});
  EXPECT_EQ(seen[3].op, "aten__mm");
  EXPECT_EQ(seen[3].frames, std::vector<std::string>{"/p/d.py:66:forward"});
  EXPECT_EQ(seen[4].op, "aten__view");
  EXPECT_TRUE(seen[4].frames.empty());
  EXPECT_TRUE(seen[5].frames.empty());
  EXPECT_EQ(seen[6].frames, std::vector<std::string>{"/p/\"q\\.py:5:"});
}

TEST(MlirLocTest, MissingAliasesCyclesAndSyntaxErrorsAreProblemsNotCrashes) {
  ModuleLocs locs;
  locs.Reference(1);   // undefined
  locs.Reference(2);   // cycle
  locs.Reference(4);   // garbage
  locs.Define(2, "callsite(#loc3 at #loc3)");
  locs.Define(3, "\"f\"(#loc2)");
  locs.Define(4, "callsite(\"x\":1:0 at");
  locs.ReferenceInline("((((");
  std::vector<std::string> problems;
  ResolveAll(locs, &problems);
  ASSERT_GE(problems.size(), 4u);
  EXPECT_NE(problems[0].find("unresolved location alias #loc1"), std::string::npos);
}

TEST(MlirLocTest, ClearStartsAFreshModule) {
  ModuleLocs locs;
  locs.Define(1, "\"a.py\":1:0");
  locs.Reference(1);
  locs.Clear();
  locs.Reference(1);  // numbering restarted: #loc1 is not defined in this module
  std::vector<std::string> problems;
  EXPECT_TRUE(ResolveAll(locs, &problems).empty());
  EXPECT_EQ(problems.size(), 1u);
}

}  // namespace
}  // namespace gbreak
