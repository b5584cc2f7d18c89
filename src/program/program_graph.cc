#include "program/program_graph.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <filesystem>
#include <functional>
#include <iterator>
#include <limits>
#include <optional>
#include <tuple>
#include <string_view>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_split.h"
#include "program/auto_callee.h"
#include "source/paths.h"

namespace gbreak {
namespace {

constexpr int kMaxResolveDepth = 8;

}  // namespace

namespace {

// "mod" for .../mod.py, "" for .../__init__.py.
std::string ModuleStem(const std::string& path) {
  std::string base = BaseName(path);
  size_t dot = base.rfind('.');
  std::string stem = dot == std::string::npos ? base : base.substr(0, dot);
  return stem == "__init__" ? "" : stem;
}

}  // namespace

std::string ModuleNameIn(const std::string& package, const std::string& path) {
  std::string stem = ModuleStem(path);
  if (stem.empty()) return package;
  return package.empty() ? stem : package + "." + stem;
}

std::string ModuleNameOf(const std::string& path) {
  std::string name = ModuleStem(path);
  // Walk up by name, not by "." and "..": linting `.` inside a package (or `../x.py`) must find
  // the packages above the working directory as a run from the top does.
  std::error_code error;
  std::filesystem::path absolute = AbsolutePath(path, error).lexically_normal();
  std::string dir = error ? DirName(path) : absolute.parent_path().string();
  for (int depth = 0; depth < 64 && IsRegularFile(dir + "/__init__.py"); ++depth) {
    std::string package = BaseName(dir);
    if (package.empty() || package == "." || package == "..") break;
    name = name.empty() ? package : package + "." + name;
    std::string parent = DirName(dir);
    if (parent == dir) break;
    dir = parent;
  }
  return name;
}

std::string ResolveRelative(const std::string& name, const std::string& module, bool is_package) {
  if (name.empty() || name[0] != '.') return name;
  size_t dots = 0;
  while (dots < name.size() && name[dots] == '.') ++dots;
  std::string base = module;
  // One dot is the current package: a module's parent, or the package itself.
  size_t up = is_package ? dots - 1 : dots;
  for (size_t i = 0; i < up; ++i) {
    size_t last = base.rfind('.');
    base = last == std::string::npos ? "" : base.substr(0, last);
  }
  std::string rest = name.substr(dots);
  if (base.empty()) return rest;
  return rest.empty() ? base : base + "." + rest;
}

namespace {

// A name as StarCandidates compares it: lowercase, without underscores.
std::string StarKey(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    if (c != '_') out += absl::ascii_tolower(static_cast<unsigned char>(c));
  }
  return out;
}

}  // namespace

size_t ProgramGraph::Add(ModuleSummary module) {
  if (!module.module.empty()) by_name_[module.module] = modules_.size();
  std::vector<std::string>& keys = star_keys_.emplace_back();
  for (const std::string& star : module.star_imports) {
    keys.push_back(StarKey(std::string_view(star).substr(star.rfind('.') + 1)));
  }
  modules_.push_back(std::move(module));
  return modules_.size() - 1;
}

const ModuleSummary* ProgramGraph::ModuleNamed(const std::string& dotted) const {
  auto it = by_name_.find(dotted);
  return it == by_name_.end() ? nullptr : &modules_[it->second];
}

const FunctionSummary* ProgramGraph::Find(size_t module, const std::string& name) const {
  for (const FunctionSummary& f : modules_[module].functions) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

// Which of a module's `from M import *` sources may define `name`. A package like
// transformers.models star-imports hundreds of subpackages (under TYPE_CHECKING); following all of
// them would read most of the library, so beyond a handful only the ones whose name starts the
// wanted name are tried first (`GPT2Model` -> `.gpt2`, `BertModel` -> `.bert`). Names that do
// not follow that convention (`ASTModel` in `.audio_spectrogram_transformer`) are found by
// asking the export scanner which sources mention the name, as Python's own lazy import
// structure would (transformers builds it from each module's `__all__`): with `scan_others`,
// the others it names.
std::vector<const std::string*> ProgramGraph::StarCandidates(size_t module,
                                                              const std::string& name,
                                                              bool scan_others) const {
  constexpr size_t kFollowAll = 8;
  const std::vector<std::string>& stars = modules_[module].star_imports;
  const std::vector<std::string>& keys = star_keys_[module];
  std::string wanted = StarKey(name);
  auto matches = [&](size_t i) { return !keys[i].empty() && wanted.starts_with(keys[i]); };
  std::vector<const std::string*> out;
  if (stars.size() <= kFollowAll) {
    if (scan_others) return out;
    for (size_t i = 0; i < stars.size(); ++i) {
      if (matches(i)) out.push_back(&stars[i]);
    }
    for (size_t i = 0; i < stars.size(); ++i) {
      if (!matches(i)) out.push_back(&stars[i]);
    }
    return out;
  }
  bool any_match = false;
  for (size_t i = 0; i < stars.size(); ++i) {
    if (!matches(i)) continue;
    any_match = true;
    if (!scan_others) out.push_back(&stars[i]);
  }
  if (!scan_others && any_match) return out;
  if (scan_others && !any_match) return out;  // the first pass scanned them already
  if (export_scanner_) {
    for (size_t i = 0; i < stars.size(); ++i) {
      if (!matches(i) && export_scanner_(stars[i], name)) out.push_back(&stars[i]);
    }
  }
  return out;
}

bool ProgramGraph::FromStarSources(
    size_t module, const std::string& name, std::set<std::string>* wanted,
    absl::FunctionRef<bool(const std::string&, std::set<std::string>*)> attempt) const {
  // The modules the first sources still have to load: while there are some, their answer is not
  // final, and scanning the others (reading every file of hundreds of packages) would be waste.
  std::set<std::string> asked;
  std::set<std::string>* ask = wanted != nullptr ? &asked : nullptr;
  bool found = false;
  for (const std::string* star : StarCandidates(module, name, false)) {
    if (attempt(*star, ask)) {
      found = true;
      break;
    }
  }
  if (wanted != nullptr) wanted->insert(asked.begin(), asked.end());
  if (found) return true;
  if (!asked.empty()) return false;
  // Every source the name suggests is read and none defines it: transformers.models' `.qwen2`
  // starts `Qwen2_5_VisionTransformerPretrainedModel`, which `.qwen2_5_vl` exports.
  for (const std::string* star : StarCandidates(module, name, true)) {
    if (attempt(*star, wanted)) return true;
  }
  return false;
}

std::vector<std::string> ProgramGraph::ClassMapTargets(const std::string& callee,
                                                        const ModuleProbe* probe,
                                                        std::set<std::string>* wanted,
                                                        int depth) const {
  size_t brackets = callee.find("[].");
  if (depth > kMaxResolveDepth || brackets == std::string::npos) return {};
  std::string map = callee.substr(0, brackets);
  std::string rest = callee.substr(brackets + 2);  // ".forward"
  size_t cut = map.rfind('.');
  if (cut == std::string::npos) return {};
  std::string module = map.substr(0, cut), name = map.substr(cut + 1);
  auto it = by_name_.find(module);
  if (it == by_name_.end()) {
    if (probe != nullptr && wanted != nullptr && (*probe)(module)) wanted->insert(module);
    return {};
  }
  const ModuleSummary& m = modules_[it->second];
  std::vector<std::string> out;
  if (auto found = m.class_maps.find(name); found != m.class_maps.end()) {
    for (const std::string& cls : found->second) out.push_back(cls + rest);
    return out;
  }
  if (auto imported = m.imports.find(name); imported != m.imports.end()) {  // a re-export
    for (const std::string& target : imported->second) {
      for (std::string& t : ClassMapTargets(target + "[]" + rest, probe, wanted, depth + 1)) {
        out.push_back(std::move(t));
      }
    }
  }
  return out;
}

bool ProgramGraph::SplitModule(const std::string& qualified, const ModuleProbe* probe,
                               std::set<std::string>* wanted, size_t* index,
                               std::string* rest) const {
  // The longest prefix that is a module of the program (or one that could be loaded).
  for (size_t cut = qualified.rfind('.'); cut != std::string::npos && cut > 0;
       cut = qualified.rfind('.', cut - 1)) {
    std::string prefix = qualified.substr(0, cut);
    auto it = by_name_.find(prefix);
    if (it == by_name_.end()) {
      if (probe != nullptr && wanted != nullptr && (*probe)(prefix)) {
        wanted->insert(prefix);
        return false;
      }
      continue;
    }
    *index = it->second;
    *rest = qualified.substr(cut + 1);
    return true;
  }
  return false;
}

bool ProgramGraph::Resolve(const std::string& qualified, size_t* module, std::string* function,
                           int depth, const ModuleProbe* probe,
                           std::set<std::string>* wanted) const {
  if (depth > kMaxResolveDepth) return false;
  size_t index;
  std::string rest;
  if (!SplitModule(qualified, probe, wanted, &index, &rest)) return false;
  const ModuleSummary& m = modules_[index];
  if (Find(index, rest) != nullptr) {
    *module = index;
    *function = rest;
    return true;
  }
  // Calling a class constructs it: its __init__ runs.
  if (m.classes.contains(rest) && Find(index, rest + ".__init__") != nullptr) {
    *module = index;
    *function = rest + ".__init__";
    return true;
  }
  std::string head = rest.substr(0, rest.find('.'));
  std::string tail = rest.size() > head.size() ? rest.substr(head.size()) : "";
  auto resolve = [&](const std::string& target) {
    return target != qualified &&
           Resolve(target, module, function, depth + 1, probe, wanted);
  };
  // Inherited method: Class.method found on a base.
  if (auto c = m.classes.find(head); c != m.classes.end()) {
    for (const std::string& base : c->second) {
      if (!tail.empty() && resolve(base + tail)) return true;
    }
    return false;
  }
  // Re-exported name: `from .impl import helper` in a package's __init__.
  if (auto imported = m.imports.find(head); imported != m.imports.end()) {
    for (const std::string& target : imported->second) {
      if (resolve(target + tail)) return true;
    }
    return false;
  }
  // A name from `from M import *` (transformers' TYPE_CHECKING re-exports).
  return FromStarSources(index, head, wanted,
                         [&](const std::string& star, std::set<std::string>* ask) {
                           return Resolve(star + "." + rest, module, function, depth + 1, probe,
                                          ask);
                         });
}

bool ProgramGraph::ResolveClass(const std::string& qualified, size_t* module,
                                std::string* class_name, int depth, const ModuleProbe* probe,
                                std::set<std::string>* wanted) const {
  if (depth > kMaxResolveDepth) return false;
  size_t index;
  std::string rest;
  if (!SplitModule(qualified, probe, wanted, &index, &rest)) return false;
  const ModuleSummary& m = modules_[index];
  if (m.classes.contains(rest)) {
    *module = index;
    *class_name = rest;
    return true;
  }
  if (rest.find('.') != std::string::npos) return false;  // nested classes are not followed
  if (auto imported = m.imports.find(rest); imported != m.imports.end()) {
    for (const std::string& target : imported->second) {
      if (target != qualified &&
          ResolveClass(target, module, class_name, depth + 1, probe, wanted)) {
        return true;
      }
    }
    return false;
  }
  return FromStarSources(index, rest, wanted,
                         [&](const std::string& star, std::set<std::string>* ask) {
                           return ResolveClass(star + "." + rest, module, class_name, depth + 1,
                                               probe, ask);
                         });
}

namespace {

// What a configuration class's fields default to, the nearest class first: `fields` keeps the
// first value it gets for a field ("" = assigned by a method, not known).
void CollectFields(const ProgramGraph& graph, size_t module, const std::string& class_name,
                   std::map<std::string, std::string>* fields, int depth) {
  if (depth > 16) return;
  const ModuleSummary& m = graph.module(module);
  if (auto own = m.class_fields.find(class_name); own != m.class_fields.end()) {
    for (const auto& [field, literal] : own->second) fields->emplace(field, literal);
  }
  auto bases = m.classes.find(class_name);
  if (bases == m.classes.end()) return;
  for (const std::string& base : bases->second) {
    size_t base_module;
    std::string base_class;
    if (graph.ResolveClass(base, &base_module, &base_class)) {
      CollectFields(graph, base_module, base_class, fields, depth + 1);
    }
  }
}

// What `own` finds on a class, or else on its nearest base that has it ("" when none does).
using ClassLookup = std::function<std::string(const ModuleSummary&, const std::string&)>;

std::string OwnOrNearestBase(const ProgramGraph& graph, size_t module,
                             const std::string& class_name, const ClassLookup& own,
                             int depth = 0) {
  if (depth > 16) return "";
  const ModuleSummary& m = graph.module(module);
  std::string found = own(m, class_name);
  if (!found.empty()) return found;
  auto bases = m.classes.find(class_name);
  if (bases == m.classes.end()) return "";
  for (const std::string& base : bases->second) {
    size_t base_module;
    std::string base_class;
    if (!graph.ResolveClass(base, &base_module, &base_class)) continue;
    found = OwnOrNearestBase(graph, base_module, base_class, own, depth + 1);
    if (!found.empty()) return found;
  }
  return "";
}

// The configuration class a model class is built from: its own, or its nearest base's.
std::string ConfigClassOf(const ProgramGraph& graph, size_t module,
                          const std::string& class_name) {
  ClassLookup own = [](const ModuleSummary& m, const std::string& c) {
    auto it = m.class_config.find(c);
    return it == m.class_config.end() ? std::string() : it->second;
  };
  return OwnOrNearestBase(graph, module, class_name, own);
}

}  // namespace

void ProgramGraph::WantConfigurations(size_t index, const ModuleProbe& probe,
                                      std::set<std::string>* wanted) const {
  std::vector<std::string> classes;
  for (const auto& [class_name, config] : modules_[index].class_config) classes.push_back(config);
  for (size_t i = 0; i < classes.size() && i < 64; ++i) {
    size_t module;
    std::string class_name;
    if (!ResolveClass(classes[i], &module, &class_name, 0, &probe, wanted)) continue;
    auto bases = modules_[module].classes.find(class_name);
    if (bases == modules_[module].classes.end()) continue;
    classes.insert(classes.end(), bases->second.begin(), bases->second.end());
  }
}

namespace {

// A string literal's text ("" for anything else).
std::string Unquoted(const std::string& literal) {
  if (literal.size() < 2) return "";
  char quote = literal.front();
  if ((quote != '"' && quote != '\'') || literal.back() != quote) return "";
  return literal.substr(1, literal.size() - 2);
}

// A configuration class's `model_type = "llama"` (its own or its nearest base's), unquoted.
std::string ModelTypeOf(const ProgramGraph& graph, size_t module, const std::string& class_name) {
  std::map<std::string, std::string> fields;
  CollectFields(graph, module, class_name, &fields, 0);
  auto it = fields.find("model_type");
  return it == fields.end() ? "" : Unquoted(it->second);
}

// A configuration class's default for a sub-configuration field (its own `sub_configs_defaults`
// or its nearest base's): "type:<model type>" or "class:<qualified class>".
std::string SubConfigOf(const ProgramGraph& graph, size_t module, const std::string& class_name,
                        const std::string& field) {
  ClassLookup own = [&](const ModuleSummary& m, const std::string& c) {
    auto fields = m.sub_configs.find(c);
    if (fields == m.sub_configs.end()) return std::string();
    auto it = fields->second.find(field);
    return it == fields->second.end() ? std::string() : it->second;
  };
  return OwnOrNearestBase(graph, module, class_name, own);
}

}  // namespace

std::vector<std::string> ProgramGraph::AutoTargets(const std::string& callee,
                                                   const ModuleProbe* probe,
                                                   std::set<std::string>* wanted) const {
  std::optional<AutoCallee> parts = ParseAutoCallee(callee);
  if (!parts) return {};
  // The owner's configuration class.
  size_t module;
  std::string class_name;
  if (!ResolveClass(parts->owner, &module, &class_name, 0, probe, wanted)) return {};
  std::string config = ConfigClassOf(*this, module, class_name);
  if (config.empty() || !ResolveClass(config, &module, &class_name, 0, probe, wanted)) return {};
  // The model type of the field handed to from_config.
  std::string model_type;
  if (parts->field.empty()) {
    model_type = ModelTypeOf(*this, module, class_name);
  } else {
    std::string spec = SubConfigOf(*this, module, class_name, parts->field);
    if (spec.starts_with("type:")) {
      model_type = spec.substr(5);
    } else if (spec.starts_with("class:") &&
               ResolveClass(spec.substr(6), &module, &class_name, 0, probe, wanted)) {
      model_type = ModelTypeOf(*this, module, class_name);
    }
  }
  if (model_type.empty()) return {};
  // The class the auto class's mapping gives for it, exported from the library's package.
  if (!ResolveClass(parts->auto_class, &module, &class_name, 0, probe, wanted)) return {};
  const ModuleSummary& m = modules_[module];
  auto mapping = m.auto_class_maps.find(class_name);
  if (mapping == m.auto_class_maps.end()) return {};
  auto map = m.model_type_maps.find(mapping->second);
  if (map == m.model_type_maps.end()) return {};
  auto model = map->second.find(model_type);
  if (model == map->second.end()) return {};
  std::string package = m.module.substr(0, m.module.find('.'));
  return {package + "." + model->second + "." + parts->method};
}

std::vector<std::string> ProgramGraph::ExpandCallee(const std::string& callee,
                                                    const ModuleProbe* probe,
                                                    std::set<std::string>* wanted) const {
  if (callee.find("[].") != std::string::npos) return ClassMapTargets(callee, probe, wanted);
  if (ParseAutoCallee(callee)) return AutoTargets(callee, probe, wanted);
  return {callee};
}

ProgramGraph::SubConfiguration ProgramGraph::SubConfigurationAt(
    const std::string& path, std::map<std::string, std::string> fields) const {
  SubConfiguration sub;
  sub.fields = std::move(fields);
  // A sub-configuration that says its model type (transformers' to_dict writes `model_type`
  // into each) is the configuration class of that type: that is how transformers finds it.
  if (auto type = sub.fields.find("model_type"); type != sub.fields.end()) {
    sub.model_types.insert(Unquoted(type->second));
    return sub;
  }
  // Otherwise the field's default in the configuration classes that declare it
  // (`sub_configs_defaults`): a class, or an auto configuration of a model type.
  std::string field = path.substr(path.rfind('.') + 1);
  for (const ModuleSummary& m : modules_) {
    for (const auto& [owner, specs] : m.sub_configs) {
      auto spec = specs.find(field);
      if (spec == specs.end()) continue;
      size_t module;
      std::string class_name;
      if (spec->second.starts_with("type:")) {
        sub.model_types.insert(spec->second.substr(5));
      } else if (spec->second.starts_with("class:") &&
                 ResolveClass(spec->second.substr(6), &module, &class_name)) {
        sub.classes.insert(modules_[module].module + "." + class_name);
      }
    }
  }
  return sub;
}

std::set<std::string> ProgramGraph::ConfigFieldsWritten(
    const std::map<FunctionRef, FunctionRef>& reached) const {
  std::set<std::string> out;
  auto add = [&](const FunctionRef& ref) {
    const FunctionSummary* f = Find(ref.first, ref.second);
    if (f != nullptr) out.insert(f->config_fields_written.begin(), f->config_fields_written.end());
  };
  std::set<FunctionRef> constructors;
  for (const auto& [function, caller] : reached) {
    add(function);
    // "Net.forward" -> "Net.__init__" (its own or a base's).
    size_t dot = function.second.rfind('.');
    if (dot == std::string::npos) continue;
    std::string owner = function.second.substr(0, dot);
    if (!modules_[function.first].classes.contains(owner)) continue;
    FunctionRef init;
    if (Resolve(modules_[function.first].module + "." + owner + ".__init__", &init.first,
                &init.second)) {
      constructors.insert(init);
    }
  }
  for (const FunctionRef& init : constructors) add(init);
  return out;
}

ProgramGraph::BuiltFrom ProgramGraph::ConfigurationsOfBuiltClasses() const {
  // Each (builder class, built class) step, once.
  std::set<std::pair<std::pair<size_t, std::string>, std::pair<size_t, std::string>>> steps;
  for (size_t m = 0; m < modules_.size(); ++m) {
    for (const FunctionSummary& f : modules_[m].functions) {
      size_t dot = f.name.rfind('.');
      if (dot == std::string::npos) continue;
      std::string builder = f.name.substr(0, dot);
      if (!modules_[m].classes.contains(builder)) continue;
      for (const CallSite& call : f.calls) {
        if (!call.built_with_config) continue;
        size_t cut = call.callee.rfind('.');
        if (cut == std::string::npos) continue;
        std::string built = call.callee.substr(0, cut);  // "K" of "K.forward"
        std::pair<size_t, std::string> target;
        if (!ResolveClass(call.local ? modules_[m].module + "." + built : built, &target.first,
                          &target.second)) {
          continue;
        }
        steps.insert({{m, builder}, target});
      }
    }
  }
  BuiltFrom out;
  std::set<std::pair<size_t, std::string>> ambiguous;
  auto config_of = [&](const std::pair<size_t, std::string>& c) {
    std::string own = ConfigClassOf(*this, c.first, c.second);
    if (!own.empty()) return own;
    auto it = out.find(c);
    return it == out.end() ? std::string() : it->second;
  };
  // Chains of builders grow one step per round; a round that adds nothing ends it.
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [builder, built] : steps) {
      if (ambiguous.contains(built) || !ConfigClassOf(*this, built.first, built.second).empty()) {
        continue;
      }
      std::string config = config_of(builder);
      if (config.empty()) continue;
      auto [it, fresh] = out.emplace(built, config);
      if (fresh) {
        changed = true;
      } else if (it->second != config) {
        ambiguous.insert(built);
        out.erase(it);
        changed = true;
      }
    }
  }
  return out;
}

bool ProgramGraph::HasConfigurationClass(size_t index, const std::string& class_name) const {
  return !ConfigClassOf(*this, index, class_name).empty();
}

std::map<std::string, std::map<std::string, std::string>> ProgramGraph::ConfigDefaults(
    size_t index, const std::map<std::string, std::string>& overrides,
    const std::set<std::string>& written, const BuiltFrom& built_from) const {
  // Top-level fields apply to every class built from a configuration class (a composite
  // model's sub-configurations inherit what the user sets on it, as transformers propagates
  // the attention implementation); `text_config.x` only to the classes built from the
  // configuration `text_config` holds, and over the top-level value.
  std::map<std::string, std::string> top;
  std::map<std::string, std::map<std::string, std::string>> nested;  // path -> field -> literal
  for (const auto& [key, literal] : overrides) {
    size_t dot = key.rfind('.');
    if (dot == std::string::npos) {
      top[key] = literal;
    } else {
      nested[key.substr(0, dot)][key.substr(dot + 1)] = literal;
    }
  }
  std::vector<SubConfiguration> subs;
  for (auto& [path, fields] : nested) subs.push_back(SubConfigurationAt(path, std::move(fields)));

  std::map<std::string, std::map<std::string, std::string>> out;
  for (const auto& [class_name, bases] : modules_[index].classes) {
    std::string config = ConfigClassOf(*this, index, class_name);
    if (config.empty()) {
      auto built = built_from.find({index, class_name});
      if (built != built_from.end()) config = built->second;
    }
    size_t config_module;
    std::string config_class;
    if (config.empty() || !ResolveClass(config, &config_module, &config_class)) continue;
    std::map<std::string, std::string> fields;
    CollectFields(*this, config_module, config_class, &fields, 0);
    // A field the run stores on a configuration (T5 builds its decoder from a copy with
    // `decoder_config.is_decoder = True`) has more than one value: its class default would
    // fold away the code the copy runs. What the user sets still holds.
    for (auto& [field, literal] : fields) {
      if (written.contains(field)) literal.clear();
    }
    for (const auto& [field, literal] : top) fields[field] = literal;
    ApplySubConfigurations(subs, config_module, config_class, &fields);
    std::erase_if(fields, [](const auto& field) { return field.second.empty(); });
    if (!fields.empty()) out[class_name] = std::move(fields);
  }
  return out;
}

void ProgramGraph::ApplySubConfigurations(const std::vector<SubConfiguration>& subs,
                                          size_t config_module, const std::string& config_class,
                                          std::map<std::string, std::string>* fields) const {
  if (subs.empty()) return;
  std::string qualified = modules_[config_module].module + "." + config_class;
  std::string model_type = ModelTypeOf(*this, config_module, config_class);
  std::map<std::string, std::string> given;
  std::set<std::string> disagreeing;
  for (const SubConfiguration& sub : subs) {
    if (!sub.classes.contains(qualified) &&
        (model_type.empty() || !sub.model_types.contains(model_type))) {
      continue;
    }
    for (const auto& [field, literal] : sub.fields) {
      auto [it, added] = given.emplace(field, literal);
      if (!added && it->second != literal) disagreeing.insert(field);
    }
  }
  // Two sub-configurations of one class that disagree (an encoder-decoder of two BERTs): the
  // field is not known for the class.
  for (const auto& [field, literal] : given) {
    (*fields)[field] = disagreeing.contains(field) ? "" : literal;
  }
}

bool ProgramGraph::ReboundMethod(size_t module, const std::string& class_name,
                                 const std::string& method, FunctionRef* out, int depth,
                                 const ModuleProbe* probe, std::set<std::string>* wanted,
                                 const FunctionSummary::Rebinding** how) const {
  auto decorators = modules_[module].class_decorators.find(class_name);
  if (decorators == modules_[module].class_decorators.end()) return false;
  for (const std::string& decorator : decorators->second) {
    bool called = decorator.ends_with("()");
    std::string name = called ? decorator.substr(0, decorator.size() - 2) : decorator;
    FunctionRef d;
    if (!Resolve(name, &d.first, &d.second, depth + 1, probe, wanted)) continue;
    const FunctionSummary* f = Find(d.first, d.second);
    if (f == nullptr) continue;
    // What is applied to the class: the decorator itself (`@d`), or what calling it returns
    // (`@d(...)`). A decorator usable both ways (`def d(cls=None, ...)`) returns or calls its
    // nested wrapper; any of them may do the rebinding.
    std::vector<std::string> applied;
    if (!called) applied.push_back(f->name);
    applied.insert(applied.end(), f->returns.begin(), f->returns.end());
    for (const std::string& callee : f->local_callees) {
      if (callee.starts_with(f->name + ".")) applied.push_back(callee);
    }
    for (const std::string& candidate : applied) {
      const FunctionSummary* g = Find(d.first, candidate);
      if (g == nullptr) continue;
      auto rebound = g->rebinds.find(method);
      if (rebound != g->rebinds.end() && Find(d.first, rebound->second.replacement) != nullptr) {
        *out = {d.first, rebound->second.replacement};
        if (how != nullptr) *how = &rebound->second;
        return true;
      }
    }
  }
  return false;
}

bool ProgramGraph::ResolveEntry(const std::string& qualified, FunctionRef* entry,
                                const ModuleProbe* probe, std::set<std::string>* wanted) const {
  // A class is compiled through its forward; try that first, so `Net` does not resolve to
  // `Net.__init__`.
  for (const std::string& candidate : {qualified + ".forward", qualified}) {
    size_t module;
    std::string function;
    if (Resolve(candidate, &module, &function, 0, probe, wanted) &&
        !function.ends_with(".__init__")) {
      *entry = {module, function};
      return true;
    }
  }
  return false;
}

namespace {

// Strips the "()" a callee ends with, one per call of the result ("pkg.d()()" -> "pkg.d"),
// and says how many there were.
int StripCalls(std::string_view* callee) {
  int calls = 0;
  while (callee->ends_with("()")) {
    callee->remove_suffix(2);
    ++calls;
  }
  return calls;
}

// True when every call of `callee` in `f` is kept from running by a parameter of f that holds
// its default (`names`).
bool GuardedAway(const FunctionSummary& f, const std::string& callee,
                 const std::set<std::string>* names) {
  if (names == nullptr) return false;
  auto it = f.guarded_callees.find(callee);
  if (it == f.guarded_callees.end()) return false;
  // A guard "a b" needs every name it joins to hold.
  auto holds = [&](const std::string& guard) {
    for (size_t begin = 0; begin <= guard.size();) {
      size_t space = std::min(guard.find(' ', begin), guard.size());
      if (!names->contains(guard.substr(begin, space - begin))) return false;
      begin = space + 1;
    }
    return true;
  };
  for (const std::vector<std::string>& call : it->second) {
    if (std::none_of(call.begin(), call.end(), holds)) return false;
  }
  return true;
}

}  // namespace

std::map<FunctionRef, FunctionRef> ProgramGraph::ReachableFrom(
    const std::vector<FunctionRef>& entries, const ModuleProbe& probe,
    std::set<std::string>* wanted,
    const std::map<FunctionRef, std::set<std::string>>* defaulted,
    std::map<FunctionRef, std::string>* conditions) const {
  const std::set<FunctionRef> entry_set(entries.begin(), entries.end());
  std::map<FunctionRef, FunctionRef> parent;
  std::map<FunctionRef, std::string> condition;  // "" for what is reached whatever happens
  // Functions reached whatever happens first, then those only a conditional call reaches (each
  // keeps the first condition on its way), so a function reached both ways is unconditional.
  std::deque<FunctionRef> work;
  std::vector<std::tuple<FunctionRef, FunctionRef, std::string>> deferred;
  auto visit = [&](const FunctionRef& callee, const FunctionRef& caller, const std::string& when) {
    const FunctionSummary* f = Find(callee.first, callee.second);
    // A function disabled with recursive=False is kept on the way (its callees are compiled);
    // its own body is not traced, which the file's region analysis knows.
    if (f == nullptr || (f->disabled && !f->disabled_own_frame_only) || f->constant_result) return;
    std::string inherited = when.empty() ? condition[caller] : when;
    if (!inherited.empty() && conditions != nullptr) {
      deferred.emplace_back(callee, caller, inherited);
      return;
    }
    if (parent.emplace(callee, caller).second) {
      condition[callee] = "";
      work.push_back(callee);
    }
  };
  // Class.method replaced by a class decorator: the replacement runs, and the original when the
  // replacement calls it (always, or when a lookup hands it back).
  auto visit_method = [&](const FunctionRef& target, const FunctionRef& caller,
                          const std::string& when) {
    size_t dot = target.second.find('.');
    FunctionRef rebound;
    const FunctionSummary::Rebinding* how = nullptr;
    if (dot == std::string::npos || target.second.find('.', dot + 1) != std::string::npos ||
        !modules_[target.first].class_decorators.contains(target.second.substr(0, dot)) ||
        !ReboundMethod(target.first, target.second.substr(0, dot), target.second.substr(dot + 1),
                       &rebound, 0, &probe, wanted, &how)) {
      visit(target, caller, when);
      return;
    }
    visit(rebound, caller, when);
    if (how->runs_original) {
      visit(target, rebound, when);
    } else if (!how->original_when.empty()) {
      visit(target, rebound, when.empty() ? how->original_when + " hands back `" +
                                                target.second + "`" : when);
    }
  };
  auto follow = [&](const FunctionRef& current) {
    const FunctionSummary* f = Find(current.first, current.second);
    const std::set<std::string>* held = nullptr;
    if (defaulted != nullptr) {
      auto it = defaulted->find(current);
      if (it != defaulted->end()) held = &it->second;
    }
    // A call an entry makes only when an optional input is given (the user's call is unknown).
    auto when_given = [&](const std::string& callee) -> std::string {
      // (`held` set for an entry: the user said what its call passes.)
      if (conditions == nullptr || !entry_set.contains(current) || held != nullptr) return "";
      auto guarded = f->guarded_callees.find(callee);
      if (guarded == f->guarded_callees.end()) return "";
      // A guard "a b" keeps the call away when both hold their defaults: it runs when either
      // is given.
      std::set<std::string> names;
      for (const std::vector<std::string>& call : guarded->second) {
        for (auto name : absl::StrSplit(call.front(), ' ')) names.emplace(name);
      }
      std::string out;
      for (const std::string& name : names) {
        // "*args" / "**kwargs": the call passes more than the parameters it names.
        std::string said = name.starts_with("*") ? "extra arguments" : "`" + name + "`";
        if (out.find(said) == std::string::npos) out += (out.empty() ? "" : " or ") + said;
      }
      return out + (out.ends_with("arguments") ? " are given" : " is given");
    };
    for (const std::string& callee : f->local_callees) {
      if (GuardedAway(*f, callee, held)) continue;
      visit_method({current.first, callee}, current, when_given(callee));
    }
    std::vector<std::pair<std::string, std::string>> callees;  // (callee, condition)
    for (const std::string& callee : f->external_callees) {
      if (GuardedAway(*f, callee, held)) continue;
      if (callee.ends_with(kPropertyReadSuffix)) {
        // A read runs what it names only when that is a getter.
        std::string_view name = callee;
        name.remove_suffix(kPropertyReadSuffix.size());
        FunctionRef target;
        if (!Resolve(std::string(name), &target.first, &target.second, 0, &probe, wanted)) continue;
        const FunctionSummary* getter = Find(target.first, target.second);
        if (getter != nullptr && getter->property) visit_method(target, current, when_given(callee));
        continue;
      }
      for (std::string& target : ExpandCallee(callee, &probe, wanted)) {
        callees.emplace_back(std::move(target), when_given(callee));
      }
    }
    for (const auto& [callee, when] : callees) {
      // "pkg.timed()": resolve pkg.timed, then follow what it returns, once per "()".
      std::string_view name = callee;
      const int calls = StripCalls(&name);
      FunctionRef target;
      if (!Resolve(std::string(name), &target.first, &target.second, 0, &probe, wanted)) continue;
      const bool decorated = calls > 0;
      if (decorated && modules_[target.first].library) continue;
      if (!decorated) {
        visit_method(target, current, when);
        continue;
      }
      for (const FunctionRef& ref : ReturnedWrappers(target, calls)) visit(ref, current, when);
    }
  };
  for (const FunctionRef& entry : entries) visit(entry, entry, "");
  while (!work.empty()) {
    FunctionRef current = work.front();
    work.pop_front();
    follow(current);
  }
  // Then what only conditional calls reach, in the order they were met.
  for (size_t i = 0; i < deferred.size(); ++i) {
    auto [callee, caller, when] = deferred[i];
    if (!parent.emplace(callee, caller).second) continue;
    condition[callee] = when;
    follow(callee);  // may defer more (their condition inherited)
  }
  if (conditions != nullptr) {
    for (const auto& [function, when] : condition) {
      if (!when.empty() && parent.contains(function)) (*conditions)[function] = when;
    }
  }
  return parent;
}

std::set<std::pair<std::string, std::string>> ProgramGraph::Reachable() const {
  std::vector<FunctionRef> entries;
  for (size_t m = 0; m < modules_.size(); ++m) {
    for (const FunctionSummary& f : modules_[m].functions) {
      if (!f.entry) continue;
      // A forward a class decorator replaced is compiled as its replacement.
      FunctionRef rebound;
      size_t dot = f.name.find('.');
      if (dot != std::string::npos &&
          ReboundMethod(m, f.name.substr(0, dot), f.name.substr(dot + 1), &rebound, 0, nullptr,
                        nullptr)) {
        entries.push_back(rebound);
        continue;
      }
      entries.emplace_back(m, f.name);
    }
    // torch.compile(model) where model's class lives in another module.
    for (const std::string& compiled : modules_[m].compiled) {
      FunctionRef entry;
      if (ResolveEntry(compiled, &entry, nullptr, nullptr)) entries.push_back(entry);
    }
  }
  ModuleProbe nothing_to_load = [](const std::string&) { return false; };
  std::set<std::pair<std::string, std::string>> out;
  for (const auto& [function, parent] : ReachableFrom(entries, nothing_to_load, nullptr)) {
    out.emplace(modules_[function.first].path, function.second);
  }
  return out;
}

std::vector<FunctionRef> ProgramGraph::ReturnedWrappers(const FunctionRef& decorator,
                                                       int calls) const {
  std::vector<FunctionRef> level{decorator};
  for (; calls > 0; --calls) {
    std::vector<FunctionRef> next;
    for (const FunctionRef& ref : level) {
      const FunctionSummary* factory = Find(ref.first, ref.second);
      if (factory == nullptr) continue;
      for (const std::string& returned : factory->returns) next.emplace_back(ref.first, returned);
    }
    level = std::move(next);
  }
  // Of what a decorator returns, only a wrapper runs when the decorated function is called (a
  // docstring decorator hands back the function itself).
  std::erase_if(level, [&](const FunctionRef& ref) {
    const FunctionSummary* f = Find(ref.first, ref.second);
    return f == nullptr || !f->wrapper;
  });
  return level;
}

std::set<std::string> ProgramGraph::ArgumentsAddedByWrappers(const FunctionRef& function) const {
  const FunctionSummary* f = Find(function.first, function.second);
  std::set<std::string> out;
  if (f == nullptr) return out;
  std::vector<FunctionRef> wrappers;
  // This module's decorators' wrappers are its local callees; another module's decorator is a
  // callee "pkg.d()" (what d returns), "pkg.d()()" for a factory `@pkg.d(...)`.
  for (const std::string& callee : f->local_callees) {
    const FunctionSummary* g = Find(function.first, callee);
    if (g != nullptr && g->wrapper) wrappers.emplace_back(function.first, callee);
  }
  for (const std::string& callee : f->external_callees) {
    std::string_view name = callee;
    const int calls = StripCalls(&name);
    FunctionRef decorator;
    if (calls == 0 || !Resolve(std::string(name), &decorator.first, &decorator.second)) continue;
    for (FunctionRef& wrapper : ReturnedWrappers(decorator, calls)) wrappers.push_back(wrapper);
  }
  for (const FunctionRef& wrapper : wrappers) {
    const FunctionSummary* w = Find(wrapper.first, wrapper.second);
    out.insert(w->adds_arguments.begin(), w->adds_arguments.end());
  }
  return out;
}

ProgramGraph::CallSites ProgramGraph::ReachedCallSites(
    const std::map<FunctionRef, FunctionRef>& reached) const {
  // Every reached call site, by the function it calls, with the function that makes it.
  CallSites sites;
  for (const auto& [caller, parent] : reached) {
    const FunctionSummary* f = Find(caller.first, caller.second);
    if (f == nullptr) continue;
    for (const CallSite& call : f->calls) {
      if (call.local) {
        FunctionRef target{caller.first, call.callee};
        if (reached.contains(target)) sites[target].emplace_back(caller, &call);
        continue;
      }
      // A class map or an auto-built submodule calls every function it may denote.
      for (const std::string& callee : ExpandCallee(call.callee, nullptr, nullptr)) {
        FunctionRef target;
        if (Resolve(callee, &target.first, &target.second) && reached.contains(target)) {
          sites[target].emplace_back(caller, &call);
        }
      }
    }
  }
  return sites;
}

std::map<FunctionRef, std::set<std::string>> ProgramGraph::TensorPassedParameters(
    const std::map<FunctionRef, FunctionRef>& reached) const {
  CallSites sites = ReachedCallSites(reached);
  std::map<FunctionRef, std::set<std::string>> out;
  auto holds = [&](const FunctionRef& function, const std::string& name) {
    auto it = out.find(function);
    return it != out.end() && it->second.contains(name);
  };
  // A call passes a tensor for a parameter when its file says the argument is one, or when it
  // hands on a parameter of its caller that some call passed a tensor: repeat until nothing
  // changes (each round only adds names).
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [function, calls] : sites) {
      const FunctionSummary* f = Find(function.first, function.second);
      if (f == nullptr) continue;
      const std::vector<std::string>& named = f->signature.named;
      for (size_t i = 0; i < named.size(); ++i) {
        if (holds(function, named[i])) continue;
        std::string position = "#" + std::to_string(i);
        bool by_position = static_cast<int>(i) < f->signature.positional;
        bool passed = false;
        for (const auto& [caller, call] : calls) {
          for (const std::string& key : {named[i], position}) {
            if (key == position && !by_position) continue;
            const std::vector<std::string>& tensors = call->tensor_arguments;
            auto forwarded = call->forwarded.find(key);
            passed = passed || std::find(tensors.begin(), tensors.end(), key) != tensors.end() ||
                     (forwarded != call->forwarded.end() && holds(caller, forwarded->second));
          }
        }
        if (passed) changed = out[function].insert(named[i]).second || changed;
      }
    }
  }
  return out;
}

const std::set<std::string>& ProgramGraph::AddedByWrappers(const FunctionRef& function,
                                                            WrapperAdditions* cache) const {
  auto [it, fresh] = cache->try_emplace(function);
  if (fresh) it->second = ArgumentsAddedByWrappers(function);
  return it->second;
}

namespace {

// Whether a caller can pass `name` as a keyword the signature names.
bool Names(const FunctionSummary::Signature& signature, const std::string& name) {
  return std::find(signature.named.begin(), signature.named.end(), name) != signature.named.end();
}

// Whether arguments a decorator's wrapper adds (ArgumentsAddedByWrappers) may fill parameter
// `name`: a keyword it names, any keyword, or any positional argument.
bool AddedPasses(const std::set<std::string>& added, const std::string& name) {
  return added.contains(name) || added.contains("**") || added.contains("*");
}

// How many arguments every one of `calls` puts in the callee's *args, when they all put the same
// number there and none splats an unknown sequence (`EncoderDecoderCache(self_cache,
// cross_cache)`: two, so `if len(caches) == 1:` never runs).
template <typename Calls, typename Splats>
std::optional<int> SameExtraPositional(const Calls& calls,
                                       const FunctionSummary::Signature& signature,
                                       const Splats& splats) {
  std::optional<int> extra;
  for (const auto& site : calls) {
    if (splats(site)) return std::nullopt;
    int n = std::max(0, site.second->positional - signature.positional);
    if (extra && *extra != n) return std::nullopt;
    extra = n;
  }
  return extra;
}

// Whether `call` names `name` as a keyword (`f(mask=m, **kwargs)`): then none of its *x / **x
// arguments passes `name` as well (Python raises TypeError for an argument given twice), however
// little is known of what they hold.
bool NamesKeyword(const CallSite& call, const std::string& name) {
  return std::find(call.keywords.begin(), call.keywords.end(), name) != call.keywords.end();
}

// Where `call` gives parameter `name` at `position`: the keyword, "#<position>", or "" when it
// leaves it out (as CallSite's forwarded and literals are keyed).
std::string ArgumentKey(const CallSite& call, const std::string& name, int position) {
  if (NamesKeyword(call, name)) return name;
  return call.positional > position ? "#" + std::to_string(position) : "";
}

// Every named parameter with its position (numeric_limits<int>::max() for keyword-only), those
// of `first` first (the literal defaults, whose positions LiteralDefaults gave).
std::vector<std::pair<std::string, int>> NamedPositions(
    const FunctionSummary::Signature& signature,
    const std::vector<std::pair<std::string, int>>& first) {
  std::vector<std::pair<std::string, int>> out = first;
  for (size_t i = 0; i < signature.named.size(); ++i) {
    const std::string& name = signature.named[i];
    if (std::any_of(first.begin(), first.end(), [&](const auto& p) { return p.first == name; })) {
      continue;
    }
    out.emplace_back(name, signature.PositionOf(i));
  }
  return out;
}

// Whether they may fill a **kwargs: a keyword the function does not name.
bool AddsUnnamedKeyword(const std::set<std::string>& added,
                        const FunctionSummary::Signature& signature) {
  return std::any_of(added.begin(), added.end(), [&](const std::string& name) {
    return name == "**" || (name != "*" && !Names(signature, name));
  });
}

}  // namespace

ProgramGraph::KeywordsHeld ProgramGraph::KeywordsInVarKeyword(
    const CallSites& sites, const std::map<FunctionRef, std::set<std::string>>& entry_inputs,
    const std::set<FunctionRef>* entries, WrapperAdditions* wrappers) const {
  KeywordsHeld held;
  // Adds the keywords of `names` `f` does not name (they land in its **kwargs).
  auto unnamed = [](const FunctionSummary& f, const auto& names, std::set<std::string>* into) {
    for (const std::string& name : names) {
      if (name != "*" && !Names(f.signature, name)) into->insert(name);
    }
  };
  // An entry's: the inputs the user's call gives that it does not name, or any.
  for (const auto& [entry, inputs] : entry_inputs) {
    const FunctionSummary* f = Find(entry.first, entry.second);
    if (f == nullptr || f->signature.var_keyword.empty()) continue;
    const std::set<std::string>& added = AddedByWrappers(entry, wrappers);
    if (added.contains("**")) {
      held[entry] = std::nullopt;
      continue;
    }
    std::set<std::string> keys;
    unnamed(*f, inputs, &keys);
    unnamed(*f, added, &keys);
    held[entry] = std::move(keys);
  }
  // The others: what their calls put there, grown until nothing changes (sets only grow, and
  // "any" absorbs). Functions called from outside the program (entries without inputs) hold any.
  auto of = [&](const FunctionRef& caller) -> std::optional<std::set<std::string>> {
    auto it = held.find(caller);
    if (it != held.end()) return it->second;
    const FunctionSummary* f = Find(caller.first, caller.second);
    bool outside = f == nullptr || (entries != nullptr ? entries->contains(caller) : f->entry);
    return outside ? std::nullopt : std::optional<std::set<std::string>>(std::set<std::string>{});
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [function, calls] : sites) {
      const FunctionSummary* f = Find(function.first, function.second);
      if (f == nullptr || f->signature.var_keyword.empty() || entry_inputs.contains(function)) {
        continue;
      }
      if (entries != nullptr ? entries->contains(function) : f->entry) continue;
      std::optional<std::set<std::string>> keys = of(function);
      if (!keys) continue;  // any already
      size_t before = keys->size();
      const std::set<std::string>& added = AddedByWrappers(function, wrappers);
      bool any = added.contains("**");
      unnamed(*f, added, &*keys);
      for (const auto& [caller, call] : calls) {
        any = any || call->splat;
        unnamed(*f, call->keywords, &*keys);
        for (const std::string& source : call->splat_sources) {
          if (source.starts_with("*") && !source.starts_with("**")) continue;  // positional
          const FunctionSummary* c = Find(caller.first, caller.second);
          bool own = c != nullptr && source == "**" + c->signature.var_keyword;
          std::optional<std::set<std::string>> from = own ? of(caller) : std::nullopt;
          // A dict parameter (`**attention_kwargs`) may hold anything (unless it holds its
          // None default: DefaultedParameters' splats sees to that).
          if (!from) {
            any = true;
            break;
          }
          unnamed(*f, *from, &*keys);
        }
      }
      if (any) {
        held[function] = std::nullopt;
        changed = true;
      } else if (!held.contains(function) || keys->size() != before) {
        held[function] = std::move(*keys);
        changed = true;
      }
    }
  }
  return held;
}

std::map<FunctionRef, std::set<std::string>> ProgramGraph::DefaultedParameters(
    const std::map<FunctionRef, FunctionRef>& reached,
    const std::map<FunctionRef, std::set<std::string>>& entry_inputs,
    const std::set<FunctionRef>* entries) const {
  // Every reached call site, by the function it calls, with the function that makes it.
  CallSites sites = ReachedCallSites(reached);
  WrapperAdditions wrappers;  // what each function's decorators add, found once
  std::map<FunctionRef, std::set<std::string>> out;
  // The entries the user's call is known for: what it does not pass holds its default.
  for (const auto& [entry, inputs] : entry_inputs) {
    const FunctionSummary* f = Find(entry.first, entry.second);
    if (f == nullptr || !reached.contains(entry)) continue;
    out[entry];  // known, even when every parameter is given: ReachableFrom asks
    const std::set<std::string>& added = AddedByWrappers(entry, &wrappers);
    for (const auto& [name, position] : f->literal_defaults) {
      if (!inputs.contains(name) && !AddedPasses(added, name)) out[entry].insert(name);
    }
    for (const std::string& input : inputs) {
      if (Names(f->signature, input)) out[entry].insert(GivenHeldName(input));
    }
    // Inputs that are no named parameter go to its **kwargs; nothing goes to its *args.
    const FunctionSummary::Signature& signature = f->signature;
    if (!signature.var_positional.empty() && !added.contains("*")) {
      out[entry].insert("*" + signature.var_positional);
    }
    bool extra = AddsUnnamedKeyword(added, signature);
    for (const std::string& input : inputs) extra = extra || !Names(signature, input);
    if (!signature.var_keyword.empty() && !extra) out[entry].insert("**" + signature.var_keyword);
  }
  auto holds = [&](const FunctionRef& caller, const std::string& name) {
    auto held = out.find(caller);
    return held != out.end() && held->second.contains(name);
  };
  const KeywordsHeld keywords = KeywordsInVarKeyword(sites, entry_inputs, entries, &wrappers);
  // The keywords a caller's own `**kwargs` handed on may hold; null when any.
  auto handed_on = [&](const FunctionRef& caller,
                       const std::string& source) -> const std::set<std::string>* {
    const FunctionSummary* f = Find(caller.first, caller.second);
    if (f == nullptr || f->signature.var_keyword.empty() ||
        source != "**" + f->signature.var_keyword) {
      return nullptr;
    }
    auto it = keywords.find(caller);
    return it == keywords.end() || !it->second ? nullptr : &*it->second;
  };
  // Whether `call` (made by `caller`) may pass `name` (any name, when empty) through its *x /
  // **x arguments: a caller's `**kwargs` holds only the keywords its own calls put there.
  auto splats = [&](const FunctionRef& caller, const CallSite& call,
                    const std::string& name = "") {
    if (!name.empty() && NamesKeyword(call, name)) return false;
    if (call.splat) return true;
    for (const std::string& source : call.splat_sources) {
      if (holds(caller, source)) continue;
      const std::set<std::string>* held = handed_on(caller, source);
      if (held == nullptr || (name.empty() ? !held->empty() : held->contains(name))) return true;
    }
    return false;
  };
  // Whether `call` (made by `caller`) passes a value for `name`, at `position`: an argument
  // that hands on a defaulted parameter of the caller passes only that default.
  auto passes = [&](const FunctionRef& caller, const CallSite& call, const std::string& name,
                    int position) {
    if (splats(caller, call, name)) return true;
    std::string key = ArgumentKey(call, name, position);
    if (key.empty()) return false;
    auto forwarded = call.forwarded.find(key);
    return forwarded == call.forwarded.end() || !holds(caller, forwarded->second);
  };
  // The literal `call` (made by `caller`) passes for `name` at `position`: written there, or a
  // parameter of the caller every call of it passes that literal; none when it passes something
  // else, may pass it through a splat, or leaves it to its default.
  auto literal_passed = [&](const FunctionRef& caller, const CallSite& call,
                            const std::string& name, int position) -> std::optional<std::string> {
    if (splats(caller, call, name)) return std::nullopt;
    std::string key = ArgumentKey(call, name, position);
    if (key.empty()) return std::nullopt;
    if (auto literal = call.literals.find(key); literal != call.literals.end()) {
      return literal->second;
    }
    auto forwarded = call.forwarded.find(key);
    if (forwarded == call.forwarded.end()) return std::nullopt;
    // What the caller's parameter holds.
    auto held = out.find(caller);
    if (held == out.end()) return std::nullopt;
    return HeldLiteralOf(held->second, forwarded->second);
  };
  // Whether `call` fills the callee's *args (more positional arguments than it names) or its
  // **kwargs (a keyword it does not name).
  auto fills_args = [&](const FunctionRef& caller, const CallSite& call,
                        const FunctionSummary::Signature& signature) {
    return splats(caller, call) || call.positional > signature.positional;
  };
  auto fills_kwargs = [&](const FunctionRef& caller, const CallSite& call,
                          const FunctionSummary::Signature& signature) {
    if (call.splat) return true;
    for (const std::string& source : call.splat_sources) {
      if (holds(caller, source)) continue;
      const std::set<std::string>* held = handed_on(caller, source);
      if (held == nullptr) return true;
      for (const std::string& keyword : *held) {
        if (!Names(signature, keyword)) return true;
      }
    }
    return std::any_of(call.keywords.begin(), call.keywords.end(),
                       [&](const std::string& keyword) { return !Names(signature, keyword); });
  };
  // A call that a parameter of its caller holding its default keeps from running passes
  // nothing (the one-argument branch's `DynamicCache(data)` in `EncoderDecoderCache(*caches)`,
  // which every call gives two caches).
  auto runs = [&](const std::pair<FunctionRef, const CallSite*>& site) {
    const FunctionSummary* caller = Find(site.first.first, site.first.second);
    auto held = out.find(site.first);
    return caller == nullptr ||
           !GuardedAway(*caller, site.second->callee, held == out.end() ? nullptr : &held->second);
  };
  // Defaults flow down call chains (a caller's defaulted parameter handed on), so the sets grow
  // until nothing changes; each round only adds names, and there are finitely many.
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [function, reached_calls] : sites) {
      const FunctionSummary* f = Find(function.first, function.second);
      if (f == nullptr) continue;
      std::vector<std::pair<FunctionRef, const CallSite*>> calls;
      std::copy_if(reached_calls.begin(), reached_calls.end(), std::back_inserter(calls), runs);
      // An entry of the run is called from outside the program (its inputs are set above);
      // without the run's entries, every forward may be one.
      if (entries != nullptr ? entries->contains(function) : f->entry) continue;
      auto add = [&](const std::string& name) {
        if (!holds(function, name)) changed = out[function].insert(name).second || changed;
      };
      // A decorator's wrapper may pass what no call site does.
      const std::set<std::string>& added = AddedByWrappers(function, &wrappers);
      for (const auto& [name, position] : f->literal_defaults) {
        if (holds(function, name)) continue;
        bool passed = AddedPasses(added, name);
        for (const auto& [caller, call] : calls) {
          passed = passed || passes(caller, *call, name, position);
        }
        if (!passed) add(name);
      }
      // Every call that runs passes the same literal (`return_dict=False` from each caller, or
      // `set_attention_type("original_full")` to a parameter with no default).
      for (const auto& [name, position] : NamedPositions(f->signature, f->literal_defaults)) {
        if (holds(function, name) || AddedPasses(added, name)) continue;
        std::optional<std::string> agreed;
        bool same = !calls.empty();
        for (const auto& [caller, call] : calls) {
          std::optional<std::string> given = literal_passed(caller, *call, name, position);
          same = same && given && (!agreed || *agreed == *given);
          if (!same) break;
          agreed = given;
        }
        if (same && agreed) add(LiteralHeldName(name, *agreed));
      }
      const FunctionSummary::Signature& signature = f->signature;
      // Every call that runs hands on a parameter of its caller that is given.
      for (size_t i = 0; i < signature.named.size() && !calls.empty(); ++i) {
        const std::string& name = signature.named[i];
        int position = signature.PositionOf(i);
        if (holds(function, GivenHeldName(name)) || AddedPasses(added, name)) continue;
        bool given = std::all_of(calls.begin(), calls.end(), [&](const auto& site) {
          const auto& [caller, call] = site;
          if (splats(caller, *call, name)) return false;
          auto forwarded = call->forwarded.find(ArgumentKey(*call, name, position));
          return forwarded != call->forwarded.end() &&
                 holds(caller, GivenHeldName(forwarded->second));
        });
        if (given) add(GivenHeldName(name));
      }
      if (!signature.var_positional.empty() && !added.contains("*") &&
          std::none_of(calls.begin(), calls.end(), [&](const auto& site) {
            return fills_args(site.first, *site.second, signature);
          })) {
        add("*" + signature.var_positional);
      }
      if (!signature.var_positional.empty() && !added.contains("*")) {
        std::optional<int> extra = SameExtraPositional(calls, signature, [&](const auto& site) {
          return splats(site.first, *site.second);
        });
        if (extra && *extra > 0) add(VariadicCountName(signature.var_positional, *extra));
      }
      if (!signature.var_keyword.empty() && !AddsUnnamedKeyword(added, signature) &&
          std::none_of(calls.begin(), calls.end(), [&](const auto& site) {
            return fills_kwargs(site.first, *site.second, signature);
          })) {
        add("**" + signature.var_keyword);
      }
    }
  }
  return out;
}

std::map<FunctionRef, std::set<std::string>> ProgramGraph::UnknownInputs(
    const std::map<FunctionRef, FunctionRef>& reached,
    std::map<FunctionRef, std::set<std::string>> unknown) const {
  if (unknown.empty()) return unknown;
  CallSites sites = ReachedCallSites(reached);
  WrapperAdditions wrappers;
  auto holds = [&](const FunctionRef& function, const std::string& name) {
    auto it = unknown.find(function);
    return it != unknown.end() && it->second.contains(name);
  };
  // What one call gives `name`: nothing (the default), an unknown input of its caller handed
  // on, or something else (a value it computed, a known parameter, a splat of anything).
  enum class Given { kNothing, kUnknown, kOther };
  auto given = [&](const FunctionRef& caller, const CallSite& call, const std::string& name,
                   int position) {
    if ((call.splat || !call.splat_sources.empty()) && !NamesKeyword(call, name)) {
      return Given::kOther;
    }
    std::string key = ArgumentKey(call, name, position);
    if (key.empty()) return Given::kNothing;
    auto forwarded = call.forwarded.find(key);
    if (forwarded == call.forwarded.end()) return Given::kOther;
    return holds(caller, forwarded->second) ? Given::kUnknown : Given::kOther;
  };
  // Unknowns flow down call chains: repeat until nothing changes (each round only adds names).
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [function, calls] : sites) {
      const FunctionSummary* f = Find(function.first, function.second);
      if (f == nullptr || calls.empty()) continue;
      const std::set<std::string>& added = AddedByWrappers(function, &wrappers);
      for (const auto& [name, position] : f->literal_defaults) {
        if (name.starts_with("*") || holds(function, name) || AddedPasses(added, name)) continue;
        bool any = false;
        bool only = true;
        for (const auto& [caller, call] : calls) {
          Given g = given(caller, *call, name, position);
          any = any || g == Given::kUnknown;
          only = only && g != Given::kOther;
        }
        if (any && only) changed = unknown[function].insert(name).second || changed;
      }
    }
  }
  return unknown;
}

}  // namespace gbreak
