#ifndef GBREAK_CLI_PATCH_COMMAND_H_
#define GBREAK_CLI_PATCH_COMMAND_H_

#include <string>
#include <vector>

#include "cli/lint_command.h"
#include "report/lint_report.h"

namespace gbreak {

// `--write-patches`: writes the entry run's patch file (report/patch_script.h) where the options
// say (`--patches-file`), else `<script>_fixed.py` beside the first script entry, else
// `gbreak_patches.py` in the current directory; says on stderr what it patched and what it could
// not. Returns false (after saying why) when the file cannot be written.
bool WritePatches(const LintReport& report, const LintOptions& options,
                  const std::vector<std::string>& entries, const std::string& torch_version);

}  // namespace gbreak

#endif  // GBREAK_CLI_PATCH_COMMAND_H_
