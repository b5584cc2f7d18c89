// QueryOutline reads a query's text without tree-sitter compiling it. It must find what
// tree-sitter finds: the same patterns (start bytes), capture ids, captures bound per pattern and
// predicates, for the embedded catalog (which start-up no longer compiles) and for every construct
// of the query syntax; and it must fail where tree-sitter fails to parse, never crash.

#include "rules/query_outline.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "rules/embedded_files.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

struct Compiled {
  QueryPtr query;
  TSQueryError error = TSQueryErrorNone;
};

Compiled Compile(std::string_view text) {
  Compiled out;
  uint32_t offset = 0;
  out.query.reset(ts_query_new(PythonLanguage(), text.data(), static_cast<uint32_t>(text.size()),
                               &offset, &out.error));
  return out;
}

std::string Describe(const QueryOutline& outline) {
  std::string out = "captures:";
  for (const std::string& name : outline.capture_names()) absl::StrAppend(&out, " ", name);
  for (const QueryOutline::Pattern& p : outline.patterns()) {
    absl::StrAppend(&out, "\npattern at ", p.start_byte, " binds");
    for (uint32_t c : p.captures) absl::StrAppend(&out, " ", c);
    for (const QueryOutline::Predicate& predicate : p.predicates) {
      absl::StrAppend(&out, " (", predicate.name);
      for (const QueryOutline::Argument& a : predicate.arguments) {
        if (a.is_capture) {
          absl::StrAppend(&out, " @", a.capture);
        } else {
          absl::StrAppend(&out, " \"", a.text, "\"");
        }
      }
      absl::StrAppend(&out, ")");
    }
  }
  return out;
}

// The outline read from `text` equals tree-sitter's (which must compile it).
void ExpectSameOutline(std::string_view text) {
  SCOPED_TRACE(text.substr(0, 200));
  Compiled compiled = Compile(text);
  ASSERT_NE(compiled.query, nullptr) << "tree-sitter does not compile the probe: error "
                                     << compiled.error;
  std::optional<QueryOutline::Error> error;
  QueryOutline read = QueryOutline::Read(text, &error);
  ASSERT_FALSE(error.has_value()) << error->message << " at " << error->offset;
  QueryOutline expected = QueryOutline::Of(compiled.query.get());
  EXPECT_EQ(Describe(read), Describe(expected));
  EXPECT_TRUE(read == expected);
}

std::vector<std::string> EmbeddedQueries() {
  std::vector<std::string> queries;
  for (const EmbeddedFile& file : EmbeddedRuleFiles()) {
    if (file.path.starts_with("queries/")) queries.emplace_back(file.contents);
  }
  return queries;
}

TEST(QueryOutlineTest, EveryEmbeddedQueryReadsAsTreeSitterCompilesIt) {
  std::vector<std::string> queries = EmbeddedQueries();
  ASSERT_GT(queries.size(), 30u);
  for (const std::string& query : queries) ExpectSameOutline(query);
}

TEST(QueryOutlineTest, TheWholeCatalogAsOneQueryReadsTheSame) {
  // The rule engine reads all rules as one text: capture ids are shared across patterns.
  std::string combined;
  for (const std::string& query : EmbeddedQueries()) absl::StrAppend(&combined, query, "\n");
  ExpectSameOutline(combined);
}

TEST(QueryOutlineTest, EveryConstructOfTheSyntax) {
  const std::vector<std::string> probes = {
      // nested captures get their ids inner first; a capture bound twice keeps its id
      "(call function: (identifier) @fn arguments: (argument_list) @args) @report",
      "(call function: (attribute object: (_) @obj attribute: (identifier) @attr) @fn) @report "
      "(call function: (identifier) @fn) @report",
      // alternations, groupings, anchors, quantifiers, wildcards, anonymous nodes
      "[(if_statement condition: (_) @c) (while_statement condition: (_) @c)] @report",
      "((identifier) @a . (comment)* @b) @report",
      "(argument_list . (_) @first (_)? @second .) @report",
      "(block (expression_statement)+ @stmts) @report",
      "(binary_operator left: _ @l \"+\" @op right: (_) @r) @report",
      "(\"if\" @kw) @report",
      // negated fields, supertypes, MISSING
      "(function_definition !return_type name: (identifier) @name) @report",
      "(expression/identifier) @report",
      "(MISSING) @report (MISSING identifier) @report (MISSING \")\") @report",
      // predicates: strings with escapes, bare symbols, captures, `.` predicates, several
      "((identifier) @report (#eq? @report \"a\\\"b\\\\c\\n\\t\\0x\"))",
      "((identifier) @report (#any-of? @report foo bar-baz \"q.x\" ok?))",
      "((call function: (identifier) @f) @report (#match? @f \"^(print|log)$\") "
      "(#not-eq? @f @report) (.is-tensor? @report))",
      "((identifier) @report (#set! priority 10))",
      // a predicate inside a node; a predicate-only pattern after a pattern
      "(call (identifier) @report (#eq? @report \"x\"))",
      "((identifier) @report) (#eq? @report \"x\")",
      // comments and whitespace anywhere, unicode inside strings and comments
      "; leading comment\n(call ; inline\n  function: (identifier) @report ; é\n) ; trailing\n"
      "\t\r\n((string) @report (#eq? @report \"é—\\é\"))\n; end",
      // field names with underscores, capture names with dots, dashes and question marks
      "(function_definition return_type: (type) @ret.type-x?) @report",
  };
  for (const std::string& probe : probes) ExpectSameOutline(probe);
}

TEST(QueryOutlineTest, FailsWhereTreeSitterCannotParse) {
  const std::vector<std::string> broken = {
      "(call",
      "(call))",
      "(call function: )",
      "[]",
      "(call @)",
      "((identifier) @a (#eq? @b \"x\"))",  // a capture not bound yet
      "((identifier) @a (#eq? @a \"x))",
      "((identifier) @a (#eq? @a \"x\n\"))",
      "(call function (identifier))",
      "(call . )",
      "(call) @report ]",
      "(call !)",
      std::string("(call\0)", 7),
      "((identifier) @a (#eq? @a ^))",
  };
  for (const std::string& text : broken) {
    SCOPED_TRACE(text);
    Compiled compiled = Compile(text);
    ASSERT_EQ(compiled.query, nullptr);
    std::optional<QueryOutline::Error> error;
    QueryOutline read = QueryOutline::Read(text, &error);
    EXPECT_TRUE(error.has_value());
    EXPECT_TRUE(read.patterns().empty());
  }
}

TEST(QueryOutlineTest, EveryPrefixOfAQueryReadsOrFailsLikeTreeSitter) {
  // Truncated texts: where tree-sitter parses a prefix, the outline is its; where it reports a
  // syntax or capture error, reading fails too. (Node-type and field errors are tree-sitter's
  // alone: the reader does not look names up.)
  const std::string query =
      "; calls\n((call function: (attribute object: (_) @obj attribute: (identifier) @m) "
      "arguments: (argument_list . (_)? @first)) @report (#any-of? @m \"item\" \"tolist\") "
      "(#is-tensor? @obj))\n[(if_statement condition: (_) @c) \"while\"] @report";
  for (size_t length = 0; length <= query.size(); ++length) {
    std::string prefix = query.substr(0, length);
    SCOPED_TRACE(prefix);
    Compiled compiled = Compile(prefix);
    std::optional<QueryOutline::Error> error;
    QueryOutline read = QueryOutline::Read(prefix, &error);
    if (compiled.query != nullptr) {
      ASSERT_FALSE(error.has_value()) << error->message;
      EXPECT_TRUE(read == QueryOutline::Of(compiled.query.get()));
    } else if (compiled.error == TSQueryErrorSyntax || compiled.error == TSQueryErrorCapture) {
      EXPECT_TRUE(error.has_value());
    }
  }
}

}  // namespace
}  // namespace gbreak
