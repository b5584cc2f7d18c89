#ifndef GBREAK_RULES_FINDING_H_
#define GBREAK_RULES_FINDING_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "rules/rule.h"

namespace gbreak {

// A point in a file: a byte offset into the file on disk, and the 1-based line and character
// column derived from it once.
struct SourcePosition {
  uint32_t offset = 0;
  int line = 1;
  int column = 1;
};

// Where a break sits changes what it costs (Dynamo's documented behaviour).
enum class Placement {
  kPlain,
  kInLoop,            // Dynamo gives up on the whole function and runs it eagerly
  kInWith,            // likewise, inside a `with` block
  kLastStatement,     // costs no extra graph
  kInHigherOrderOp,   // inside a torch.cond / while_loop body: a hard error
};

std::string_view PlacementName(Placement placement);

// One step of the call chain from a compiled entry to the finding's line.
struct CallStep {
  std::string path;
  int line = 0;
  std::string function;  // qualified, e.g. "GPT2Block.forward"
};

// A mechanical edit (`--fix`): replace [start, end) (file byte offsets) with `replacement`.
struct TextEdit {
  uint32_t start = 0;
  uint32_t end = 0;
  std::string replacement;
};

// What a runtime log said about the finding's statement (filled by the log cross-check).
struct RuntimeStatus {
  enum class Kind {
    kNotChecked,  // no log was given
    kConfirmed,   // Dynamo broke the graph at this statement
    kNotSeen,     // a log was given, and it shows no break here
  };
  Kind kind = Kind::kNotChecked;
  int break_count = 0;   // how many times Dynamo broke here (per layer, per call)
  int graphs_added = 0;  // graphs that exist because of this break
  std::string reason;    // the log's reason text (Gb_type)
  std::string registry_id;
};

// The execution modes a finding applies to (`self.training` is constant within one compiled run).
struct Modes {
  bool eval = true;
  bool train = true;
};

// A fact about another module that a finding holds only under, and that the file's own
// analysis cannot know in a whole-tree run: the program graph, built from every file's summary,
// keeps or drops the finding (rules/reachability.h). Entry runs read those modules first and
// decide most of these before the rules run.
struct ProgramRequirement {
  enum class Kind {
    kNone,
    kDisabledCallee,  // `name`, a qualified function of another module a call makes, must be
                      // disabled (#calls-disabled?)
    kReplacedModule,  // `name`, the dotted module an import returns, must put another object in
                      // its place in sys.modules (#imports-replaced-module?,
                      // ModuleSummary::replaces_itself)
  };
  Kind kind = Kind::kNone;
  std::string name;

  bool deferred() const { return kind != Kind::kNone; }
};

// One finding. It carries everything every output needs, so no writer re-derives anything.
struct Finding {
  const Rule* rule = nullptr;  // owned by the rule set, which outlives every finding
  std::string path;            // as discovered (relative to where gbreak runs)
  SourcePosition start;
  SourcePosition end;
  std::string message;
  Confidence confidence = Confidence::kCertain;
  Placement placement = Placement::kPlain;
  Modes modes;
  std::string function;               // the module function or method it runs in ("Net.forward")
  ProgramRequirement requirement;        // kept only if the program graph finds this true
  bool reached = true;                // reached from an entry of its own file (else the
                                      // program-wide call graph decides whether to keep it)
  std::string origin = "user";        // "user", or the library it lives in ("transformers")
  std::string module;                 // its module's dotted name (entry runs; "" otherwise)
  std::vector<CallStep> call_chain;   // from the compiled entry to this line (may be empty)
  // What must hold for the run to reach this line, when gbreak cannot decide it ("`pixel_values`
  // is given"); empty when any call of the entry reaches it (entry runs only).
  std::vector<std::string> conditions;
  // It runs only on the way to an exception (an `except` body, a `raise`, a block that ends by
  // raising: analysis/syntax_queries.h OnErrorPath); not reported unless --error-paths.
  bool error_path = false;
  std::string fix;                    // the concrete suggestion in words (rule.fix when empty)
  std::optional<TextEdit> edit;       // when the fix is mechanical
  // An edit only a patch file can make (report/patch_script.h), never applied to the file: the
  // logging guard in a module that binds no `torch` at all, which the patch file hands in.
  std::optional<TextEdit> patch_edit;
  // Whether `edit` keeps behaviour; an unsafe edit is made only with --unsafe-fixes (the CLI
  // drops it otherwise, keeping `fix`, which shows the edit in words).
  FixSafety fix_safety = FixSafety::kSafe;
  RuntimeStatus runtime;
  // Read by the pass after matching (rules/frame_skip.h), from the pattern's `#set!` directives
  // (rules/query_predicates.h); in no output and never cached.
  bool resumes = true;  // Dynamo resumes the function after this break
  // The values whose being graph inputs of the frame would spare the break, as byte ranges of
  // the parsed text (no byte-order mark).
  std::vector<std::pair<uint32_t, uint32_t>> frame_input_ok;

  // Deterministic output order: file, line, column, rule code, then message.
  friend bool operator<(const Finding& a, const Finding& b) {
    return std::tie(a.path, a.start.line, a.start.column, a.rule->code, a.message) <
           std::tie(b.path, b.start.line, b.start.column, b.rule->code, b.message);
  }
};

}  // namespace gbreak

#endif  // GBREAK_RULES_FINDING_H_
