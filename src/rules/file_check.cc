#include "rules/file_check.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "analysis/branch_conditions.h"
#include "analysis/guards.h"
#include "source/absl_compat.h"
#include "source/encoding.h"
#include "source/file_reader.h"
#include "rules/suppression.h"
#include "syntax/syntax_check.h"

namespace gbreak {
namespace {

// The built-in rules for problems with the file itself (rules/syntax-error.toml etc.).
constexpr std::string_view kSyntaxError = "GX001";
constexpr std::string_view kInvalidEncoding = "GX002";
constexpr std::string_view kNulByte = "GX003";

// Whether Dynamo never runs `node` in any mode the run analyzes: a branch around it folds away
// under what the program told the file (a configuration default, a parameter no call passes).
bool NeverRuns(TSNode node, FileFacts& facts) {
  const RegionOptions& options = facts.region().options();
  for (Mode mode : {Mode::kEval, Mode::kTrain}) {
    if (!(mode == Mode::kEval ? options.eval : options.train)) continue;
    if (!IsGuardedAway(node, facts.text(), facts.imports(), mode, facts.region().truth_cache(),
                       options.reduced_precision)) {
      return false;
    }
  }
  return true;
}

}  // namespace

FileChecker::FileChecker(const RuleEngine& engine, FileCheckOptions options)
    : engine_(engine),
      options_(options),
      parser_(NewPythonParser()),
      cursor_(ts_query_cursor_new()) {}

void FileChecker::CheckEncoding(const SourceFile& source, FileCheckResult& result) const {
  std::string_view text = source.text();
  if (const Rule* rule = engine_.FindByCode(kNulByte)) {
    if (std::optional<uint32_t> at = FindNulByte(text)) {
      result.findings.push_back(MakeFinding(
          *rule, source, *at, *at + 1,
          "source contains a NUL byte; Python refuses the file (\"source code cannot contain "
          "null bytes\")"));
    }
  }
  if (const Rule* rule = engine_.FindByCode(kInvalidEncoding)) {
    std::string declared = DeclaredEncoding(text);
    if (!declared.empty() && !IsUtf8EncodingName(declared)) return;  // PEP 263 says otherwise
    if (std::optional<uint32_t> at = FindInvalidUtf8(text)) {
      result.findings.push_back(MakeFinding(
          *rule, source, *at, *at + 1,
          absl::StrFormat("invalid UTF-8 (byte 0x%02X); Python reads source as UTF-8 unless a "
                          "coding line declares another encoding",
                          static_cast<unsigned char>(text[*at]))));
    }
  }
}

void FileChecker::CheckSyntax(const SourceFile& source, TSNode root,
                              FileCheckResult& result) const {
  const Rule* rule = engine_.FindByCode(kSyntaxError);
  if (rule == nullptr) return;
  // Parse errors, and what the grammar takes but CPython refuses (Python 2, nesting limits).
  std::optional<SyntaxProblem> problem = FindSyntaxProblem(source, root);
  if (!problem.has_value()) return;
  result.findings.push_back(
      MakeFinding(*rule, source, problem->start, problem->end, std::move(problem->message)));
}

FileCheckResult FileChecker::Check(const std::string& path, const std::string& module) {
  TreeIndexScope tree_index;  // one index of the tree for both steps
  std::unique_ptr<PreparedFile> file = Prepare(path, module);
  return Finish(*file, nullptr);
}

FileCheckResult FileChecker::CheckText(const std::string& path, const std::string& module,
                                       std::string bytes) {
  TreeIndexScope tree_index;
  std::unique_ptr<PreparedFile> file = PrepareText(path, module, std::move(bytes));
  return Finish(*file, nullptr);
}

std::unique_ptr<PreparedFile> FileChecker::Prepare(const std::string& path,
                                                   const std::string& module) {
  absl::StatusOr<std::string> bytes = ReadFileBytes(path, options_.max_file_bytes);
  if (!bytes.ok()) {
    auto file = std::make_unique<PreparedFile>();
    Diagnostic::Level level = absl::IsResourceExhausted(bytes.status())
                                  ? Diagnostic::Level::kWarning
                                  : Diagnostic::Level::kError;
    file->result.diagnostics.push_back({level, path, 0, std::string(bytes.status().message())});
    return file;
  }
  return PrepareText(path, module, *std::move(bytes));
}

std::unique_ptr<PreparedFile> FileChecker::PrepareText(const std::string& path,
                                                       const std::string& module,
                                                       std::string bytes) {
  auto file = std::make_unique<PreparedFile>();
  FileCheckResult& result = file->result;
  result.bytes = bytes.size();
  file->source = std::make_unique<SourceFile>(path, std::move(bytes));
  const SourceFile& source = *file->source;
  std::string declared = DeclaredEncoding(source.text());
  file->source->set_single_byte_encoding(!declared.empty() && !IsUtf8EncodingName(declared));
  CheckEncoding(source, result);

  absl::Time parse_start = absl::Now();
  file->tree = ParsePython(parser_.get(), source.text());
  absl::Time parse_end = absl::Now();
  result.parse_time = parse_end - parse_start;
  if (file->tree == nullptr) {
    result.diagnostics.push_back(
        {Diagnostic::Level::kError, path, 0, "the parser gave up on this file"});
    file->source.reset();
    return file;
  }
  TSNode root = ts_tree_root_node(file->tree.get());
  TreeIndexScope tree_index;  // this tree outlives the scope
  CheckSyntax(source, root, result);
  file->facts = std::make_unique<FileFacts>(root, source.text(), options_.region);
  if (options_.region.defer_reachability) {
    bool is_package = path.ends_with("__init__.py") || path.ends_with("__init__.pyi");
    result.summary = file->facts->region().Summarize(
        path, module.empty() ? ModuleNameOf(path) : module, is_package);
  }
  result.analysis_time = absl::Now() - parse_end;
  return file;
}

FileCheckResult FileChecker::Finish(PreparedFile& file,
                                    const std::vector<std::pair<uint32_t, uint32_t>>* ranges,
                                    ProgramFacts program) {
  FileCheckResult result = std::move(file.result);
  if (file.facts != nullptr) {
    if (!program.defaulted.empty()) {
      file.facts->values().SetDefaulted(program.defaulted);
      file.facts->region().SetDefaultedParameters(std::move(program.defaulted));
    }
    if (!program.calls_known.empty()) {
      file.facts->region().truth_cache()->SetCallsKnown(std::move(program.calls_known));
    }
    if (!program.calls_here.empty()) {
      file.facts->region().truth_cache()->SetCallsHere(std::move(program.calls_here));
    }
    if (!program.config_defaults.empty()) {
      file.facts->region().truth_cache()->SetConfigDefaults(std::move(program.config_defaults));
    }
    if (!program.tensor_passed.empty()) {
      file.facts->values().SetTensorPassed(std::move(program.tensor_passed));
    }
    if (!program.unknown_inputs.empty()) {
      file.facts->region().truth_cache()->SetUnknownInputs(std::move(program.unknown_inputs));
    }
    if (program.replaced_imports) {
      file.facts->SetReplacedImports(*std::move(program.replaced_imports));
    }
    TreeIndexScope tree_index;  // the tree is freed only after the scope
    absl::Time start = absl::Now();
    TSNode root = ts_tree_root_node(file.tree.get());
    engine_.Run(*file.source, *file.facts, cursor_.get(), &result.findings, ranges);
    ApplySuppressions(*file.source, root, engine_, &result.findings);
    for (const auto& [start, end] : program.call_sites) {
      TSNode call = ts_node_descendant_for_byte_range(root, start, end);
      if (ts_node_is_null(call)) continue;
      if (NeverRuns(call, *file.facts)) {
        result.calls_never_run.insert(start);
        continue;
      }
      std::vector<std::string> conditions = UndecidedInputConditions(call, *file.facts);
      if (!conditions.empty()) result.call_conditions[start] = absl::StrJoin(conditions, " and ");
    }
    result.analysis_time += absl::Now() - start;
    result.analyzed = true;
  }
  // Done with the file: free its tree and text now, not when the run ends.
  if (file.tree != nullptr) ForgetTreeIndex(file.tree.get());
  file.facts.reset();
  file.tree.reset();
  file.source.reset();
  return result;
}

}  // namespace gbreak
