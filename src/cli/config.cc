#include "cli/config.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <toml++/toml.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "source/discovery.h"
#include "source/encoding.h"
#include "source/file_reader.h"
#include "source/paths.h"

namespace gbreak {
namespace {

constexpr uint64_t kMaxConfigBytes = 4 << 20;

absl::Status KeyError(const ProjectConfig& config, std::string_view key, std::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(config.path, ": `", std::string(key), "` ",
                                                 std::string(what)));
}

absl::Status ReadStrings(const toml::node& node, const ProjectConfig& config, std::string_view key,
                         bool allow_single, std::vector<std::string>* out) {
  if (allow_single) {
    if (std::optional<std::string> one = node.value<std::string>()) {
      out->push_back(*one);
      return absl::OkStatus();
    }
  }
  const toml::array* array = node.as_array();
  if (array == nullptr) return KeyError(config, key, "must be an array of strings");
  for (const toml::node& element : *array) {
    std::optional<std::string> value = element.value<std::string>();
    if (!value) return KeyError(config, key, "must be an array of strings");
    out->push_back(*value);
  }
  return absl::OkStatus();
}

std::string Normalize(const std::string& path) {
  std::error_code error;
  std::filesystem::path absolute = AbsolutePath(path, error);
  if (error) return path;
  return absolute.lexically_normal().string();
}

std::string Relative(const std::string& file, const std::string& dir) {
  std::filesystem::path rel = std::filesystem::path(Normalize(file)).lexically_relative(dir);
  std::string out = rel.string();
  return out.empty() || out.starts_with("..") ? file : out;
}

bool SelectorMatches(const Rule& rule, const std::string& selector) {
  return selector == "ALL" || absl::StartsWith(rule.code, selector) || rule.name == selector;
}

bool MatchesAny(const Rule& rule, const std::vector<std::string>& selectors) {
  return std::any_of(selectors.begin(), selectors.end(),
                     [&](const std::string& s) { return SelectorMatches(rule, s); });
}

// A `config` table's fields as --config's KEY=VALUE (Python literals), a nested table's under
// its path (`text_config.hidden_size`). Arrays are left out, as in a config.json.
void AddModelConfigFields(const toml::table& table, const std::string& prefix,
                          std::vector<std::string>* out) {
  for (auto&& [raw_key, node] : table) {
    std::string name = prefix + std::string(raw_key.str());
    if (std::optional<bool> b = node.value_exact<bool>()) {
      out->push_back(name + (*b ? "=True" : "=False"));
    } else if (std::optional<int64_t> i = node.value_exact<int64_t>()) {
      out->push_back(absl::StrCat(name, "=", *i));
    } else if (std::optional<double> d = node.value_exact<double>()) {
      out->push_back(absl::StrCat(name, "=", *d));
    } else if (std::optional<std::string> text = node.value_exact<std::string>()) {
      // Quoted, so that "True" or "12" stay strings; ReadModelConfig unquotes it once.
      out->push_back(name + "='" + *text + "'");
    } else if (const toml::table* nested = node.as_table()) {
      AddModelConfigFields(*nested, name + ".", out);
    }
  }
}

}  // namespace

absl::StatusOr<std::optional<ProjectConfig>> ParseConfig(std::string_view text,
                                                         const std::string& path, bool pyproject) {
  // Before toml++ sees it: its whitespace test has undefined behaviour on such characters.
  if (std::string error = TomlNonAsciiError(text, path); !error.empty()) {
    return absl::InvalidArgumentError(error);
  }
  toml::parse_result parsed = toml::parse(text, path);
  if (!parsed) {
    const toml::parse_error& error = parsed.error();
    return absl::InvalidArgumentError(absl::StrCat(path, ":", error.source().begin.line, ":",
                                                   error.source().begin.column, ": ",
                                                   std::string(error.description())));
  }
  const toml::table* table = &parsed.table();
  if (pyproject) {
    const toml::table* tool = parsed.table()["tool"].as_table();
    table = tool == nullptr ? nullptr : (*tool)["gbreak"].as_table();
    if (table == nullptr) return std::optional<ProjectConfig>();
  }
  ProjectConfig config;
  config.path = path;
  config.dir = std::filesystem::path(Normalize(path)).parent_path().string();
  const std::string prefix = pyproject ? "tool.gbreak." : "";
  for (auto&& [raw_key, node] : *table) {
    std::string key(raw_key.str());
    std::string shown = prefix + key;
    absl::Status status = absl::OkStatus();
    if (key == "select") {
      status = ReadStrings(node, config, shown, false, &config.selection.select);
    } else if (key == "extend-select") {
      status = ReadStrings(node, config, shown, false, &config.selection.extend_select);
    } else if (key == "ignore") {
      status = ReadStrings(node, config, shown, false, &config.selection.ignore);
    } else if (key == "exclude" || key == "extend-exclude") {
      status = ReadStrings(node, config, shown, false, &config.exclude);
    } else if (key == "entry") {
      status = ReadStrings(node, config, shown, true, &config.entry);
      // Where each entry is written: SARIF anchors an entry's library findings there.
      if (const toml::array* array = node.as_array()) {
        for (const toml::node& element : *array) {
          config.entry_lines.push_back(static_cast<int>(element.source().begin.line));
        }
      } else {
        config.entry_lines.push_back(static_cast<int>(node.source().begin.line));
      }
    } else if (key == "torch-version") {
      std::optional<std::string> value = node.value<std::string>();
      if (!value) return KeyError(config, shown, "must be a string like \"2.4\"");
      DynamoSettings check;
      if (absl::Status valid = check.SetTorchVersion(*value); !valid.ok()) {
        return KeyError(config, shown, std::string(valid.message()));
      }
      config.torch_version = *value;
    } else if (key == "per-file-ignores") {
      const toml::table* globs = node.as_table();
      if (globs == nullptr) return KeyError(config, shown, "must be a table of glob = [codes]");
      for (auto&& [glob, codes] : *globs) {
        std::vector<std::string> list;
        status = ReadStrings(codes, config, absl::StrCat(shown, ".\"", std::string(glob.str()), "\""),
                             false, &list);
        if (!status.ok()) return status;
        config.per_file_ignores.emplace_back(std::string(glob.str()), std::move(list));
      }
    } else if (key == "capture-scalar-outputs" || key == "capture-dynamic-output-shape-ops") {
      std::optional<bool> value = node.value<bool>();
      if (!value) return KeyError(config, shown, "must be true or false");
      std::string setting = key;
      std::replace(setting.begin(), setting.end(), '-', '_');
      config.dynamo_config.push_back(absl::StrCat(setting, "=", *value ? "true" : "false"));
    } else if (key == "dynamo-config") {
      const toml::table* settings = node.as_table();
      if (settings == nullptr) return KeyError(config, shown, "must be a table of settings");
      for (auto&& [setting_key, value] : *settings) {
        std::string name(setting_key.str());
        std::string assignment;
        if (std::optional<bool> b = value.value<bool>()) {
          assignment = absl::StrCat(name, "=", *b ? "true" : "false");
        } else if (std::optional<std::string> s = value.value<std::string>()) {
          assignment = absl::StrCat(name, "=", *s);
        } else if (const toml::array* array = value.as_array()) {
          assignment = name + "=";
          bool first = true;
          for (const toml::node& element : *array) {
            std::optional<std::string> item = element.value<std::string>();
            if (!item) return KeyError(config, shown + "." + name, "must be a list of strings");
            absl::StrAppend(&assignment, first ? "" : ",", *item);
            first = false;
          }
        } else {
          return KeyError(config, shown + "." + name, "must be a boolean, string or list");
        }
        DynamoSettings check;
        if (absl::Status valid = check.Set(assignment); !valid.ok()) {
          return KeyError(config, shown + "." + name, std::string(valid.message()));
        }
        config.dynamo_config.push_back(std::move(assignment));
      }
    } else if (key == "config") {
      if (std::optional<std::string> file = node.value<std::string>()) {
        config.model_config.push_back(
            (std::filesystem::path(config.dir) / std::filesystem::path(*file)).string());
      } else if (const toml::table* fields = node.as_table()) {
        AddModelConfigFields(*fields, "", &config.model_config);
      } else {
        return KeyError(config, shown,
                        "must be the path of a config.json or a table of configuration fields");
      }
    } else if (key == "fail-on-conditional") {
      std::optional<bool> value = node.value<bool>();
      if (!value) return KeyError(config, shown, "must be true or false");
      config.fail_on_conditional = *value;
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": unknown key `", shown,
          "` (known: select, extend-select, ignore, exclude, extend-exclude, per-file-ignores, "
          "entry, torch-version, dynamo-config, capture-scalar-outputs, "
          "capture-dynamic-output-shape-ops, config, fail-on-conditional)"));
    }
    if (!status.ok()) return status;
  }
  return std::optional<ProjectConfig>(std::move(config));
}

absl::Status ValidateConfigCodes(const ProjectConfig& config, const std::vector<Rule>& catalog) {
  const std::string prefix = absl::EndsWith(config.path, "pyproject.toml") ? "tool.gbreak." : "";
  auto check = [&](const std::vector<std::string>& selectors,
                   const std::string& bare_key) -> absl::Status {
    const std::string key = prefix + bare_key;
    for (const std::string& selector : selectors) {
      bool any = std::any_of(catalog.begin(), catalog.end(),
                             [&](const Rule& r) { return SelectorMatches(r, selector); });
      if (!any) {
        return KeyError(config, key,
                        absl::StrCat("names `", selector,
                                     "`, which matches no rule (see `gbreak rules` for the codes)"));
      }
    }
    return absl::OkStatus();
  };
  for (auto [selectors, key] : {std::pair{&config.selection.select, "select"},
                                {&config.selection.extend_select, "extend-select"},
                                {&config.selection.ignore, "ignore"}}) {
    if (absl::Status status = check(*selectors, key); !status.ok()) return status;
  }
  for (const auto& [glob, codes] : config.per_file_ignores) {
    if (absl::Status status = check(codes, absl::StrCat("per-file-ignores.\"", glob, "\""));
        !status.ok()) {
      return status;
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<const ProjectConfig*> ConfigResolver::ForDirectory(const std::string& dir) {
  std::string start = Normalize(dir);
  std::vector<std::string> visited;
  const ProjectConfig* found = nullptr;
  std::filesystem::path current(start);
  while (true) {
    std::string key = current.string();
    if (auto it = by_dir_.find(key); it != by_dir_.end()) {
      found = it->second;
      break;
    }
    visited.push_back(key);
    for (auto [name, pyproject] : {std::pair<const char*, bool>{"gbreak.toml", false},
                                   {"pyproject.toml", true}}) {
      std::filesystem::path candidate = current / name;
      std::error_code error;
      if (!std::filesystem::is_regular_file(candidate, error)) continue;
      absl::StatusOr<std::string> text = ReadFileBytes(candidate.string(), kMaxConfigBytes);
      if (!text.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat(candidate.string(), ": ", text.status().message()));
      }
      absl::StatusOr<std::optional<ProjectConfig>> config =
          ParseConfig(*text, candidate.string(), pyproject);
      if (!config.ok()) return config.status();
      if (!config->has_value()) continue;
      configs_.push_back(std::make_unique<ProjectConfig>(**std::move(config)));
      found = configs_.back().get();
      break;
    }
    if (found != nullptr || !current.has_parent_path() || current.parent_path() == current) break;
    current = current.parent_path();
  }
  for (const std::string& key : visited) by_dir_[key] = found;
  return found;
}

absl::StatusOr<const ProjectConfig*> ConfigResolver::ForFile(const std::string& file) {
  // The files of one directory share its configuration: normalizing each file's path (the
  // working directory, then lexical normalization) cost a warm run over transformers more than
  // its configuration probes. The directory is taken as the path names it, before normalizing:
  // the same spelling normalizes the same way.
  size_t slash = file.rfind('/');
  std::string spelled_dir = slash == std::string::npos ? "" : file.substr(0, slash + 1);
  if (auto it = by_spelled_dir_.find(spelled_dir); it != by_spelled_dir_.end()) return it->second;
  std::filesystem::path parent = std::filesystem::path(Normalize(file)).parent_path();
  absl::StatusOr<const ProjectConfig*> config = ForDirectory(parent.string());
  if (config.ok()) by_spelled_dir_[spelled_dir] = *config;
  return config;
}

std::vector<const ProjectConfig*> ConfigResolver::Loaded() const {
  std::vector<const ProjectConfig*> out;
  for (const auto& config : configs_) out.push_back(config.get());
  return out;
}

absl::StatusOr<EffectiveSelection> Effective(const ProjectConfig* config, const std::string& file,
                                             const RuleSelection& cli,
                                             const std::string& cli_torch_version,
                                             const std::vector<std::string>& cli_dynamo_config) {
  EffectiveSelection out;
  if (config != nullptr) {
    out.selection = config->selection;
    std::string rel = Relative(file, config->dir);
    for (const auto& [glob, codes] : config->per_file_ignores) {
      if (IsExcluded(rel, {glob})) {
        out.selection.ignore.insert(out.selection.ignore.end(), codes.begin(), codes.end());
      }
    }
    if (!config->torch_version.empty()) {
      if (absl::Status s = out.settings.SetTorchVersion(config->torch_version); !s.ok()) return s;
    }
    for (const std::string& assignment : config->dynamo_config) {
      if (absl::Status s = out.settings.Set(assignment); !s.ok()) return s;
    }
  }
  if (!cli.select.empty()) out.selection.select = cli.select;
  out.selection.extend_select.insert(out.selection.extend_select.end(), cli.extend_select.begin(),
                                     cli.extend_select.end());
  out.selection.ignore.insert(out.selection.ignore.end(), cli.ignore.begin(), cli.ignore.end());
  if (!cli_torch_version.empty()) {
    if (absl::Status s = out.settings.SetTorchVersion(cli_torch_version); !s.ok()) return s;
  }
  for (const std::string& assignment : cli_dynamo_config) {
    if (absl::Status s = out.settings.Set(assignment); !s.ok()) return s;
  }
  return out;
}

bool RuleSelected(const Rule& rule, const RuleSelection& selection) {
  bool on = selection.select.empty() ? rule.enabled_by_default : MatchesAny(rule, selection.select);
  on = on || MatchesAny(rule, selection.extend_select);
  return on && !MatchesAny(rule, selection.ignore);
}

bool ExcludedByConfig(const ProjectConfig& config, const std::string& file) {
  if (config.exclude.empty()) return false;
  return IsExcluded(Relative(file, config.dir), config.exclude);
}

absl::StatusOr<DynamoSettings> LintConfiguration::RunSettings() {
  absl::StatusOr<const ProjectConfig*> project = resolver_.ForDirectory(".");
  if (!project.ok()) return project.status();
  absl::StatusOr<EffectiveSelection> effective =
      Effective(*project, ".", cli_, cli_torch_version_, cli_dynamo_config_);
  if (!effective.ok()) return effective.status();
  return effective->settings;
}

std::vector<std::string> LintConfiguration::RunEntries() {
  absl::StatusOr<const ProjectConfig*> project = resolver_.ForDirectory(".");
  if (!project.ok() || *project == nullptr) return {};
  return (*project)->entry;
}

std::vector<std::pair<std::string, int>> LintConfiguration::RunEntrySources() {
  absl::StatusOr<const ProjectConfig*> project = resolver_.ForDirectory(".");
  if (!project.ok() || *project == nullptr) return {};
  std::vector<std::pair<std::string, int>> out;
  for (size_t i = 0; i < (*project)->entry.size(); ++i) {
    int line = i < (*project)->entry_lines.size() ? (*project)->entry_lines[i] : 0;
    out.emplace_back((*project)->path, line);
  }
  return out;
}

std::vector<std::string> LintConfiguration::RunModelConfig() {
  absl::StatusOr<const ProjectConfig*> project = resolver_.ForDirectory(".");
  if (!project.ok() || *project == nullptr) return {};
  return (*project)->model_config;
}

std::optional<bool> LintConfiguration::RunFailOnConditional() {
  absl::StatusOr<const ProjectConfig*> project = resolver_.ForDirectory(".");
  if (!project.ok() || *project == nullptr) return std::nullopt;
  return (*project)->fail_on_conditional;
}

absl::Status LintConfiguration::Load(const std::vector<std::string>& files,
                                     const std::vector<Rule>& catalog) {
  for (const std::string& file : files) {
    absl::StatusOr<const ProjectConfig*> config = resolver_.ForFile(file);
    if (!config.ok()) return config.status();
  }
  for (const ProjectConfig* config : resolver_.Loaded()) {
    if (absl::Status status = ValidateConfigCodes(*config, catalog); !status.ok()) return status;
  }
  return absl::OkStatus();
}

std::vector<std::string> LintConfiguration::FilterExcluded(
    const std::vector<std::string>& files, const std::vector<std::string>& explicit_paths,
    bool force_exclude) {
  std::vector<std::string> kept;
  for (const std::string& file : files) {
    bool named = std::find(explicit_paths.begin(), explicit_paths.end(), file) !=
                 explicit_paths.end();
    absl::StatusOr<const ProjectConfig*> config = resolver_.ForFile(file);
    bool excluded = config.ok() && *config != nullptr && (!named || force_exclude) &&
                    ExcludedByConfig(**config, file);
    if (!excluded) kept.push_back(file);
  }
  return kept;
}

absl::StatusOr<const EffectiveSelection*> LintConfiguration::For(const std::string& file) {
  auto it = by_file_.find(file);
  if (it != by_file_.end()) return &it->second;
  absl::StatusOr<const ProjectConfig*> config = resolver_.ForFile(file);
  if (!config.ok()) return config.status();
  absl::StatusOr<EffectiveSelection> effective =
      Effective(*config, file, cli_, cli_torch_version_, cli_dynamo_config_);
  if (!effective.ok()) return effective.status();
  return &by_file_.emplace(file, *std::move(effective)).first->second;
}

bool LintConfiguration::SelectedAnywhere(const Rule& rule) {
  if (RuleSelected(rule, Effective(nullptr, "", cli_, "", {})->selection)) return true;
  for (const ProjectConfig* config : resolver_.Loaded()) {
    absl::StatusOr<EffectiveSelection> effective =
        Effective(config, config->dir, cli_, cli_torch_version_, cli_dynamo_config_);
    if (!effective.ok()) continue;
    RuleSelection selection = effective->selection;
    selection.ignore = cli_.ignore;  // per-file ignores only narrow single files
    if (RuleSelected(rule, selection) && effective->settings.Applies(rule)) return true;
  }
  return false;
}

bool LintConfiguration::Keeps(const std::string& file, const Rule& rule) {
  absl::StatusOr<const EffectiveSelection*> effective = For(file);
  if (!effective.ok()) return true;
  return RuleSelected(rule, (*effective)->selection) && (*effective)->settings.Applies(rule);
}

}  // namespace gbreak
