#ifndef GBREAK_PROGRAM_PROGRAM_GRAPH_H_
#define GBREAK_PROGRAM_PROGRAM_GRAPH_H_

#include <map>
#include <set>
#include <string>
#include <vector>

namespace gbreak {

// What the program-wide call graph needs from one function, gathered while its file was parsed
// (files are never parsed twice).
struct FunctionSummary {
  std::string name;  // qualified within the module: "helper", "Net.forward"
  bool entry = false;     // compiled by itself: a forward method, a torch.compile target
  bool disabled = false;  // torch.compiler.disable: Dynamo does not enter it
  std::vector<std::string> local_callees;     // functions of the same module it calls
  std::vector<std::string> external_callees;  // qualified names it calls elsewhere
};

// One module: its functions, what its top-level names are bound to by imports (for re-exports),
// and its classes' bases (for methods inherited across modules).
struct ModuleSummary {
  std::string path;
  std::string module;  // dotted name, "" when unknown
  std::vector<FunctionSummary> functions;
  std::map<std::string, std::vector<std::string>> imports;   // name -> qualified targets
  std::map<std::string, std::vector<std::string>> classes;   // class -> qualified bases
};

// The dotted module name of a file, from the packages (`__init__.py`) it sits in:
// a/pkg/sub/mod.py -> "pkg.sub.mod" when pkg/ and sub/ are packages; a/pkg/__init__.py -> "pkg".
std::string ModuleNameOf(const std::string& path);

// Resolves a relative qualified name (".helpers.f", "..base.Base") against the module it is
// written in; absolute names are returned unchanged.
std::string ResolveRelative(const std::string& name, const std::string& module, bool is_package);

// The functions reachable from every entry through local and cross-module calls.
class ProgramGraph {
 public:
  void Add(ModuleSummary module);

  // (path, function name) pairs reached; a nested function is reached with its parent.
  std::set<std::pair<std::string, std::string>> Reachable() const;

  // Resolves a qualified callee to the (module index, function name) it denotes, if the program
  // holds it: through re-exports and base classes.
  bool Resolve(const std::string& qualified, size_t* module, std::string* function,
               int depth = 0) const;

 private:
  const FunctionSummary* Find(size_t module, const std::string& name) const;

  std::vector<ModuleSummary> modules_;
  std::map<std::string, size_t> by_name_;  // dotted module name -> index
};

}  // namespace gbreak

#endif  // GBREAK_PROGRAM_PROGRAM_GRAPH_H_
