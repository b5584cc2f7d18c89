#ifndef GBREAK_RULES_EDIT_TEXT_H_
#define GBREAK_RULES_EDIT_TEXT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "analysis/function_bindings.h"
#include "program/import_table.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// What the `--fix` edit builders (rules/fix_edit.h, rules/tensor_check_edit.h,
// rules/tensor_select_edit.h) ask of the text
// around a statement before they rewrite it. Offsets are into SourceFile::text().

bool IsBlank(char c);

// Offset of the first byte of the line holding `offset`.
uint32_t LineStartOf(std::string_view text, uint32_t offset);

// Offset just past the last character of the line holding `offset`, before "\n" or "\r\n".
uint32_t LineContentEnd(std::string_view text, uint32_t offset);

// Offset of the first byte of the line after the one holding `offset` (past its "\n"), or the
// text's end on the last line.
uint32_t NextLineStartOf(std::string_view text, uint32_t offset);

// The line end the file uses around `line_start`: that line's own, or for a last line without
// one, the previous line's.
std::string_view LineEndAt(std::string_view text, uint32_t line_start);

// The spaces and tabs a line starts with.
std::string_view LeadingBlanks(std::string_view text, uint32_t line_start);

// True when nothing but spaces, tabs and a comment follows the statement on its last line.
bool OnlyCommentFollows(std::string_view rest);

// True when the line before `line_start` ends with a backslash: the statement would then
// continue a logical line that started there.
bool ContinuesPreviousLine(std::string_view text, uint32_t line_start);

// True when a string literal inside `node` spans lines: indenting its lines would change it.
bool HasMultiLineString(TSNode node);

// True when a comment in [start, end) of `node` lies outside every node of `kept`: an edit
// that replaces that text with the kept nodes' text would drop it.
bool DropsAComment(TSNode node, uint32_t end, const std::vector<TSNode>& kept);

// True when `node` sits in a function, and no enclosing function has a parameter `torch` (nor
// is a lambda): a `torch.` the edit writes there means the module's `torch`. The parameters are
// looked up in the file's index (a function of many parameters has many findings to fix).
bool InFunctionWithTorchVisible(TSNode node, BindingIndex& bindings);

// What `torch` means in a module, for an edit that writes `torch.`:
enum class TorchName {
  // the torch package, by a top-level `import torch` (or `import torch.x`) that no module-level
  // definition rebinds: the edit can write `torch.` as it is
  kTorchModule,
  // nothing: no import or module-level definition binds it (a patch file can hand it in)
  kUnbound,
  // something else, or torch only under a condition (an import in a function or an `if`)
  kOther,
};
TorchName TorchNameIn(TSNode root, std::string_view text, const ImportTable& imports);

// TorchNameIn(...) == TorchName::kTorchModule.
bool TorchIsTheTorchModule(TSNode root, std::string_view text, const ImportTable& imports);

}  // namespace gbreak

#endif  // GBREAK_RULES_EDIT_TEXT_H_
