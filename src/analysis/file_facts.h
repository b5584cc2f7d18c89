#ifndef GBREAK_ANALYSIS_FILE_FACTS_H_
#define GBREAK_ANALYSIS_FILE_FACTS_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/call_index.h"
#include "analysis/compiled_region.h"
#include "analysis/function_bindings.h"
#include "analysis/value_inference.h"
#include "program/import_table.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// What the analysis knows about one parsed file, computed lazily the first time a predicate asks
// and kept until the file is done. One FileFacts per file per worker: no locking needed.
class FileFacts {
 public:
  FileFacts(TSNode root, std::string_view text, RegionOptions options = {})
      : root_(root), text_(text), options_(options), calls_(root, text), bindings_(text) {}

  TSNode root() const { return root_; }
  std::string_view text() const { return text_; }

  const ImportTable& imports();
  ValueInference& values();
  CompiledRegion& region();
  // QualifiedNames(expression) (program/import_table.h). The patterns of one structure are checked
  // one after the other on the same match (ten rules resolve every method call's callee), so the
  // last answer is kept.
  const std::vector<std::string>& QualifiedNamesOf(TSNode expression);
  // Functions passed to torch.cond / while_loop here (analysis/placement.h).
  const std::set<std::string>& higher_order_op_bodies();
  // The names of the file's functions decorated with functools.cached_property, and whether a
  // function is one; found once: the cached-property rule asks about every `self.<name>` read,
  // and most files have none.
  const std::set<std::string, std::less<>>& cached_property_names();
  bool IsCachedProperty(TSNode function);
  // Whether `needle` occurs in the bytes [start, end) of the text. Predicates use it to rule out
  // most matches before any walk (no `f"` in a function: it formats nothing); each needle's
  // offsets are found once per file, not once per match.
  bool TextContains(std::string_view needle, uint32_t start, uint32_t end);
  // The conditions branch_conditions.cc worked out for a block's early exits (syntax_queries.h
  // IsEarlyExit), in order: each exit's start byte and the condition it puts on the statements
  // after it (exits that put none are left out). Worked out once per block: every finding asks
  // about the blocks around it.
  using ExitConditions = std::vector<std::pair<uint32_t, std::string>>;
  // What the file's functions bind, by name (analysis/function_bindings.h): one index for the
  // file, shared with its region's guard folding.
  BindingIndex& bindings() { return bindings_; }
  // The file's calls by their callee's text (analysis/call_index.h).
  CallIndex& calls() { return calls_; }
  const ExitConditions* FindExitConditions(TSNode block) const;
  const ExitConditions& PutExitConditions(TSNode block, ExitConditions conditions);
  // branch_conditions.cc's answers on whether the local a None test tests is set only under
  // conditions, by the test's start byte and whether only call or configuration conditions
  // count: worked out once per test, and a test met again while its answer is being worked out
  // (a local set under a test of another set under a test of the first) finds "no" there.
  std::map<std::pair<uint32_t, bool>, bool>& set_conditionally() { return set_conditionally_; }
  // The modules this file's function-level imports hand out that put another object in their
  // place in sys.modules, when the program read them and decided (entry runs); unset when it
  // did not (a whole-tree run decides after the rules: #imports-replaced-module? defers).
  void SetReplacedImports(std::set<std::string> modules) { replaced_imports_ = std::move(modules); }
  const std::optional<std::set<std::string>>& replaced_imports() const { return replaced_imports_; }

 private:
  TSNode root_;
  std::string_view text_;
  std::unique_ptr<ImportTable> imports_;
  RegionOptions options_;
  CallIndex calls_;  // shared by the value inference and the region's guard folding
  BindingIndex bindings_;
  std::unique_ptr<ValueInference> values_;
  std::unique_ptr<CompiledRegion> region_;
  std::optional<std::set<std::string>> higher_order_op_bodies_;
  std::optional<std::set<std::string, std::less<>>> cached_property_names_;
  std::set<uint32_t> cached_property_starts_;  // their definitions' start bytes
  std::map<std::string, std::vector<uint32_t>, std::less<>> occurrences_;  // by needle
  std::map<uint32_t, ExitConditions> exit_conditions_;  // by the block's start byte
  std::map<std::pair<uint32_t, bool>, bool> set_conditionally_;
  std::optional<std::set<std::string>> replaced_imports_;
  TSNode last_qualified_{};
  std::vector<std::string> last_names_;
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_FILE_FACTS_H_
