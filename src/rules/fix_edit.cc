#include "rules/fix_edit.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "rules/edit_text.h"
#include "rules/tensor_check_edit.h"
#include "rules/tensor_select_edit.h"
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

// The tensor-check fix in words: the call itself (a suggestion to copy when the edit is not
// made) and what it changes, which is why it is an unsafe fix (rules/tensor_check_edit.h).
std::string TensorCheckWords(std::string_view replacement) {
  return absl::StrCat(
      "Check in the graph instead: `", ToAbsl(replacement),
      "`. Dynamo records it as a graph op with\n"
      "its message. It is an unsafe fix: a failing check raises RuntimeError (not AssertionError\n"
      "or the raised type) in eager runs too, the message is built on every call, `python -O`\n"
      "keeps it, and on CUDA it fails asynchronously, leaving the CUDA context unusable;\n"
      "`gbreak lint --fix --unsafe-fixes` makes this edit here.");
}

// The select fix in words, and why it is unsafe (rules/tensor_select_edit.h).
constexpr std::string_view kTensorSelectWords =
    "Select in the graph instead: compute the branch's value and keep it or the old one with\n"
    "`torch.where(cond, new, old)`, which Dynamo traces without reading the condition. It is an\n"
    "unsafe fix: the branch's expressions now run on every call (cost, and an expression that\n"
    "raises where the branch would not have run now raises); `gbreak lint --fix --unsafe-fixes`\n"
    "makes this edit here.";

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
                                       const ImportTable& imports, BindingIndex& bindings,
                                       bool* torch_from_outside) {
  TSNode statement = ts_node_parent(call);
  if (!Is(call, "call") || !Is(statement, "expression_statement") ||
      NamedChildCount(statement) != 1 ||
      ts_node_start_byte(statement) != ts_node_start_byte(call) ||
      ts_node_end_byte(statement) != ts_node_end_byte(call) || ts_node_has_error(statement)) {
    return std::nullopt;
  }
  TSNode block = ts_node_parent(statement);
  if (!Is(block, "block") || AlreadyGuarded(block, text) ||
      !InFunctionWithTorchVisible(statement, bindings)) {
    return std::nullopt;
  }

  uint32_t start = ts_node_start_byte(statement), end = ts_node_end_byte(statement);
  if (end > text.size()) return std::nullopt;
  uint32_t first_line = LineStartOf(text, start);
  uint32_t last_line_end = LineContentEnd(text, end);
  std::string_view indent = LeadingBlanks(text, first_line);
  if (first_line + indent.size() != start || ContinuesPreviousLine(text, first_line) ||
      !OnlyCommentFollows(text.substr(end, last_line_end - end)) ||
      HasMultiLineString(statement)) {
    return std::nullopt;
  }
  TorchName torch = TorchNameIn(root, text, imports);
  bool torch_bound = torch == TorchName::kTorchModule;
  if (!torch_bound && !(torch == TorchName::kUnbound && torch_from_outside != nullptr)) {
    return std::nullopt;
  }
  // `torch` handed in from outside is a closure variable: a function that binds `torch` itself
  // (`import torch` in its body) makes it a local everywhere in that function.
  if (!torch_bound) {
    for (TSNode n = ts_node_parent(statement); !ts_node_is_null(n); n = ts_node_parent(n)) {
      if (Is(n, "function_definition") && bindings.BindsInAnyWay(n, "torch")) {
        return std::nullopt;
      }
    }
  }
  if (torch_from_outside != nullptr) *torch_from_outside = !torch_bound;

  std::string_view unit = IndentUnit(text, block, indent);
  TextEdit edit;
  edit.start = first_line;
  edit.end = last_line_end;
  edit.replacement =
      absl::StrCat(ToAbsl(indent), ToAbsl(kEagerGuard), ToAbsl(LineEndAt(text, first_line)),
                   Reindent(text.substr(first_line, last_line_end - first_line), indent, unit));
  return edit;
}

namespace {

// The edit for `report` of the rule's autofix kind, in `source.text()` offsets, and the fix in
// words that goes with it.
std::optional<TextEdit> EditFor(Rule::Autofix kind, TSNode report, const SourceFile& source,
                                FileFacts& facts, std::string* words, bool* torch_from_outside) {
  if (kind == Rule::Autofix::kGuardEager) {
    *words = kGuardFixWords;
    return GuardEagerEdit(report, facts.root(), source.text(), facts.imports(),
                          facts.bindings(), torch_from_outside);
  }
  if (kind == Rule::Autofix::kTensorCheck || kind == Rule::Autofix::kTensorBranch) {
    std::optional<TextEdit> edit = TensorCheckEdit(report, facts);
    if (edit.has_value()) {
      *words = TensorCheckWords(edit->replacement);
      return edit;
    }
  }
  if (kind == Rule::Autofix::kTensorBranch) {
    std::optional<TextEdit> edit = TensorSelectEdit(report, facts);
    if (edit.has_value()) *words = kTensorSelectWords;
    return edit;
  }
  return std::nullopt;
}

}  // namespace

void AttachAutofix(TSNode report, const SourceFile& source, FileFacts& facts, Finding& finding) {
  if (finding.rule == nullptr) return;
  std::string words;
  bool torch_from_outside = false;
  std::optional<TextEdit> edit =
      EditFor(finding.rule->autofix, report, source, facts, &words, &torch_from_outside);
  if (!edit.has_value()) return;
  edit->start += source.content_offset();
  edit->end += source.content_offset();
  // text() reads lone `\r` line ends as `\n`; the file keeps its own.
  edit->replacement = source.ToFileLineEnds(edit->replacement);
  if (torch_from_outside) {
    finding.patch_edit = std::move(edit);  // the file's own fix stays in words
    finding.fix_safety = finding.rule->fix_safety;
    return;
  }
  finding.edit = std::move(edit);
  finding.fix_safety = finding.rule->fix_safety;
  finding.fix = absl::StrCat(words, "\n\n", finding.rule->fix);
}

}  // namespace gbreak
