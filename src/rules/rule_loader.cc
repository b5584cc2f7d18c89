#include "rules/rule_loader.h"

#include <dirent.h>

#include <algorithm>
#include <map>
#include <set>
#include <toml++/toml.h>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/ascii.h"
#include "re2/re2.h"
#include "rules/dynamo_settings.h"
#include "rules/embedded_files.h"
#include "source/absl_compat.h"
#include "source/encoding.h"
#include "source/file_reader.h"

namespace gbreak {
namespace {

constexpr uint64_t kMaxRuleFileBytes = 1 << 20;

const std::set<std::string, std::less<>>& KnownKeys() {
  static const auto* keys = new std::set<std::string, std::less<>>{
      "code",     "name",      "category", "summary", "message", "severity",
      "confidence", "registry_ids", "predicates", "rationale", "fix", "example",
      "enabled",  "kind", "torch", "only_config", "unless_config", "autofix", "fix_safety"};
  return *keys;
}

absl::Status ErrorAt(const std::string& origin, const toml::source_region& where,
                     const std::string& message) {
  return absl::InvalidArgumentError(
      absl::StrCat(origin, ":", where.begin.line, ":", where.begin.column, ": ", message));
}

absl::Status ErrorIn(const std::string& origin, const std::string& message) {
  return absl::InvalidArgumentError(absl::StrCat(origin, ": ", message));
}

// Reads a required or optional string key.
absl::Status ReadString(const toml::table& table, const std::string& key, bool required,
                        const std::string& origin, std::string* out) {
  const toml::node* node = table.get(key);
  if (node == nullptr) {
    if (required) return ErrorIn(origin, absl::StrCat("missing key `", key, "`"));
    return absl::OkStatus();
  }
  std::optional<std::string> value = node->value<std::string>();
  if (!value) return ErrorAt(origin, node->source(), absl::StrCat("`", key, "` must be a string"));
  *out = std::move(*value);
  return absl::OkStatus();
}

absl::Status ReadStringArray(const toml::table& table, const std::string& key,
                             const std::string& origin, std::vector<std::string>* out) {
  const toml::node* node = table.get(key);
  if (node == nullptr) return absl::OkStatus();
  const toml::array* array = node->as_array();
  if (array == nullptr) {
    return ErrorAt(origin, node->source(), absl::StrCat("`", key, "` must be an array of strings"));
  }
  for (const toml::node& element : *array) {
    std::optional<std::string> value = element.value<std::string>();
    if (!value) {
      return ErrorAt(origin, element.source(),
                     absl::StrCat("`", key, "` must be an array of strings"));
    }
    out->push_back(std::move(*value));
  }
  return absl::OkStatus();
}

// `autofix` (the edit kind, "" for none) and `fix_safety`. A kind's safety is what its edit does
// to behaviour, measured on real torch: guard-eager keeps it (safe); tensor-check changes the
// exception a failing check raises to RuntimeError (unsafe); tensor-branch makes that edit or
// computes both sides of a branch on every call (unsafe). A rule may declare a kind less
// safe than that, never safer.
absl::Status ReadAutofix(const toml::table& table, const std::string& autofix,
                         const std::string& origin, Rule& rule) {
  FixSafety most = FixSafety::kSafe;
  if (autofix == "guard-eager") {
    rule.autofix = Rule::Autofix::kGuardEager;
  } else if (autofix == "tensor-check") {
    rule.autofix = Rule::Autofix::kTensorCheck;
    most = FixSafety::kUnsafe;
  } else if (autofix == "tensor-branch") {
    rule.autofix = Rule::Autofix::kTensorBranch;
    most = FixSafety::kUnsafe;
  } else if (!autofix.empty()) {
    return ErrorIn(origin, absl::StrCat("autofix `", autofix,
                                        "` must be guard-eager, tensor-check or tensor-branch"));
  }
  std::string safety;
  if (absl::Status status = ReadString(table, "fix_safety", /*required=*/false, origin, &safety);
      !status.ok()) {
    return status;
  }
  if (!safety.empty() && autofix.empty()) {
    return ErrorIn(origin, "`fix_safety` needs an `autofix`");
  }
  if (safety.empty()) {
    rule.fix_safety = most;
  } else if (safety == "unsafe") {
    rule.fix_safety = FixSafety::kUnsafe;
  } else if (safety == "safe") {
    if (most != FixSafety::kSafe) {
      return ErrorIn(origin, absl::StrCat("fix_safety `safe`: autofix `", autofix,
                                          "` changes behaviour, so its fixes are unsafe"));
    }
    rule.fix_safety = FixSafety::kSafe;
  } else {
    return ErrorIn(origin, absl::StrCat("fix_safety `", safety, "` must be safe or unsafe"));
  }
  return absl::OkStatus();
}

absl::Status Validate(const Rule& rule, const std::string& origin) {
  static const LazyRE2 kCode = {"[A-Z]{2}[0-9]{3}"};
  static const LazyRE2 kName = {"[a-z][a-z0-9]*(-[a-z0-9]+)*"};
  static const LazyRE2 kRegistryId = {"GB[0-9]{4}"};
  if (!RE2::FullMatch(rule.code, *kCode)) {
    return ErrorIn(origin, absl::StrCat("code `", rule.code,
                                        "` must be two capital letters and three digits"));
  }
  if (!RE2::FullMatch(rule.name, *kName)) {
    return ErrorIn(origin, absl::StrCat("name `", rule.name, "` must be kebab-case"));
  }
  for (const std::string& id : rule.registry_ids) {
    if (!RE2::FullMatch(id, *kRegistryId)) {
      return ErrorIn(origin, absl::StrCat("registry id `", id, "` must look like GB0123"));
    }
  }
  return absl::OkStatus();
}

std::string StemOf(std::string_view path) {
  size_t slash = path.find_last_of('/');
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  size_t dot = name.find_last_of('.');
  return std::string(name.substr(0, dot));
}

absl::StatusOr<std::vector<std::string>> ListFiles(const std::string& dir, std::string_view ext) {
  std::vector<std::string> names;
  DIR* handle = opendir(dir.c_str());
  if (handle == nullptr) {
    return absl::NotFoundError(absl::StrCat(dir, ": cannot read rule directory"));
  }
  while (struct dirent* entry = readdir(handle)) {
    std::string name = entry->d_name;
    if (std::string_view(name).ends_with(ext)) names.push_back(name);
  }
  closedir(handle);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

absl::StatusOr<Rule> ParseRuleToml(std::string_view toml_text, const std::string& origin) {
  // Before toml++ sees it: its whitespace test has undefined behaviour on such characters.
  if (std::string error = TomlNonAsciiError(toml_text, origin); !error.empty()) {
    return absl::InvalidArgumentError(error);
  }
  toml::parse_result parsed = toml::parse(toml_text, origin);
  if (!parsed) {
    const toml::parse_error& error = parsed.error();
    return ErrorAt(origin, error.source(), std::string(error.description()));
  }
  const toml::table& table = parsed.table();
  for (auto&& [key, value] : table) {
    if (!KnownKeys().contains(std::string(key.str()))) {
      return ErrorAt(origin, value.source(), "unknown key `" + std::string(key.str()) + "`");
    }
  }
  Rule rule;
  rule.origin = origin;
  for (auto [key, field] : {std::pair<std::string, std::string*>{"code", &rule.code},
                            {"name", &rule.name},
                            {"category", &rule.category},
                            {"summary", &rule.summary},
                            {"message", &rule.message},
                            {"rationale", &rule.rationale},
                            {"fix", &rule.fix}}) {
    absl::Status status = ReadString(table, key, /*required=*/true, origin, field);
    if (!status.ok()) return status;
  }
  std::string severity = "warning", confidence = "certain", kind = "query";
  for (auto [key, field] : {std::pair<std::string, std::string*>{"severity", &severity},
                            {"confidence", &confidence},
                            {"kind", &kind}}) {
    absl::Status status = ReadString(table, key, /*required=*/false, origin, field);
    if (!status.ok()) return status;
  }
  static const std::map<std::string, Severity, std::less<>> kSeverities = {
      {"info", Severity::kInfo}, {"warning", Severity::kWarning}, {"error", Severity::kError}};
  static const std::map<std::string, Confidence, std::less<>> kConfidences = {
      {"possible", Confidence::kPossible},
      {"likely", Confidence::kLikely},
      {"certain", Confidence::kCertain}};
  if (auto it = kSeverities.find(severity); it != kSeverities.end()) {
    rule.severity = it->second;
  } else {
    return ErrorIn(origin, absl::StrCat("severity `", severity,
                                        "` must be one of error, warning, info"));
  }
  if (auto it = kConfidences.find(confidence); it != kConfidences.end()) {
    rule.confidence = it->second;
  } else {
    return ErrorIn(origin, absl::StrCat("confidence `", confidence,
                                        "` must be one of certain, likely, possible"));
  }
  if (kind == "query") {
    rule.kind = Rule::Kind::kQuery;
  } else if (kind == "builtin") {
    rule.kind = Rule::Kind::kBuiltin;
  } else {
    return ErrorIn(origin, absl::StrCat("kind `", kind, "` must be query or builtin"));
  }
  std::string autofix;
  if (absl::Status status = ReadString(table, "autofix", /*required=*/false, origin, &autofix);
      !status.ok()) {
    return status;
  }
  if (absl::Status status = ReadAutofix(table, autofix, origin, rule); !status.ok()) {
    return status;
  }
  if (const toml::node* enabled = table.get("enabled")) {
    std::optional<bool> value = enabled->value<bool>();
    if (!value) return ErrorAt(origin, enabled->source(), "`enabled` must be true or false");
    rule.enabled_by_default = *value;
  }
  for (auto [key, field] :
       {std::pair<std::string, std::vector<std::string>*>{"registry_ids", &rule.registry_ids},
        {"predicates", &rule.predicates},
        {"only_config", &rule.only_config},
        {"unless_config", &rule.unless_config}}) {
    absl::Status status = ReadStringArray(table, key, origin, field);
    if (!status.ok()) return status;
  }
  if (absl::Status status = ReadString(table, "torch", /*required=*/false, origin, &rule.torch_range);
      !status.ok()) {
    return status;
  }
  if (absl::Status status = ValidateVersionRange(rule.torch_range); !status.ok()) {
    return ErrorIn(origin, std::string(status.message()));
  }
  for (const std::vector<std::string>* conditions : {&rule.only_config, &rule.unless_config}) {
    for (const std::string& condition : *conditions) {
      if (absl::Status status = ValidateCondition(condition); !status.ok()) {
        return ErrorIn(origin, std::string(status.message()));
      }
    }
  }
  const toml::table* example = table["example"].as_table();
  if (example == nullptr) return ErrorIn(origin, "missing table `[example]` (before and after)");
  for (auto&& [key, value] : *example) {
    if (key.str() != "before" && key.str() != "after") {
      return ErrorAt(origin, value.source(),
                     "unknown key `example." + std::string(key.str()) + "`");
    }
  }
  for (auto [key, field] : {std::pair<std::string, std::string*>{"before", &rule.example_before},
                            {"after", &rule.example_after}}) {
    absl::Status status = ReadString(*example, key, /*required=*/true, origin + " [example]", field);
    if (!status.ok()) return status;
  }
  // TOML's multi-line strings start and end with newlines; documentation reads better without.
  for (std::string* text : {&rule.summary, &rule.message, &rule.rationale, &rule.fix}) {
    *text = std::string(FromAbsl(absl::StripAsciiWhitespace(*text)));
  }
  for (std::string* text : {&rule.example_before, &rule.example_after}) {
    while (!text->empty() && text->front() == '\n') text->erase(text->begin());
    while (!text->empty() && (text->back() == '\n' || text->back() == ' ')) text->pop_back();
  }
  absl::Status valid = Validate(rule, origin);
  if (!valid.ok()) return valid;
  return rule;
}

absl::StatusOr<std::vector<Rule>> LoadEmbeddedRules() {
  std::map<std::string, std::string_view> queries;  // stem -> text
  for (const EmbeddedFile& file : EmbeddedRuleFiles()) {
    if (file.path.starts_with("queries/")) queries[StemOf(file.path)] = file.contents;
  }
  std::vector<Rule> rules;
  for (const EmbeddedFile& file : EmbeddedRuleFiles()) {
    if (!file.path.starts_with("rules/")) continue;
    absl::StatusOr<Rule> rule = ParseRuleToml(file.contents, std::string(file.path));
    if (!rule.ok()) return rule.status();
    if (rule->kind == Rule::Kind::kQuery) {
      auto it = queries.find(StemOf(file.path));
      if (it == queries.end()) {
        return ErrorIn(rule->origin, absl::StrCat("no query file queries/", StemOf(file.path),
                                                  ".scm"));
      }
      rule->query_origin = absl::StrCat("queries/", it->first, ".scm");
      rule->query_source = std::string(it->second);
      rule->query_checked_in_tests = true;
      if (absl::Status status = ValidateQueryDirectives(rule->query_source); !status.ok()) {
        return ErrorIn(rule->query_origin, std::string(status.message()));
      }
    }
    rules.push_back(*std::move(rule));
  }
  return rules;
}

absl::StatusOr<std::vector<Rule>> LoadRulesFromDirectory(const std::string& dir) {
  // Catalog layout (DIR/rules + DIR/queries) or flat (DIR/x.toml + DIR/x.scm).
  std::string rule_dir = dir, query_dir = dir;
  if (absl::StatusOr<std::vector<std::string>> nested = ListFiles(dir + "/rules", ".toml");
      nested.ok() && !nested->empty()) {
    rule_dir = dir + "/rules";
    query_dir = dir + "/queries";
  }
  absl::StatusOr<std::vector<std::string>> names = ListFiles(rule_dir, ".toml");
  if (!names.ok()) return names.status();
  if (names->empty()) return ErrorIn(dir, "no rule files (*.toml) in this directory");
  std::vector<Rule> rules;
  for (const std::string& name : *names) {
    std::string path = absl::StrCat(rule_dir, "/", name);
    absl::StatusOr<std::string> text = ReadFileBytes(path, kMaxRuleFileBytes);
    if (!text.ok()) return ErrorIn(path, std::string(text.status().message()));
    absl::StatusOr<Rule> rule = ParseRuleToml(*text, path);
    if (!rule.ok()) return rule.status();
    if (rule->kind == Rule::Kind::kQuery) {
      std::string query_path = absl::StrCat(query_dir, "/", StemOf(name), ".scm");
      absl::StatusOr<std::string> query = ReadFileBytes(query_path, kMaxRuleFileBytes);
      if (!query.ok()) {
        return ErrorIn(path, absl::StrCat("cannot read its query ", query_path, ": ",
                                          query.status().message()));
      }
      rule->query_origin = query_path;
      rule->query_source = *std::move(query);
      if (absl::Status status = ValidateQueryDirectives(rule->query_source); !status.ok()) {
        return ErrorIn(query_path, std::string(status.message()));
      }
    }
    rules.push_back(*std::move(rule));
  }
  return rules;
}

}  // namespace gbreak
