#include "syntax/tree_index.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

// Every node of the tree, by a cursor walk: tree-sitter's own view.
std::vector<TSNode> AllNodes(TSNode root) {
  std::vector<TSNode> out;
  std::vector<TSNode> stack{root};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    out.push_back(node);
    for (uint32_t i = 0; i < ts_node_child_count(node); ++i) stack.push_back(ts_node_child(node, i));
  }
  return out;
}

std::vector<TSNode> NamedChildrenByTreeSitter(TSNode node) {
  std::vector<TSNode> out;
  for (uint32_t i = 0; i < ts_node_named_child_count(node); ++i) {
    out.push_back(ts_node_named_child(node, i));
  }
  return out;
}

bool SameNodes(const std::vector<TSNode>& a, const std::vector<TSNode>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!ts_node_eq(a[i], b[i])) return false;
  }
  return true;
}

// The index answers exactly as tree-sitter does, for every node and every field of the grammar,
// including nodes under hidden rules (fields inherited through them), errors and aliases.
TEST(TreeIndexTest, ParentsChildrenAndFieldsMatchTreeSitter) {
  ParserPtr parser = NewPythonParser();
  std::string code =
      "import a.b as c\nfrom .x import (y, z as w)\n"
      "@torch.compile(fullgraph=True)\nclass M(nn.Module, metaclass=Meta):\n"
      "    def forward(self, x: int = 3, *args, k=None, **kw) -> T:\n"
      "        if x.sum() > 0 and not self.training:\n            x = [i for i in x if i]\n"
      "        elif (y := x.item()):\n            x += lambda q: q\n"
      "        with a as b, c:\n            return x[1:2, ...]\n"
      "        print(f\"{x!r}\", *args, **kw)\n"
      "match x:\n    case [a, *rest] if a:\n        pass\n"
      "def broken(:\n    pass\n";
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode root = ts_tree_root_node(tree.get());
  std::vector<TSNode> nodes = AllNodes(root);
  ASSERT_GT(nodes.size(), 200u);
  const TSLanguage* language = PythonLanguage();
  for (int scoped = 0; scoped < 2; ++scoped) {
    std::optional<TreeIndexScope> scope;
    if (scoped) scope.emplace();
    for (TSNode node : nodes) {
      EXPECT_TRUE(ts_node_eq(ParentOf(node), ts_node_parent(node))) << ts_node_string(node);
      std::vector<TSNode> children;
      AppendNamedChildren(children, node);
      EXPECT_TRUE(SameNodes(children, NamedChildrenByTreeSitter(node))) << ts_node_type(node);
      for (TSFieldId id = 1; id <= ts_language_field_count(language); ++id) {
        EXPECT_TRUE(ts_node_eq(ChildByFieldId(node, id), ts_node_child_by_field_id(node, id)))
            << ts_node_type(node) << "." << ts_language_field_name_for_id(language, id);
      }
    }
  }
}

TEST(TreeIndexTest, NamesOfTypesAndFieldsAreTheGrammars) {
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), "x = f(1)\n");
  TSNode call = ts_node_named_child(ts_node_named_child(ts_node_named_child(
                                        ts_tree_root_node(tree.get()), 0), 0), 1);
  EXPECT_EQ(NodeType(call), "call");
  EXPECT_EQ(NodeType(Field(call, "function")), "identifier");
  EXPECT_TRUE(ts_node_is_null(Field(call, "no_such_field")));
  EXPECT_EQ(PythonFieldId("arguments"), ts_language_field_id_for_name(PythonLanguage(), "arguments", 9));
}

}  // namespace
}  // namespace gbreak
