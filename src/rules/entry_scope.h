#ifndef GBREAK_RULES_ENTRY_SCOPE_H_
#define GBREAK_RULES_ENTRY_SCOPE_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/entry_file_store.h"
#include "rules/file_check.h"
#include "rules/rule_engine.h"
#include "source/diagnostic.h"

namespace gbreak {

// An entry-scoped run (`gbreak lint --entry ...`): analyze what the named entries reach and
// nothing else, following calls across modules into the project and into site-packages.
struct EntryScopeOptions {
  // `module:Qualified.name` (a class is compiled through its forward) or a script path (its
  // torch.compile targets, and the forward of the classes it defines).
  std::vector<std::string> entries;
  // Where each entry was written, when in a configuration file (same order as `entries`; may be
  // shorter): the call chains of a module entry start there, so code scanning has an in-repo
  // line for breaks that all lie in site-packages.
  std::vector<CallStep> entry_sources;
  // The forward parameters the user's call passes (`--inputs input_ids,attention_mask`), for
  // module entries that do not name their own (`transformers:GPT2Model(input_ids)`): the
  // others hold their defaults, so `if pixel_values is not None:` folds. Unset: any may be given.
  std::optional<std::vector<std::string>> inputs;
  // The configuration the user runs (`--config`): field -> Python literal, over the defaults of
  // every model class's configuration class.
  std::map<std::string, std::string> config;
  std::vector<std::string> project_roots;  // searched first; each script's directory is added
  std::vector<std::string> library_roots;  // site-packages of the chosen interpreter
  int threads = 1;
  // Where the halves of a file's check made by earlier runs are kept (the result cache), or
  // none: every file reached is read and parsed.
  EntryFileStore* store = nullptr;
};

struct EntryScopeResult {
  std::vector<FileCheckResult> results;  // one per file read; findings only where reached
  std::vector<std::string> files;        // the files read, sorted
  std::vector<Diagnostic> diagnostics;   // entries that could not be resolved
  // What else the result depends on (for the result cache), sorted: the files and package
  // directories read without being parsed (export scans), and every directory a module lookup
  // looked in (a module file added there could change what a name resolves to).
  std::vector<std::string> depends_on;
};

// Reads files only as the call graph reaches them: the entry's module, then the modules its
// reachable functions call into (through re-exports, lazy `__init__` files and base classes),
// round after round until nothing new is reached. Each file is read and parsed once. Findings
// are kept only in functions reached from an entry, with the call chain from that entry and the
// library they live in.
EntryScopeResult CheckFromEntries(const EntryScopeOptions& options, const RuleEngine& engine,
                                  const FileCheckOptions& check_options);

}  // namespace gbreak

#endif  // GBREAK_RULES_ENTRY_SCOPE_H_
