#include "rules/fix_edit.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

constexpr std::string_view kDefaultIndentUnit = "    ";

// The fix in words for a finding that has the edit, ahead of the rule's own text (which keeps
// the alternatives); findings without the edit get the rule's text alone.
constexpr std::string_view kGuardFixWords =
    "Guard the call so that only eager runs execute it: put it under\n"
    "`if not torch.compiler.is_compiling():` (Dynamo constant-folds the test and drops the\n"
    "branch); `gbreak lint --fix` makes this edit here.";

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

// Offset of the first byte of the line holding `offset`.
uint32_t LineStartOf(std::string_view text, uint32_t offset) {
  if (offset == 0) return 0;
  size_t newline = text.rfind('\n', offset - 1);
  return newline == std::string_view::npos ? 0 : static_cast<uint32_t>(newline + 1);
}

// Offset just past the last character of the line holding `offset`, before "\n" or "\r\n".
uint32_t LineContentEnd(std::string_view text, uint32_t offset) {
  size_t newline = text.find('\n', offset);
  if (newline == std::string_view::npos) return static_cast<uint32_t>(text.size());
  if (newline > offset && text[newline - 1] == '\r') --newline;
  return static_cast<uint32_t>(newline);
}

// The line end the file uses around `line_start`: that line's own, or for a last line without
// one, the previous line's.
std::string_view LineEndAt(std::string_view text, uint32_t line_start) {
  size_t newline = text.find('\n', line_start);
  if (newline == std::string_view::npos) newline = line_start > 0 ? line_start - 1 : newline;
  if (newline == std::string_view::npos || newline >= text.size()) return "\n";
  return newline > 0 && text[newline - 1] == '\r' ? "\r\n" : "\n";
}

// The spaces and tabs a line starts with.
std::string_view LeadingBlanks(std::string_view text, uint32_t line_start) {
  uint32_t end = line_start;
  while (end < text.size() && IsBlank(text[end])) ++end;
  return text.substr(line_start, end - line_start);
}

// True when nothing but spaces, tabs and a comment follows the statement on its last line.
bool OnlyCommentFollows(std::string_view rest) {
  size_t i = 0;
  while (i < rest.size() && IsBlank(rest[i])) ++i;
  return i == rest.size() || rest[i] == '#';
}

// True when the line before `line_start` ends with a backslash: the statement would then
// continue a logical line that started there.
bool ContinuesPreviousLine(std::string_view text, uint32_t line_start) {
  if (line_start == 0) return false;
  std::string_view before = text.substr(0, line_start - 1);  // without the '\n'
  if (!before.empty() && before.back() == '\r') before.remove_suffix(1);
  return !before.empty() && before.back() == '\\';
}

// True when a string literal inside `node` spans lines: indenting its lines would change it.
bool HasMultiLineString(TSNode node) {
  if (Is(node, "string") &&
      ts_node_start_point(node).row != ts_node_end_point(node).row) {
    return true;
  }
  for (uint32_t i = 0; i < ts_node_child_count(node); ++i) {
    if (HasMultiLineString(ts_node_child(node, i))) return true;
  }
  return false;
}

// True when a module-level `import torch` / `import torch.x` (not `as` something else) binds
// `torch`, so it is bound when any function of the module runs.
bool ImportsTorchAtTopLevel(TSNode root, std::string_view text) {
  for (TSNode statement : NamedChildren(root)) {
    if (!Is(statement, "import_statement")) continue;
    for (TSNode name : NamedChildren(statement)) {
      if (Is(name, "dotted_name")) {
        if (NodeText(ts_node_named_child(name, 0), text) == "torch") return true;
      } else if (Is(name, "aliased_import")) {
        if (NodeText(Field(name, "name"), text) == "torch" &&
            NodeText(Field(name, "alias"), text) == "torch") {
          return true;
        }
      }
    }
  }
  return false;
}

// The name a parameter binds (`x`, `x: int`, `x=1`, `*args`, `**kwargs`), or a null node.
TSNode ParameterName(TSNode parameter) {
  if (Is(parameter, "identifier")) return parameter;
  TSNode name = Field(parameter, "name");
  if (ts_node_is_null(name) && NamedChildCount(parameter) > 0) {
    name = ts_node_named_child(parameter, 0);
  }
  if (Is(name, "list_splat_pattern") || Is(name, "dictionary_splat_pattern")) {
    name = NamedChildCount(name) > 0 ? ts_node_named_child(name, 0) : TSNode{};
  }
  return Is(name, "identifier") ? name : TSNode{};
}

// True when `node` sits in a function, and no enclosing function has a parameter `torch`.
bool InFunctionWithTorchVisible(TSNode node, std::string_view text) {
  bool in_function = false;
  for (TSNode n = ts_node_parent(node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (Is(n, "lambda")) return false;
    if (!Is(n, "function_definition")) continue;
    in_function = true;
    TSNode parameters = Field(n, "parameters");
    for (TSNode parameter : NamedChildren(parameters)) {
      if (NodeText(ParameterName(parameter), text) == "torch") return false;
    }
  }
  return in_function;
}

bool TorchIsTheTorchModule(TSNode root, std::string_view text, const ImportTable& imports) {
  const std::vector<std::string>* targets = imports.Lookup("torch");
  if (targets == nullptr || targets->empty()) return false;
  for (const std::string& target : *targets) {
    if (target != "torch") return false;
  }
  return !imports.DefinesAtModuleLevel("torch") && ImportsTorchAtTopLevel(root, text);
}

// True when the block is already the body of the guard this edit adds: a second `--fix` must
// not nest it again, even where the analysis did not take the guard into account.
bool AlreadyGuarded(TSNode block, std::string_view text) {
  TSNode header = ts_node_parent(block);
  constexpr std::string_view kCondition = kEagerGuard.substr(3, kEagerGuard.size() - 4);
  return Is(header, "if_statement") && SameNode(Field(header, "consequence"), block) &&
         NodeText(Field(header, "condition"), text) == kCondition;
}

// The indentation one level deeper than the statement's: what its block adds to the line that
// opens the block (`def ...:`, `if ...:`), or four spaces (a tab in tab-indented code).
std::string_view IndentUnit(std::string_view text, TSNode block, std::string_view indent) {
  TSNode header = ts_node_parent(block);
  if (!ts_node_is_null(header)) {
    std::string_view outer = LeadingBlanks(text, LineStartOf(text, ts_node_start_byte(header)));
    if (indent.size() > outer.size() && indent.starts_with(outer)) {
      return indent.substr(outer.size());
    }
  }
  return indent.find('\t') != std::string_view::npos ? "\t" : kDefaultIndentUnit;
}

// The statement's lines [start, end), one level deeper: `unit` goes after the statement's own
// indentation on lines that have it, in front of continuation lines that do not; blank lines
// stay as they are.
std::string Reindent(std::string_view lines, std::string_view indent, std::string_view unit) {
  std::string out;
  out.reserve(lines.size() + unit.size() * 4);
  while (!lines.empty()) {
    size_t newline = lines.find('\n');
    size_t length = newline == std::string_view::npos ? lines.size() : newline + 1;
    std::string_view line = lines.substr(0, length);
    lines.remove_prefix(length);
    std::string_view content = line;
    while (!content.empty() && (content.back() == '\n' || content.back() == '\r' ||
                                IsBlank(content.back()))) {
      content.remove_suffix(1);
    }
    if (content.empty()) {
      out.append(line);
    } else if (line.starts_with(indent)) {
      absl::StrAppend(&out, ToAbsl(indent), ToAbsl(unit), ToAbsl(line.substr(indent.size())));
    } else {
      absl::StrAppend(&out, ToAbsl(unit), ToAbsl(line));
    }
  }
  return out;
}

}  // namespace

std::optional<TextEdit> GuardEagerEdit(TSNode call, TSNode root, std::string_view text,
                                       const ImportTable& imports) {
  TSNode statement = ts_node_parent(call);
  if (!Is(call, "call") || !Is(statement, "expression_statement") ||
      NamedChildCount(statement) != 1 ||
      ts_node_start_byte(statement) != ts_node_start_byte(call) ||
      ts_node_end_byte(statement) != ts_node_end_byte(call) || ts_node_has_error(statement)) {
    return std::nullopt;
  }
  TSNode block = ts_node_parent(statement);
  if (!Is(block, "block") || AlreadyGuarded(block, text) ||
      !InFunctionWithTorchVisible(statement, text)) {
    return std::nullopt;
  }

  uint32_t start = ts_node_start_byte(statement), end = ts_node_end_byte(statement);
  if (end > text.size()) return std::nullopt;
  uint32_t first_line = LineStartOf(text, start);
  uint32_t last_line_end = LineContentEnd(text, end);
  std::string_view indent = LeadingBlanks(text, first_line);
  if (first_line + indent.size() != start || ContinuesPreviousLine(text, first_line) ||
      !OnlyCommentFollows(text.substr(end, last_line_end - end)) ||
      HasMultiLineString(statement) || !TorchIsTheTorchModule(root, text, imports)) {
    return std::nullopt;
  }

  std::string_view unit = IndentUnit(text, block, indent);
  TextEdit edit;
  edit.start = first_line;
  edit.end = last_line_end;
  edit.replacement =
      absl::StrCat(ToAbsl(indent), ToAbsl(kEagerGuard), ToAbsl(LineEndAt(text, first_line)),
                   Reindent(text.substr(first_line, last_line_end - first_line), indent, unit));
  return edit;
}

void AttachAutofix(TSNode report, const SourceFile& source, FileFacts& facts, Finding& finding) {
  if (finding.rule == nullptr || finding.rule->autofix != Rule::Autofix::kGuardEager) return;
  std::optional<TextEdit> edit =
      GuardEagerEdit(report, facts.root(), source.text(), facts.imports());
  if (!edit.has_value()) return;
  edit->start += source.content_offset();
  edit->end += source.content_offset();
  // text() reads lone `\r` line ends as `\n`; the file keeps its own.
  edit->replacement = source.ToFileLineEnds(edit->replacement);
  finding.edit = std::move(edit);
  finding.fix = absl::StrCat(ToAbsl(kGuardFixWords), "\n\n", finding.rule->fix);
}

}  // namespace gbreak
