#include "syntax/tree_index.h"

#include <gtest/gtest.h>

#include <algorithm>
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

// The index answers exactly as tree-sitter does, for every node and every field of the grammar
// (and the nearest ancestors of a type),
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
      "        def inner(z):\n            class Local:\n                def m(self):\n"
      "                    return z + z + z\n            return Local\n"
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
      for (const char* type : {"function_definition", "class_definition", "block"}) {
        TSNode expected{};
        for (TSNode n = ts_node_parent(node); !ts_node_is_null(n); n = ts_node_parent(n)) {
          if (std::string_view(ts_node_type(n)) == type) {
            expected = n;
            break;
          }
        }
        EXPECT_TRUE(ts_node_eq(NearestAncestor(node, type), expected)) << type;
      }
      for (TSFieldId id = 1; id <= ts_language_field_count(language); ++id) {
        EXPECT_TRUE(ts_node_eq(ChildByFieldId(node, id), ts_node_child_by_field_id(node, id)))
            << ts_node_type(node) << "." << ts_language_field_name_for_id(language, id);
      }
    }
  }
}

// The walk visits the same nodes in the same order with and without an index, skipping the
// descendants of the nodes the visitor declines.
TEST(TreeIndexTest, NamedNodeWalkIsTheDepthFirstWalk) {
  ParserPtr parser = NewPythonParser();
  std::string code =
      "def f(x):\n    y = [i for i in x]\n    def g():\n        z = 1\n    class C:\n"
      "        w = 2\n    return y if x else -y\n";
  TreePtr tree = ParsePython(parser.get(), code);
  TSNode root = ts_tree_root_node(tree.get());
  auto walk = [&](TSNode from) {
    std::vector<std::string> seen;
    ForEachNamedNode(from, [&](TSNode node, std::string_view type) {
      EXPECT_EQ(type, ts_node_type(node));
      seen.push_back(std::string(type) + "@" + std::to_string(ts_node_start_byte(node)));
      return type != "function_definition" || ts_node_start_byte(node) == 0;
    });
    return seen;
  };
  std::vector<std::string> plain = walk(root);
  EXPECT_EQ(plain.size(), 28u);
  EXPECT_EQ(plain.front(), "module@0");
  EXPECT_TRUE(std::find(plain.begin(), plain.end(), "function_definition@37") != plain.end());
  for (const std::string& s : plain) EXPECT_FALSE(s.starts_with("assignment@54")) << s;  // z = 1
  TreeIndexScope scope;
  EXPECT_EQ(walk(root), plain);
  TSNode body = Field(ts_node_named_child(root, 0), "body");
  std::vector<std::string> from_body = walk(body);
  EXPECT_EQ(from_body.front(), "block@14");
  EXPECT_EQ(std::vector<std::string>(plain.end() - static_cast<std::ptrdiff_t>(from_body.size()),
                                     plain.end()),
            from_body);
  EXPECT_TRUE(walk(TSNode{}).empty());
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

// PythonFieldId's own table answers as the grammar does for every field name, and 0 for names
// that are no field (among them near misses sharing a field's length and end characters).
TEST(TreeIndexTest, FieldIdsAreTheGrammarsForEveryField) {
  const TSLanguage* language = PythonLanguage();
  ASSERT_GT(ts_language_field_count(language), 0u);
  for (TSFieldId id = 1; id <= ts_language_field_count(language); ++id) {
    std::string name = ts_language_field_name_for_id(language, id);
    EXPECT_EQ(PythonFieldId(name), id) << name;
    std::string near = name;
    near[near.size() / 2] = near[near.size() / 2] == 'q' ? 'z' : 'q';
    if (near != name) EXPECT_EQ(PythonFieldId(near), 0) << near;
  }
  EXPECT_EQ(PythonFieldId(""), 0);
  EXPECT_EQ(PythonFieldId("x"), 0);
  EXPECT_EQ(PythonFieldId("bodybody"), 0);
}

}  // namespace
}  // namespace gbreak
