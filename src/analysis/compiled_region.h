#ifndef GBREAK_ANALYSIS_COMPILED_REGION_H_
#define GBREAK_ANALYSIS_COMPILED_REGION_H_

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/guards.h"
#include "program/import_table.h"
#include "program/program_graph.h"
#include "syntax/tree_sitter.h"

namespace gbreak {

// How to decide what is compiled.
struct RegionOptions {
  // Which execution modes to analyze (`--mode`). `self.training` branches are folded per mode.
  bool eval = true;
  bool train = true;
  // Keep code this file does not reach from its own entries: another file may call it, and the
  // program-wide call graph decides later (whole-tree and entry runs over several files).
  bool defer_reachability = false;
};

// Where Dynamo traces in one file.
//
// Entries: the `forward` method of every class (what Dynamo traces when an nn.Module is compiled),
// functions decorated with torch.compile, and functions passed to torch.compile(...). From there
// the region closes over the calls Dynamo inlines that this file can resolve: module functions,
// `self.method(...)`, `super().method(...)` and `Base.method(self, ...)` of classes in the file,
// and functions nested in a traced one. Functions decorated with (or rebound to)
// torch.compiler.disable / torch._dynamo.disable are not entered, and branches Dynamo never takes
// (is_compiling() guards, TYPE_CHECKING, the other mode's `self.training` arm) are left out.
// Functions this file does not reach may still be reached from another file; Location says
// which, so the program-wide call graph can settle them.
class CompiledRegion {
 public:
  CompiledRegion(TSNode root, std::string_view text, const ImportTable& imports,
                 RegionOptions options);

  struct Location {
    bool traced = false;     // inside some function, not guarded away in every selected mode
    bool eval = false;       // traced in eval mode
    bool train = false;      // traced in train mode
    bool reachable = false;  // its function is reached from an entry of this file
    TSNode function{};       // the innermost enclosing function
    // The module-level function or method whose call reaches this code (through nested functions
    // it refers to); null when a nested function on the way is never used.
    TSNode outermost{};
  };
  Location Locate(TSNode node);

  bool IsDisabled(TSNode function) const;
  // The folded conditions of this file (guards.h), shared by every question about it.
  TruthCache* truth_cache() { return &truth_cache_; }
  bool defers_reachability() const { return options_.defer_reachability; }
  const RegionOptions& options() const { return options_; }
  // True when `call` invokes a function of this file that Dynamo skips (decorated with, or
  // rebound to, torch.compiler.disable): the call site itself is the graph break.
  bool CallsDisabled(TSNode call);
  // The function a call invokes, if this file defines it (null otherwise).
  TSNode CalleeOf(TSNode call);
  // The qualified name of a function in this file ("Net.forward", "helper", "outer.inner").
  std::string QualifiedName(TSNode function) const;
  // Names (as written, resolved through imports) this file's reachable code calls but does not
  // define: the program-wide call graph follows them into other modules.
  std::vector<std::string> ExternalCallsFromReachable();

  // This file's part of the program-wide call graph (`module` is its dotted name).
  ModuleSummary Summarize(const std::string& path, const std::string& module, bool is_package);

 private:
  void FindEntriesAndDisabled();
  // What `call` (a torch.compile(x) or x.compile() call) compiles when x is not a function of
  // this file: the class or function x was built from, as qualified names.
  std::vector<std::string> CompiledObjectNames(TSNode call, bool method_compile) const;
  // The value last assigned to a plain name anywhere in the file (`model = Net(config)`).
  TSNode AssignedValue(std::string_view name) const;
  void ComputeReachable();
  std::vector<TSNode> CallsIn(TSNode function) const;
  TSNode MethodOf(TSNode class_definition, std::string_view name, int depth) const;
  TSNode ClassNamed(std::string_view name) const;
  TSNode ModuleFunction(std::string_view name) const;
  // The functions (or classes) defined directly in a module, class body or function body, by
  // name, found once per container: looking them up per call was quadratic in the call count.
  using Definitions = std::map<std::string, TSNode, std::less<>>;
  const Definitions& DefinitionsIn(TSNode container, std::string_view type) const;
  // Classes instantiated into `self.<attr>` in a class's __init__: its submodules.
  std::vector<TSNode> SubmoduleClassCalls(TSNode class_definition) const;
  bool IsReferencedIn(TSNode outer, TSNode nested) const;
  static uint32_t Key(TSNode n) { return ts_node_start_byte(n); }

  TSNode root_;
  std::string_view text_;
  const ImportTable& imports_;
  RegionOptions options_;
  std::vector<TSNode> entries_;
  std::set<uint32_t> disabled_;                 // function start bytes
  std::set<std::string> disabled_names_;        // module-level names rebound to disable(...)
  std::vector<std::string> compiled_objects_;   // qualified classes/functions compiled by calls
  std::vector<int> compiled_lines_;             // the line of each one's compile call
  std::map<uint32_t, bool> reachable_;          // function start byte -> reached
  bool computed_ = false;
  TruthCache truth_cache_;
  mutable std::map<std::pair<uint32_t, std::string>, Definitions> definitions_;
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_COMPILED_REGION_H_
