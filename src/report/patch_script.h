#ifndef GBREAK_REPORT_PATCH_SCRIPT_H_
#define GBREAK_REPORT_PATCH_SCRIPT_H_

#include <string>
#include <vector>

#include "rules/finding.h"

namespace gbreak {

// What the patch file of an entry run is for.
struct PatchScriptOptions {
  // The script the file runs after patching (`train.py`, as the patch file reaches it: relative to
  // the patch file's directory, or absolute); "" for a module entry, whose patch file is a module
  // the user imports before building the model.
  std::string script;
  std::string entry;            // as the user gave it, for the header
  std::string torch_version;    // the torch version the rules were selected for
  std::string gbreak_version;
  // Set the Dynamo settings (`--unsafe-fixes`). They are unsafe: where later code branches on
  // the traced value, Dynamo 2.13 raises GuardOnDataDependentSymNode instead of breaking the
  // graph (measured on the sweep: docs/accuracy.md), so without it they are written as comments.
  bool set_settings = false;
};

// One library function the file replaces, or why a fixable finding's function is not replaced.
struct PatchedFunction {
  std::string module;     // transformers.models.bert.modeling_bert
  std::string qualname;   // BertSelfAttention.forward
  std::string path;       // the file, as reported
  int first_line = 0;     // its lines in the file (decorators included)
  int last_line = 0;
  std::vector<const Finding*> fixed;  // the findings its edits remove
};

struct PatchScript {
  std::string text;                       // the Python file; "" when there is nothing to patch
  std::vector<PatchedFunction> functions;  // in the file's order
  std::vector<std::string> settings;       // `torch._dynamo.config` keys the file sets
  std::vector<std::string> suggested;      // keys it only suggests (no --unsafe-fixes)
  std::vector<std::string> skipped;        // "path:line: why", for the user
};

// The `<script>_fixed.py` (script entry) or `gbreak_patches.py` (module entry) of an entry run:
// a Python file that, without editing any library file, replaces each library function holding
// a finding with a mechanical edit (the rules' autofixes: a logging call guarded by
// `torch.compiler.is_compiling()`, a tensor assert turned into `torch._check`) by a copy of it
// with the edits applied, and sets the `torch._dynamo.config` values under which the findings
// of `unless_config` rules trace instead of breaking (`capture_scalar_outputs`, ...). Then a
// script's file runs the script unchanged (runpy, as `__main__`).
//
// The file stays readable: one block per function, its source as in the library with the edits
// applied, a comment naming each break it removes (rule, file:line) and the library version it
// was generated against. At import each block checks that the library's version and the
// function's lines (SHA-256 of the bytes gbreak read) are unchanged, and refuses to patch
// otherwise, saying why. The copy runs in the library module's globals (and, for a method, with
// the class as `__class__`, so `super()` works), so it sees the names the original sees.
//
// Reads (and parses) each library file with a fixable finding once more, to copy its functions.
// Functions it cannot copy faithfully are skipped, each with a reason: one defined inside
// another function, one reading a name-mangled `self.__x`, a file that changed since it was
// read. Findings must come from an entry run (their `module` is set); user files are left to
// `--fix`.
PatchScript MakePatchScript(const std::vector<Finding>& findings,
                            const PatchScriptOptions& options);

}  // namespace gbreak

#endif  // GBREAK_REPORT_PATCH_SCRIPT_H_
