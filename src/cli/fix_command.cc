#include "cli/fix_command.h"

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>
#include <map>
#include <tuple>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "cli/output_file.h"
#include "report/unified_diff.h"
#include "source/atomic_file.h"
#include "source/file_reader.h"

namespace gbreak {
namespace {

// The file was read once already; a fix must not fail on the size limit the second time.
constexpr uint64_t kNoSizeLimit = std::numeric_limits<uint64_t>::max();

std::string Count(size_t n, std::string_view noun) {
  return absl::StrCat(n, " ", absl::string_view(noun.data(), noun.size()), n == 1 ? "" : "s");
}

bool SameEdit(const TextEdit& a, const TextEdit& b) {
  return a.start == b.start && a.end == b.end && a.replacement == b.replacement;
}

// The file's bytes, if the edits still fit them (the file may have changed since it was read).
absl::StatusOr<std::string> ReadForFix(const FilePlan& plan) {
  absl::StatusOr<std::string> bytes = ReadFileBytes(plan.path, kNoSizeLimit);
  if (!bytes.ok()) return bytes.status();
  for (const TextEdit& edit : plan.edits) {
    if (edit.end > bytes->size()) {
      return absl::FailedPreconditionError("the file changed while gbreak ran");
    }
  }
  return bytes;
}

void PrintFixError(const std::string& path, const absl::Status& status) {
  std::cerr << "gbreak: error: " << path << ": cannot fix: " << status.message()
            << "; the file was left unchanged (make it writable and run again, or apply the "
               "edits `gbreak lint --diff` shows by hand)\n";
}

}  // namespace

std::vector<FilePlan> PlanFixes(const std::vector<Finding>& findings) {
  std::map<std::string, std::vector<size_t>> by_file;  // path -> findings with an edit
  for (size_t i = 0; i < findings.size(); ++i) {
    if (findings[i].edit.has_value() && findings[i].origin == "user") {
      by_file[findings[i].path].push_back(i);
    }
  }
  std::vector<FilePlan> plans;
  for (auto& [path, indexes] : by_file) {
    std::stable_sort(indexes.begin(), indexes.end(), [&](size_t a, size_t b) {
      const TextEdit &x = *findings[a].edit, &y = *findings[b].edit;
      return std::tie(x.start, x.end) < std::tie(y.start, y.end);
    });
    FilePlan plan;
    plan.path = path;
    for (size_t i : indexes) {
      const TextEdit& edit = *findings[i].edit;
      if (!plan.edits.empty()) {
        const TextEdit& previous = plan.edits.back();
        if (SameEdit(edit, previous)) {
          plan.fixed.push_back(i);
          continue;
        }
        // Two insertions at one point overlap too: their order would be a guess.
        if (edit.start < previous.end || edit.start == previous.start) continue;
      }
      plan.edits.push_back(edit);
      plan.fixed.push_back(i);
    }
    plans.push_back(std::move(plan));
  }
  return plans;
}

int ShowFixes(const LintReport& report, const LintOptions& options, bool had_error) {
  std::string diff;
  size_t fixable = 0, files = 0;
  for (const FilePlan& plan : PlanFixes(report.findings)) {
    absl::StatusOr<std::string> bytes = ReadForFix(plan);
    if (!bytes.ok()) {
      std::cerr << "gbreak: error: " << plan.path << ": cannot show the fix: "
                << bytes.status().message() << "\n";
      had_error = true;
      continue;
    }
    std::string file_diff = UnifiedDiff(plan.path, *bytes, plan.edits);
    if (file_diff.empty()) continue;
    diff += file_diff;
    fixable += plan.fixed.size();
    ++files;
  }
  if (absl::Status written = WriteOutput(options.output_file, diff); !written.ok()) {
    std::cerr << "gbreak: error: " << written.message() << "\n";
    return kExitError;
  }
  std::cerr << "Would fix " << Count(fixable, "finding") << " in " << Count(files, "file")
            << ".\n";
  if (had_error) return kExitError;
  return fixable > 0 && !options.exit_zero ? kExitFindings : kExitClean;
}

size_t DropUnsafeEdits(std::vector<Finding>& findings) {
  size_t dropped = 0;
  for (Finding& f : findings) {
    if (f.fix_safety != FixSafety::kUnsafe) continue;
    f.patch_edit.reset();
    if (!f.edit.has_value()) continue;
    if (f.origin == "user") ++dropped;
    f.edit.reset();
  }
  return dropped;
}

void NoteHiddenFixes(size_t hidden) {
  if (hidden == 0) return;
  std::cerr << "gbreak: note: " << hidden << (hidden == 1 ? " unsafe fix" : " unsafe fixes")
            << " not made (they may change behaviour; `--unsafe-fixes` makes them, `gbreak explain "
               "CODE` says what changes)\n";
}

bool HasFixes(const std::vector<Finding>& findings) { return !PlanFixes(findings).empty(); }

int FixAndRelint(const LintReport& report, const LintOptions& options) {
  size_t fixed = 0, files = 0;
  bool ok = true;
  for (const FilePlan& plan : PlanFixes(report.findings)) {
    absl::StatusOr<std::string> bytes = ReadForFix(plan);
    absl::Status status = bytes.status();
    if (status.ok()) {
      std::string after = ApplyEdits(*bytes, plan.edits);
      if (after == *bytes) continue;
      status = WriteFileAtomically(plan.path, after);
    }
    if (!status.ok()) {
      PrintFixError(plan.path, status);
      ok = false;
      continue;
    }
    fixed += plan.fixed.size();
    ++files;
  }
  // The edits moved lines: report what remains from the files as they are now.
  LintOptions again = options;
  again.fix = false;
  int status = RunLint(again);
  std::cerr << "Fixed " << Count(fixed, "finding") << " in " << Count(files, "file") << ".\n";
  return ok ? status : kExitError;
}

}  // namespace gbreak
