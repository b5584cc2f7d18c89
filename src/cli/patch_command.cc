#include "cli/patch_command.h"

#include <filesystem>
#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "report/patch_script.h"
#include "cli/output_file.h"

namespace gbreak {
namespace {

namespace fs = std::filesystem;

// The first script among the entries ("" when all are module:Class).
std::string FirstScript(const std::vector<std::string>& entries) {
  for (const std::string& entry : entries) {
    if (entry.find(':') == std::string::npos) return entry;
  }
  return "";
}

std::string DefaultPatchFile(const std::string& script) {
  if (script.empty()) return "gbreak_patches.py";
  fs::path path(script);
  return (path.parent_path() / (path.stem().string() + "_fixed.py")).string();
}

}  // namespace

bool WritePatches(const LintReport& report, const LintOptions& options,
                  const std::vector<std::string>& entries, const std::string& torch_version) {
  std::string script = FirstScript(entries);
  std::string target = options.patches_file.empty() ? DefaultPatchFile(script)
                                                    : options.patches_file;
  PatchScriptOptions patch;
  patch.entry = absl::StrJoin(entries, " ");
  patch.torch_version = torch_version;
  patch.gbreak_version = GBREAK_VERSION;
  patch.set_settings = options.unsafe_fixes;
  if (!script.empty()) {
    // The patch file finds the script relative to itself, wherever it is run from.
    std::error_code error;
    fs::path directory = fs::absolute(target, error).parent_path();
    fs::path relative = fs::absolute(script, error).lexically_relative(directory);
    patch.script = relative.empty() ? fs::absolute(script, error).string() : relative.string();
  }
  PatchScript made = MakePatchScript(report.findings, patch);
  for (const std::string& skipped : made.skipped) std::cerr << "gbreak: " << skipped << "\n";
  if (made.functions.empty() && made.settings.empty()) {
    // Commented-out settings alone change nothing: no file for them, the findings say it.
    made.text.clear();
  }
  if (made.text.empty()) {
    std::cerr << "gbreak: --write-patches: nothing to patch (no library finding has a mechanical "
                 "fix"
              << (made.suggested.empty()
                      ? ", and no finding a Dynamo setting that traces it); "
                      : absl::StrCat("; Dynamo settings would trace some findings (",
                                     absl::StrJoin(made.suggested, ", "),
                                     "): --unsafe-fixes sets them); "))
              << target << " not written\n";
    return true;
  }
  std::error_code not_there;
  if (!script.empty() && fs::equivalent(target, script, not_there)) {
    std::cerr << "gbreak: error: --patches-file would overwrite the script " << script << "\n";
    return false;
  }
  if (absl::Status written = WriteOutput(target, made.text); !written.ok()) {
    std::cerr << "gbreak: error: " << target << ": cannot write the patches: "
              << written.message() << "\n";
    return false;
  }
  size_t fixed = 0;
  for (const PatchedFunction& f : made.functions) fixed += f.fixed.size();
  std::cerr << "gbreak: wrote " << target << ": " << made.functions.size() << " library function"
            << (made.functions.size() == 1 ? "" : "s") << " patched (" << fixed << " finding"
            << (fixed == 1 ? "" : "s") << "), " << made.settings.size() << " Dynamo setting"
            << (made.settings.size() == 1 ? "" : "s") << " set"
            << (made.suggested.empty()
                    ? ""
                    : absl::StrCat(" (", made.suggested.size(), " more suggested in comments: "
                                   "--unsafe-fixes sets them)"))
            << (script.empty() ? "; import it before building the model\n"
                               : "; run it instead of the script\n");
  return true;
}

}  // namespace gbreak
