#include "program/module_aliases.h"

#include <string>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/analysis_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::ParsedSnippet;
using ::testing::ElementsAre;
using ::testing::Pair;

std::vector<std::pair<std::string, std::string>> AliasesOf(const ParsedSnippet& s) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const ModuleAlias& alias : ModuleAliases(s.root(), s.text())) {
    out.emplace_back(alias.name, std::string(NodeText(alias.value, s.text())));
  }
  return out;
}

TEST(ModuleAliasesTest, NamesBoundOnceAtTopLevelToANameOrAttribute) {
  ParsedSnippet s(R"(import torch.nn as nn
class Block(nn.Module):
    pass
Net = Block
LayerNorm = nn.LayerNorm
Twice = Block
Twice = nn.Linear
Shadowed = Block
def Shadowed():
    pass
nn_alias = nn
Called = make()
Annotated: type = Block
if flag:
    Maybe = Block
def f():
    Local = Block
)");
  EXPECT_THAT(AliasesOf(s), ElementsAre(Pair("Net", "Block"), Pair("LayerNorm", "nn.LayerNorm"),
                                        Pair("nn_alias", "nn")));
}

TEST(ModuleAliasesTest, AnImportOfTheSameNameIsAnotherBinding) {
  ParsedSnippet s(R"(from a import Net
Net = Block
import b.c as Other
Other = Block
)");
  EXPECT_THAT(AliasesOf(s), ElementsAre());
}

}  // namespace
}  // namespace gbreak
