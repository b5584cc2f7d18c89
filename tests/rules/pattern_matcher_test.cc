// The pattern matcher against tree-sitter's own query cursor: the same matches (pattern and
// captures), for the whole catalog and for patterns written to probe the query language's corners,
// on a varied snippet and on every Python file of the corpus.

#include "rules/pattern_matcher.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "rules/rule_loader.h"
#include "syntax/tree_index.h"

namespace gbreak {
namespace {

// Corners of the implemented query language.
constexpr std::string_view kProbes[] = {
    "(call) @c",
    "(call function: (identifier) @f arguments: (argument_list) @a) @c",
    "(argument_list (_) @arg)",                            // one match per named argument
    "(argument_list . (_) @first)",                        // the first named child
    "(argument_list (_) @last .)",                         // the last named child
    "(argument_list . (_) @only .)",                       // the only named child
    "(argument_list . (_) . (_) @second)",                 // anchors between children
    "(argument_list (_) @a (_) @b)",                       // every ordered pair
    "(argument_list (_) (_) @b)",                          // the same captures, many ways: once
    "(parenthesized_expression (_) @inner)",               // `(_)` is never an ERROR node
    "(_ (identifier) @id) @parent",                        // ... not even at the root
    "(argument_list \"(\" . (_) @first)",                  // anchor after an anonymous node
    "(argument_list (_) @x . \")\")",                      // ... before one
    "(conditional_expression (_) \"if\" . (_) @test . \"else\") @e",
    "(if_statement condition: (_) @c consequence: (block) @b)",
    "(if_statement alternative: (_) @alt)",                // every alternative clause
    "(_ (comment) @c)",                                    // wildcard root
    "(_ condition: (_) @c) @node",
    "(binary_operator left: (_) @l \"+\" right: (_) @r)",
    "(call function: [(identifier) @name (attribute attribute: (identifier) @name)]) @c",
    "[(if_statement) (while_statement)] @stmt",
    "(call arguments: (argument_list [(integer) (float)] @number))",
    "((call function: (attribute object: (identifier) @o attribute: (identifier) @m)) @c "
    "(#eq? @m \"item\"))",
    "(comparison_operator (_) @l [\"<\" \">\"] @op (_) @r)",
    "(block (expression_statement) @s .)",
    "(module . (comment) @header)",
    "(keyword_argument name: (identifier) @k value: (_) @v) @kw",
    "(subscript value: (_) @v subscript: (_) @s) @sub",
    "(for_statement left: (_) @target right: (call function: (identifier) @fn)) @loop",
    "(binary_operator operator: \"+\" @plus)",           // a field filled by a token
    "(binary_operator left: (_) @side right: (_) @side)",  // one capture twice
    "(argument_list [(identifier) \"(\"] @either)",       // named and anonymous alternatives
    "(argument_list . \"(\" . \")\") @empty",
    "(parameters . (identifier) @self . (_) @next)",
};

constexpr std::string_view kSnippet = R"py(# header
import torch
from torch import nn as tnn


class M(tnn.Module):
    def forward(self, x, y=None, *args, **kw):
        if x.sum() > 0:  # a comment after the test
            x = x + 1
        elif y is not None and (x > y).any():
            pass
        else:
            x = x - 1
        while x.max() < 3:
            x = x * 2
        z = x.item() if x.numel() == 1 else 0
        w = [v for v in range(3) if v > x.shape[0]]
        print(x, # a comment between arguments
              y, sep="")
        f(1, 2.0, -3, "s", *args, k=4, **kw)
        a.b.c(x)[0].item()
        g(  # first
        )
        h(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z)
        assert x.shape[0] > 0, "msg"
        return torch.where(x > 0, x, y)

for i in range(10):
    pass
def broken(:
    x.item()
f(x y)
a = (1 +)
)py";

std::string Render(uint32_t pattern, std::span<const TSQueryCapture> captures) {
  std::string out = absl::StrCat(pattern, ":");
  for (const TSQueryCapture& capture : captures) {
    absl::StrAppend(&out, " ", capture.index, "@", ts_node_start_byte(capture.node), "-",
                    ts_node_end_byte(capture.node), ts_node_type(capture.node));
  }
  return out;
}

// The patterns of one query text, for tree-sitter and for the matcher.
struct BothWays {
  QueryPtr query;
  PatternMatcher matcher;
};

std::unique_ptr<BothWays> Compile(std::string_view query_text) {
  auto both = std::make_unique<BothWays>();
  uint32_t error_offset = 0;
  TSQueryError error = TSQueryErrorNone;
  both->query.reset(ts_query_new(PythonLanguage(), query_text.data(),
                                 static_cast<uint32_t>(query_text.size()), &error_offset, &error));
  EXPECT_NE(both->query, nullptr) << query_text.substr(error_offset, 60);
  if (both->query == nullptr) return nullptr;
  const TSQuery* query = both->query.get();
  auto capture_id = [&](std::string_view name) -> std::optional<uint32_t> {
    for (uint32_t c = 0; c < ts_query_capture_count(query); ++c) {
      uint32_t length = 0;
      const char* text = ts_query_capture_name_for_id(query, c, &length);
      if (std::string_view(text, length) == name) return c;
    }
    return std::nullopt;
  };
  uint32_t count = ts_query_pattern_count(query);
  for (uint32_t p = 0; p < count; ++p) {
    uint32_t start = ts_query_start_byte_for_pattern(query, p);
    uint32_t end = p + 1 < count ? ts_query_start_byte_for_pattern(query, p + 1)
                                 : static_cast<uint32_t>(query_text.size());
    EXPECT_TRUE(both->matcher.Add(p, query_text.substr(start, end - start), capture_id))
        << query_text.substr(start, end - start);
  }
  return both;
}

// Every match of every pattern on `source`, by both, sorted.
void ExpectSameMatches(const BothWays& both, std::string_view source, const std::string& where) {
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source);
  TSNode root = ts_tree_root_node(tree.get());
  std::vector<std::string> expected, actual;
  QueryCursorPtr cursor(ts_query_cursor_new());
  ts_query_cursor_exec(cursor.get(), both.query.get(), root);
  TSQueryMatch match;
  while (ts_query_cursor_next_match(cursor.get(), &match)) {
    expected.push_back(Render(match.pattern_index, {match.captures, match.capture_count}));
  }
  {
    TreeIndexScope scope;
    both.matcher.ForEachMatch(root, std::nullopt,
                              [&](uint32_t pattern, std::span<const TSQueryCapture> captures) {
                                actual.push_back(Render(pattern, captures));
                              });
  }
  std::sort(expected.begin(), expected.end());
  std::sort(actual.begin(), actual.end());
  // Only the differences: "pattern: capture@start-end type ..." lines.
  std::vector<std::string> missing, extra;
  std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                      std::back_inserter(missing));
  std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra));
  EXPECT_THAT(missing, ::testing::IsEmpty()) << "tree-sitter's matches the matcher missed in "
                                             << where;
  EXPECT_THAT(extra, ::testing::IsEmpty()) << "matches tree-sitter does not make, in " << where;
}

std::string CatalogQueries() {
  absl::StatusOr<std::vector<Rule>> rules = LoadEmbeddedRules();
  EXPECT_TRUE(rules.ok()) << rules.status();
  std::string all;
  if (!rules.ok()) return all;
  for (const Rule& rule : *rules) {
    if (rule.kind == Rule::Kind::kQuery) absl::StrAppend(&all, rule.query_source, "\n");
  }
  return all;
}

std::string ProbeQueries() {
  std::string all;
  for (std::string_view probe : kProbes) (all += probe) += "\n";
  return all;
}

TEST(PatternMatcherTest, ProbesMatchAsTreeSitterMatchesThem) {
  std::unique_ptr<BothWays> probes = Compile(ProbeQueries());
  ASSERT_NE(probes, nullptr);
  ExpectSameMatches(*probes, kSnippet, "the snippet");
}

TEST(PatternMatcherTest, CatalogMatchesAsTreeSitterMatchesIt) {
  std::unique_ptr<BothWays> catalog = Compile(CatalogQueries());
  ASSERT_NE(catalog, nullptr);
  ExpectSameMatches(*catalog, kSnippet, "the snippet");
}

TEST(PatternMatcherTest, CatalogAndProbesOnEveryCorpusFile) {
  std::unique_ptr<BothWays> both = Compile(CatalogQueries() + ProbeQueries());
  ASSERT_NE(both, nullptr);
  int files = 0;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(std::string(GBREAK_SOURCE_DIR) + "/corpus")) {
    if (entry.path().extension() != ".py") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    ExpectSameMatches(*both, text.str(), entry.path().string());
    ++files;
  }
  EXPECT_GT(files, 50);
}

TEST(PatternMatcherTest, MatchesOnlyWhereTheRootIntersectsTheRange) {
  std::string_view source = "a(1)\nb(2)\nc(3)\n";
  PatternMatcher matcher;
  ASSERT_TRUE(matcher.Add(7, "(call function: (identifier) @f)",
                          [](std::string_view) { return std::optional<uint32_t>(0); }));
  ParserPtr parser = NewPythonParser();
  TreePtr tree = ParsePython(parser.get(), source);
  TreeIndexScope scope;
  std::vector<std::string> names;
  matcher.ForEachMatch(ts_tree_root_node(tree.get()), std::pair<uint32_t, uint32_t>{6, 7},
                       [&](uint32_t pattern, std::span<const TSQueryCapture> captures) {
                         EXPECT_EQ(pattern, 7u);
                         names.emplace_back(NodeText(captures[0].node, source));
                       });
  EXPECT_THAT(names, ::testing::ElementsAre("b"));
}

// What the matcher does not implement is refused, so the engine leaves it to tree-sitter.
TEST(PatternMatcherTest, RefusesWhatItDoesNotImplement) {
  auto any = [](std::string_view) { return std::optional<uint32_t>(0); };
  PatternMatcher matcher;
  for (std::string_view pattern : {
           "(argument_list (identifier)* @x)", "(argument_list (identifier)+)",
           "(call (argument_list)?)", "(call !arguments)", "(expression) @e",
           "(call function: (expression/identifier))", "((identifier) (identifier))",
           "(call _ @x)", "(ERROR) @e", "(no_such_node)", "(call no_such_field: (identifier))",
           "\"no such token\"", "(call (identifier) @unknown)", "[(_) (call)] @x",
           "(call function: [[(identifier) (attribute)] @callee (call)])"}) {
    EXPECT_FALSE(matcher.Add(0, pattern, [&](std::string_view name) {
      return name == "unknown" ? std::nullopt : any(name);
    })) << pattern;
  }
  EXPECT_TRUE(matcher.empty());
}

}  // namespace
}  // namespace gbreak
