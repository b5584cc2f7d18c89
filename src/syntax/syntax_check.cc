#include "syntax/syntax_check.h"

#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "source/absl_compat.h"
#include "syntax/tree_index.h"
#include "syntax/tree_sitter.h"

namespace gbreak {
namespace {

// A short, printable rendering of the bytes where a syntax error starts.
std::string Excerpt(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || out.size() >= 20) break;
    out += c;
  }
  return out;
}

// The message for an ERROR or MISSING node, and how much of the file it costs the analysis.
SyntaxProblem ParseErrorProblem(const SourceFile& source, TSNode error) {
  uint32_t start = ts_node_start_byte(error), end = ts_node_end_byte(error);
  std::string message;
  if (ts_node_is_missing(error)) {
    message = absl::StrCat("syntax error: missing `", ToAbsl(NodeType(error)), "`");
  } else if (absl::StripTrailingAsciiWhitespace(ToAbsl(source.text().substr(end))).empty() &&
             end > start && source.Locate(end).line > source.Locate(start).line) {
    // Recovery gave up at the end of the file: typically a truncated file or an unclosed
    // bracket, string or block.
    message = "syntax error: unexpected end of file (unclosed bracket, string or block?)";
  } else {
    std::string excerpt = Excerpt(NodeText(error, source.text()));
    message = excerpt.empty() ? "syntax error" : absl::StrCat("syntax error at `", excerpt, "`");
  }
  int first = source.Locate(start).line, last = source.Locate(end).line;
  if (ts_node_is_missing(error)) {
    // The parser inserted the token and went on: the code around it is analyzed.
  } else if (last > first) {
    absl::StrAppend(&message, "; lines ", first, "-", last, " are not analyzed");
  } else {
    absl::StrAppend(&message, "; this line is not analyzed");
  }
  return SyntaxProblem{start, end, std::move(message)};
}

// True when `rest`, the text after a `print`/`exec` keyword the grammar read as a Python 2
// statement, is one Python 3 also reads, as the name followed by an operator (`print -1`,
// `print *args`, `print >>f, x`, `print if c else d` are expressions in Python 3: CPython
// compiles them).
bool ReadsAsPython3Expression(std::string_view rest) {
  size_t i = rest.find_first_not_of(" \t\\\r\n\f");
  if (i == std::string_view::npos) return true;
  if (std::string_view("-+*/%&|^<>=!.([@,;:").find(rest[i]) != std::string_view::npos) {
    return true;
  }
  size_t end = rest.find_first_not_of("abcdefghijklmnopqrstuvwxyz", i);
  std::string_view word = rest.substr(i, end == std::string_view::npos ? end : end - i);
  for (std::string_view operator_word : {"in", "is", "and", "or", "if", "not"}) {
    if (word == operator_word) return true;
  }
  return false;
}

// The first child of the type, or a null node. A cursor steps from child to child: ts_node_child(i)
// counts from the first child each call, quadratic over a statement of many children.
TSNode FirstChild(TSNode node, std::string_view type) {
  TSNode found{};
  TSTreeCursor cursor = ts_tree_cursor_new(node);
  for (bool more = ts_tree_cursor_goto_first_child(&cursor); more;
       more = ts_tree_cursor_goto_next_sibling(&cursor)) {
    TSNode child = ts_tree_cursor_current_node(&cursor);
    if (NodeType(child) == type) {
      found = child;
      break;
    }
  }
  ts_tree_cursor_delete(&cursor);
  return found;
}

bool HasChild(TSNode node, std::string_view type) {
  return !ts_node_is_null(FirstChild(node, type));
}

// How deeply a node sits: indentation levels, and CPython's "frame blocks" (loops, try, with)
// within the current function or class body.
struct Nesting {
  int indents = 0;
  int blocks = 0;
};

// An ancestor on the walk: the node and its nesting; for a `try`, whether it has a `finally`
// (looked up once per statement: each of its clauses asks, and a try may have thousands).
struct Frame {
  TSNode node;
  Nesting nesting;
  bool has_finally = false;
};

// The frame blocks CPython's compiler pushes around a block, by the statement (and clause) that
// owns it (Python/compile.c, compiler_push_fblock): one per loop body, one per `with` item, one
// for a `try` body and two for an `except` body (handler and cleanup), one for a `finally` body,
// plus one around the body, handlers and `else` of a `try` that has both `except` and `finally`.
// Checked against CPython 3.11 for each statement.
int FrameBlocksAround(std::string_view owner, TSNode owner_node, bool has_finally) {
  if (owner == "for_statement" || owner == "while_statement") return 1;
  if (owner == "with_statement") {
    TSNode clause = FirstChild(owner_node, "with_clause");
    int items = 0;
    for (uint32_t i = 0, n = NamedChildCount(clause); i < n; ++i) {
      if (NodeType(ts_node_named_child(clause, i)) == "with_item") ++items;
    }
    return items > 0 ? items : 1;
  }
  if (owner == "try_statement") {
    bool has_handler = HasChild(owner_node, "except_clause") ||
                       HasChild(owner_node, "except_group_clause");
    return has_finally && has_handler ? 2 : 1;
  }
  if (owner == "except_clause" || owner == "except_group_clause") return has_finally ? 3 : 2;
  if (owner == "finally_clause") return 1;
  return 0;
}

class Python3Checker {
 public:
  explicit Python3Checker(const SourceFile& source)
      : source_(source),
        text_(source.text()),
        // `from __future__ import barry_as_FLUFL` makes `<>` Python 3 again.
        allows_diamond_(text_.find("barry_as_FLUFL") != std::string_view::npos) {}

  std::optional<SyntaxProblem> Run(TSNode root);

 private:
  std::optional<SyntaxProblem> CheckBlock(TSNode block, const std::vector<Frame>& ancestors,
                                          uint32_t previous_end_row, Nesting& nesting) const;
  std::optional<SyntaxProblem> CheckNode(TSNode node, std::string_view type) const;
  static uint32_t PreviousEndRow(std::span<const IndexedNode> nodes, uint32_t i, uint32_t root);
  std::optional<SyntaxProblem> CheckPython2Statement(TSNode node, std::string_view keyword) const;

  SyntaxProblem Problem(TSNode node, std::string message) const {
    return SyntaxProblem{ts_node_start_byte(node), ts_node_end_byte(node),
                         absl::StrCat("syntax error: ", message)};
  }

  const SourceFile& source_;
  std::string_view text_;
  bool allows_diamond_;
};

std::optional<SyntaxProblem> Python3Checker::Run(TSNode root) {
  // One pass over the tree's flat index (every node, named or not, in document order: the walk
  // a cursor would make, without a tree-sitter call per node); `ancestors` holds each open node
  // and its nesting, so the owner of a block is at hand.
  uint32_t at = 0;
  std::span<const IndexedNode> nodes = IndexedNodes(root, &at);
  if (nodes.empty()) return std::nullopt;  // a null root
  std::vector<Frame> ancestors;
  std::vector<uint32_t> open;  // the index of each node in `ancestors`
  for (uint32_t i = at, end = nodes[at].end; i < end; ++i) {
    const IndexedNode& entry = nodes[i];
    while (!open.empty() && i >= nodes[open.back()].end) {
      open.pop_back();
      ancestors.pop_back();
    }
    Nesting here = ancestors.empty() ? Nesting{} : ancestors.back().nesting;
    std::optional<SyntaxProblem> problem =
        entry.type == "block"
            ? CheckBlock(entry.node, ancestors, PreviousEndRow(nodes, i, at), here)
            : CheckNode(entry.node, entry.type);
    if (problem.has_value()) return problem;
    if (entry.first_child != IndexedNode::kNone) {
      bool has_finally = entry.type == "try_statement" && HasChild(entry.node, "finally_clause");
      ancestors.push_back(Frame{entry.node, here, has_finally});
      open.push_back(i);
    }
  }
  return std::nullopt;
}

// The end row of the node before `i` among its siblings; for a first child, that of its
// parent's (the row a cursor walk had last closed a node on). Only blocks ask.
uint32_t Python3Checker::PreviousEndRow(std::span<const IndexedNode> nodes, uint32_t i,
                                        uint32_t root) {
  for (uint32_t node = i; node != root && nodes[node].parent != IndexedNode::kNone;
       node = nodes[node].parent) {
    uint32_t previous = IndexedNode::kNone;
    for (uint32_t c = nodes[nodes[node].parent].first_child; c != node;
         c = nodes[c].next_sibling) {
      previous = c;
    }
    if (previous != IndexedNode::kNone) return ts_node_end_point(nodes[previous].node).row;
  }
  return 0;
}

std::optional<SyntaxProblem> Python3Checker::CheckBlock(TSNode block,
                                                        const std::vector<Frame>& ancestors,
                                                        uint32_t previous_end_row,
                                                        Nesting& nesting) const {
  if (ancestors.empty()) return std::nullopt;
  TSNode owner = ancestors.back().node;
  std::string_view owner_type = NodeType(owner);
  // The statement an `except`, `else` or `finally` clause belongs to.
  const Frame* statement_frame = &ancestors.back();
  if (ancestors.size() >= 2 && owner_type.ends_with("_clause")) {
    statement_frame = &ancestors[ancestors.size() - 2];
  }
  TSNode statement = statement_frame->node;
  bool has_finally = statement_frame->has_finally;
  // A body on its own lines is one indentation level deeper; `if x: pass` is not.
  if (ts_node_start_point(block).row > previous_end_row &&
      ++nesting.indents > kMaxIndentLevels) {
    uint32_t line_start = source_.LineStart(static_cast<int>(ts_node_start_point(block).row) + 1);
    return SyntaxProblem{line_start, ts_node_start_byte(block),
                         absl::StrCat("syntax error: too many levels of indentation (Python "
                                      "allows ",
                                      kMaxIndentLevels, ")")};
  }
  if (owner_type == "function_definition" || owner_type == "class_definition") {
    nesting.blocks = 0;  // a new code object: CPython counts blocks per function
    return std::nullopt;
  }
  std::string_view statement_type = NodeType(statement);
  int pushed = 0;
  if (owner_type == "else_clause") {
    // A loop's `else` runs after the loop's block is popped; a `try`'s still inside `finally`.
    pushed = statement_type == "try_statement" && has_finally ? 1 : 0;
  } else {
    pushed = FrameBlocksAround(owner_type, owner, has_finally);
  }
  if (pushed > 0 && nesting.blocks + pushed > kMaxStaticBlocks) {
    // CPython points at the statement or clause whose block is one too many.
    return Problem(owner, absl::StrCat("too many statically nested blocks (Python allows ",
                                           kMaxStaticBlocks,
                                           " nested loop, try and with blocks in one function)"));
  }
  nesting.blocks += pushed;
  return std::nullopt;
}

std::optional<SyntaxProblem> Python3Checker::CheckPython2Statement(TSNode node,
                                                                   std::string_view keyword) const {
  std::string_view text = NodeText(node, text_);
  if (!text.starts_with(keyword) || ReadsAsPython3Expression(text.substr(keyword.size()))) {
    return std::nullopt;
  }
  if (HasChild(node, "chevron")) return std::nullopt;  // `print >>f, x` compiles in Python 3
  return Problem(node, absl::StrCat("Missing parentheses in call to '", ToAbsl(keyword),
                                    "'. Did you mean ", ToAbsl(keyword),
                                    "(...)? (a Python 2 statement)"));
}

std::optional<SyntaxProblem> Python3Checker::CheckNode(TSNode node,
                                                       std::string_view type) const {
  if (type == "print_statement") return CheckPython2Statement(node, "print");
  if (type == "exec_statement") return CheckPython2Statement(node, "exec");
  if (type == "except_clause" && HasChild(node, ",")) {
    // Python 2's `except E, e:`; Python 3 needs `except E as e:` (3.14 reads it as two types).
    return Problem(node, "multiple exception types must be parenthesized (Python 2's "
                         "`except E, e:` is `except E as e:`)");
  }
  if (type == "<>" && !allows_diamond_) {
    return Problem(node, "invalid syntax: `<>` is Python 2's `!=`");
  }
  if (type == "string" && NodeText(node, text_).starts_with("`")) {
    return Problem(node, "invalid syntax: backticks are Python 2's repr(); use repr(...)");
  }
  return std::nullopt;
}

}  // namespace

std::optional<SyntaxProblem> FindSyntaxProblem(const SourceFile& source, TSNode root) {
  TreeIndexScope tree_index;  // the caller's, when it has one (FileChecker does)
  std::optional<SyntaxProblem> problem = Python3Checker(source).Run(root);
  TSNode error = FirstSyntaxError(root);
  if (!ts_node_is_null(error) &&
      (!problem.has_value() || ts_node_start_byte(error) <= problem->start)) {
    return ParseErrorProblem(source, error);
  }
  return problem;
}

}  // namespace gbreak
