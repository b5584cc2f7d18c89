#ifndef GBREAK_RULES_FIX_EDIT_H_
#define GBREAK_RULES_FIX_EDIT_H_

#include <optional>
#include <string_view>

#include "analysis/file_facts.h"
#include "program/import_table.h"
#include "rules/finding.h"
#include "source/source_file.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// The line the guard edit puts above the statement it wraps.
inline constexpr std::string_view kEagerGuard = "if not torch.compiler.is_compiling():";

// The edit that wraps the statement `call` makes up in `if not torch.compiler.is_compiling():`
// (Dynamo constant-folds the test and drops the branch; eager runs still execute the call), or
// nothing when that edit is not both mechanical and safe. It is made only when
//   - `call` is the whole expression of an expression statement in a function body,
//   - that statement has its lines to itself (no `;`, not the body of a one-line `if x: ...`,
//     no backslash continuation into or out of it),
//   - no string literal in it spans lines (re-indenting would change the string),
//   - the module binds `torch` to the torch package with a top-level `import torch` (or `import
//     torch.x`), and neither a module-level definition nor a parameter of an enclosing function
//     shadows it. With `torch_from_outside` given, a module that binds no `torch` at all also
//     gets the edit, and *torch_from_outside says so: only a patch file, which supplies `torch`,
//     can make it.
// The edit replaces the statement's whole lines (without the last line's end) with the guard
// line at the statement's indentation and the statement's lines indented one more level (the
// file's indentation unit, from the enclosing block), keeping the file's line ends (CRLF stays
// CRLF). Offsets are into `text` (SourceFile::text()).
std::optional<TextEdit> GuardEagerEdit(TSNode call, TSNode root, std::string_view text,
                                       const ImportTable& imports, BindingIndex& bindings,
                                       bool* torch_from_outside = nullptr);

// Gives `finding` (made for the node `report`) its edit, the edit's safety (the rule's
// fix_safety) and the fix in words when its rule has an autofix (Rule::autofix: the guard edit
// above, rules/tensor_check_edit.h or rules/tensor_select_edit.h) and the edit is mechanical
// here. Edit offsets become file offsets. A guard edit that needs `torch` from outside goes to Finding::patch_edit instead.
void AttachAutofix(TSNode report, const SourceFile& source, FileFacts& facts, Finding& finding);

}  // namespace gbreak

#endif  // GBREAK_RULES_FIX_EDIT_H_
