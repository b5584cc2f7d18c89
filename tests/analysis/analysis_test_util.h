#ifndef GBREAK_TESTS_ANALYSIS_ANALYSIS_TEST_UTIL_H_
#define GBREAK_TESTS_ANALYSIS_ANALYSIS_TEST_UTIL_H_

#include <string>
#include <string_view>

#include "analysis/file_facts.h"
#include "syntax/tree_sitter.h"

namespace gbreak::testing {

// A parsed snippet and its facts; Find() locates the first node of a type whose text matches.
class ParsedSnippet {
 public:
  explicit ParsedSnippet(std::string code, RegionOptions options = {})
      : code_(std::move(code)), parser_(NewPythonParser()),
        tree_(ParsePython(parser_.get(), code_)),
        facts_(ts_tree_root_node(tree_.get()), code_, options) {}

  FileFacts& facts() { return facts_; }
  TSNode root() const { return ts_tree_root_node(tree_.get()); }
  std::string_view text() const { return code_; }

  // The first node of `type` (in document order) whose text is exactly `text`.
  TSNode Find(std::string_view type, std::string_view text) const {
    std::vector<TSNode> stack{root()};
    while (!stack.empty()) {
      TSNode node = stack.back();
      stack.pop_back();
      if (NodeType(node) == type && NodeText(node, code_) == text) return node;
      for (uint32_t i = ts_node_named_child_count(node); i-- > 0;) {
        stack.push_back(ts_node_named_child(node, i));
      }
    }
    return TSNode{};
  }

 private:
  std::string code_;
  ParserPtr parser_;
  TreePtr tree_;
  FileFacts facts_;
};

}  // namespace gbreak::testing

#endif  // GBREAK_TESTS_ANALYSIS_ANALYSIS_TEST_UTIL_H_
