#ifndef GBREAK_LOGS_MLIR_LOC_H_
#define GBREAK_LOGS_MLIR_LOC_H_

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gbreak {

// One Python frame of a location. The views point into the module's alias table (or decoded
// strings it owns) and stay valid until ModuleLocs::Clear().
struct LocFrame {
  std::string_view file;
  std::string_view function;
  int line = 0;
};

// A location flattened to what gbreak needs (logs.md §2.6 step 4).
struct LocView {
  std::string_view op_name;  // "aten__add", "add.6", "" when none
  const LocFrame* frames = nullptr;  // innermost first
  size_t size = 0;
};

// The locations of one MLIR module: alias definitions (`#locN = loc(...)`, usually printed after
// the module body, numbered afresh in every module) and references to them, counted as the body
// streams by. Resolve() runs once at the module's end; Clear() makes it ready for the next module,
// keeping its buffers, so memory is that of the largest module, not of the log.
class ModuleLocs {
 public:
  // `id` is the alias number; -1 for the bare `#loc`.
  void Define(int64_t id, std::string_view body);
  void Reference(int64_t id);
  void ReferenceInline(std::string_view body);

  int64_t references() const { return references_; }

  // Calls `visit(location, count)` for every distinct referenced location. Unresolved aliases,
  // cycles and syntax errors go to `problems` (one message each, capped).
  void Resolve(const std::function<void(const LocView&, int64_t)>& visit,
               std::vector<std::string>& problems);
  void Clear();

 private:
  friend class LocParser;
  struct Def {
    uint32_t begin = 0;
    uint32_t size = 0;
    bool defined = false;
  };
  // A resolved location: a range of pool_.
  struct Loc {
    std::string_view op;
    uint32_t begin = 0;
    uint32_t size = 0;
    bool bare_file = false;  // just "file":line:col (a NameLoc around it is a Python frame)
  };
  static size_t Slot(int64_t id) { return static_cast<size_t>(id + 1); }
  const Loc* Lookup(int64_t id, int depth);

  std::string arena_;              // alias bodies, back to back
  std::vector<Def> defs_;          // by Slot(id)
  std::vector<int64_t> counts_;    // references by Slot(id)
  std::vector<std::pair<std::string, int64_t>> inline_;  // inline bodies, collapsed when adjacent
  int64_t references_ = 0;
  // Resolution state (reused across modules).
  std::vector<LocFrame> pool_;
  std::vector<Loc> cache_;
  std::vector<uint8_t> state_;     // 0 new, 1 resolving, 2 done
  std::deque<std::string> decoded_;  // unescaped strings the views point into
  std::vector<std::string>* problems_ = nullptr;
};

// Decodes MLIR string escapes: `\\` and `\XX`.
std::string UnescapeMlir(std::string_view s);

}  // namespace gbreak

#endif  // GBREAK_LOGS_MLIR_LOC_H_
