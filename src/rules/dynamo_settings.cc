#include "rules/dynamo_settings.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

const DynamoSettingInfo* FindSetting(std::string_view key) {
  if (key == "ignore_logger_methods") key = "ignore_logging_functions";
  for (const DynamoSettingInfo& info : KnownDynamoSettings()) {
    if (info.key == key) return &info;
  }
  return nullptr;
}

std::string Trim(std::string_view text) {
  return std::string(FromAbsl(absl::StripAsciiWhitespace(ToAbsl(text))));
}

// `warnings.warn` is the C function `_warnings.warn`; either spelling names it.
std::string CanonicalName(std::string_view name) {
  std::string out = Trim(name);
  if (out == "_warnings.warn") return "warnings.warn";
  if (out == "print") return "builtins.print";
  return out;
}

// "2.13.0+cpu" -> {2, 13, 0}; missing parts are 0.
std::vector<int> ParseVersion(std::string_view version, bool* ok) {
  std::vector<int> parts;
  *ok = !version.empty();
  std::string_view core = version.substr(0, version.find_first_of("+-abrc"));
  for (absl::string_view piece : absl::StrSplit(ToAbsl(core), '.')) {
    int value = 0;
    if (!absl::SimpleAtoi(piece, &value) || value < 0) *ok = false;
    parts.push_back(value);
  }
  while (parts.size() < 3) parts.push_back(0);
  return parts;
}

struct Bound {
  std::string op;
  std::vector<int> version;
};

absl::StatusOr<std::vector<Bound>> ParseRange(std::string_view range) {
  std::vector<Bound> bounds;
  for (absl::string_view raw : absl::StrSplit(ToAbsl(range), ',', absl::SkipWhitespace())) {
    std::string piece = Trim(FromAbsl(raw));
    Bound bound;
    for (std::string_view op : {">=", "<=", "==", "!=", ">", "<"}) {
      if (std::string_view(piece).starts_with(op)) {
        bound.op = std::string(op);
        break;
      }
    }
    if (bound.op.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "torch range `", ToAbsl(range), "`: `", piece,
          "` must start with >=, <=, ==, !=, > or < (e.g. \">=2.1,<2.6\")"));
    }
    bool ok = false;
    bound.version = ParseVersion(Trim(std::string_view(piece).substr(bound.op.size())), &ok);
    if (!ok) {
      return absl::InvalidArgumentError(
          absl::StrCat("torch range `", ToAbsl(range), "`: `", piece, "` is not a version"));
    }
    bounds.push_back(std::move(bound));
  }
  return bounds;
}

}  // namespace

const std::vector<DynamoSettingInfo>& KnownDynamoSettings() {
  static const auto* settings = new std::vector<DynamoSettingInfo>{
      {"capture_scalar_outputs", false, "false",
       "trace `.item()`, `int(t)` and integer `.tolist()` as symbolic scalars"},
      {"capture_dynamic_output_shape_ops", false, "false",
       "trace ops whose output shape depends on data (nonzero, unique, mask indexing)"},
      {"trace_numpy", false, "true", "trace NumPy calls on tensors through torch._numpy"},
      {"allow_rnn", false, "false", "trace nn.LSTM/GRU/RNN instead of breaking"},
      {"trace_autograd_ops", false, "false",
       "trace `.backward()` and `torch.autograd.grad` inside the region"},
      {"reorderable_logging_functions", true, "",
       "functions deferred to the end of the graph instead of breaking (builtins.print, "
       "warnings.warn)"},
      {"ignore_logging_functions", true, "",
       "Logger methods turned into no-ops (logging.Logger.info); alias ignore_logger_methods"},
  };
  return *settings;
}

DynamoSettings::DynamoSettings() : torch_version_(kDefaultTorchVersion) {
  for (const DynamoSettingInfo& info : KnownDynamoSettings()) {
    values_[std::string(info.key)] =
        info.is_list ? std::vector<std::string>{}
                     : std::vector<std::string>{std::string(info.default_value)};
  }
}

absl::Status DynamoSettings::Set(std::string_view assignment) {
  size_t eq = assignment.find('=');
  std::string key = Trim(assignment.substr(0, eq));
  const DynamoSettingInfo* info = FindSetting(key);
  if (info == nullptr) {
    std::vector<std::string> keys;
    for (const DynamoSettingInfo& known : KnownDynamoSettings()) keys.emplace_back(known.key);
    return absl::InvalidArgumentError(absl::StrCat("unknown Dynamo setting `", key,
                                                   "` (known: ", absl::StrJoin(keys, ", "), ")"));
  }
  std::string value = eq == std::string_view::npos ? "true" : Trim(assignment.substr(eq + 1));
  std::vector<std::string>& slot = values_[std::string(info->key)];
  if (info->is_list) {
    if (value.empty()) slot.clear();
    for (absl::string_view name : absl::StrSplit(ToAbsl(value), ',', absl::SkipWhitespace())) {
      std::string canonical = CanonicalName(FromAbsl(name));
      if (std::find(slot.begin(), slot.end(), canonical) == slot.end()) slot.push_back(canonical);
    }
    std::sort(slot.begin(), slot.end());
    return absl::OkStatus();
  }
  std::string lower = absl::AsciiStrToLower(value);
  if (lower == "1" || lower == "true" || lower == "yes" || lower == "on") {
    slot = {"true"};
  } else if (lower == "0" || lower == "false" || lower == "no" || lower == "off") {
    slot = {"false"};
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("Dynamo setting `", key, "` takes true or false, not `", value, "`"));
  }
  return absl::OkStatus();
}

absl::Status DynamoSettings::SetTorchVersion(std::string_view version) {
  bool ok = false;
  ParseVersion(Trim(version), &ok);
  if (!ok) {
    return absl::InvalidArgumentError(
        absl::StrCat("torch version `", ToAbsl(version), "` is not a version like 2.4 or 2.13.0"));
  }
  torch_version_ = Trim(version);
  return absl::OkStatus();
}

namespace {

// "torch<2.12" -> "<2.12"; nullopt for a condition on a Dynamo setting.
std::optional<std::string_view> TorchRangeOf(std::string_view condition) {
  constexpr std::string_view kTorch = "torch";
  if (!condition.starts_with(kTorch)) return std::nullopt;
  std::string_view range = condition.substr(kTorch.size());
  while (!range.empty() && range.front() == ' ') range.remove_prefix(1);
  if (range.empty() || std::string_view("<>=!").find(range.front()) == std::string_view::npos) {
    return std::nullopt;
  }
  return range;
}

}  // namespace

bool DynamoSettings::Holds(std::string_view condition) const {
  if (std::optional<std::string_view> range = TorchRangeOf(condition)) {
    return VersionInRange(torch_version_, *range);
  }
  size_t colon = condition.find(':');
  size_t eq = condition.find('=');
  size_t cut = std::min(colon, eq);
  const DynamoSettingInfo* info = FindSetting(Trim(condition.substr(0, cut)));
  if (info == nullptr) return false;
  auto it = values_.find(info->key);
  if (it == values_.end()) return false;
  const std::vector<std::string>& value = it->second;
  if (cut == std::string_view::npos) return !info->is_list && value == std::vector<std::string>{"true"};
  std::string wanted = Trim(condition.substr(cut + 1));
  if (cut == colon) {
    wanted = CanonicalName(wanted);
    if (wanted.ends_with(".*")) {
      std::string prefix = wanted.substr(0, wanted.size() - 1);
      return std::any_of(value.begin(), value.end(),
                         [&](const std::string& v) { return v.starts_with(prefix); });
    }
    return std::find(value.begin(), value.end(), wanted) != value.end();
  }
  return absl::StrJoin(value, ",") == absl::AsciiStrToLower(wanted);
}

bool DynamoSettings::Applies(const Rule& rule) const {
  if (!VersionInRange(torch_version_, rule.torch_range)) return false;
  for (const std::string& condition : rule.only_config) {
    if (!Holds(condition)) return false;
  }
  for (const std::string& condition : rule.unless_config) {
    if (Holds(condition)) return false;
  }
  return true;
}

std::string DynamoSettings::ToString() const {
  std::string out = absl::StrCat("torch=", torch_version_);
  for (const auto& [key, value] : values_) {
    absl::StrAppend(&out, " ", key, "=", absl::StrJoin(value, ","));
  }
  return out;
}

absl::Status ValidateCondition(std::string_view condition) {
  if (std::optional<std::string_view> range = TorchRangeOf(condition)) {
    return ValidateVersionRange(*range);
  }
  size_t cut = std::min(condition.find(':'), condition.find('='));
  std::string key = Trim(condition.substr(0, cut));
  const DynamoSettingInfo* info = FindSetting(key);
  if (info == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("condition `", ToAbsl(condition), "` names unknown Dynamo setting `", key, "`"));
  }
  bool list_form = cut != std::string_view::npos && condition[cut] == ':';
  if (info->is_list != list_form) {
    return absl::InvalidArgumentError(absl::StrCat(
        "condition `", ToAbsl(condition), "`: ",
        info->is_list ? "a list setting is tested with KEY:NAME"
                      : "a boolean setting is tested with KEY or KEY=true/false"));
  }
  return absl::OkStatus();
}

namespace {

struct Directive {
  bool when;  // false: unless
  std::string condition;
  int line;
};

// Calls visit(begin, end, directives) for every top-level pattern of a query.
template <typename Visit>
absl::Status ForEachPattern(std::string_view query, Visit visit) {
  std::vector<Directive> pending;
  int line = 1;
  size_t i = 0;
  while (i < query.size()) {
    char c = query[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (c == ';') {
      size_t end = query.find('\n', i);
      if (end == std::string_view::npos) end = query.size();
      std::string_view comment = query.substr(i, end - i);
      size_t start = comment.find_first_not_of(';');
      std::string body = start == std::string_view::npos ? "" : Trim(comment.substr(start));
      for (auto [prefix, when] : {std::pair<std::string_view, bool>{"when:", true},
                                  {"unless:", false}}) {
        if (std::string_view(body).starts_with(prefix)) {
          std::string condition = Trim(std::string_view(body).substr(prefix.size()));
          if (absl::Status status = ValidateCondition(condition); !status.ok()) {
            return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", status.message()));
          }
          pending.push_back({when, condition, line});
        }
      }
      i = end;
    } else if (c == '(' || c == '[') {
      size_t begin = i;
      int depth = 0;
      bool in_string = false;
      for (; i < query.size(); ++i) {
        char d = query[i];
        if (d == '\n') ++line;
        if (in_string) {
          if (d == '\\') {
            ++i;
          } else if (d == '"') {
            in_string = false;
          }
          continue;
        }
        if (d == '"') {
          in_string = true;
        } else if (d == ';') {
          while (i < query.size() && query[i] != '\n') ++i;
          --i;
        } else if (d == '(' || d == '[') {
          ++depth;
        } else if (d == ')' || d == ']') {
          if (--depth == 0) {
            ++i;
            break;
          }
        }
      }
      // A trailing quantifier or capture belongs to the pattern: `(x)+ @name`.
      while (i < query.size() && query[i] != '\n' && query[i] != '(' && query[i] != '[' &&
             query[i] != ';') {
        ++i;
      }
      visit(begin, i, pending);
      pending.clear();
    } else {
      ++i;
    }
  }
  return absl::OkStatus();
}

}  // namespace

std::string ApplyQueryDirectives(std::string_view query, const DynamoSettings& settings) {
  std::string out(query);
  absl::Status status = ForEachPattern(
      query, [&](size_t begin, size_t end, const std::vector<Directive>& directives) {
        bool keep = true;
        for (const Directive& d : directives) keep = keep && settings.Holds(d.condition) == d.when;
        if (keep) return;
        for (size_t k = begin; k < end; ++k) {
          if (out[k] != '\n') out[k] = ' ';
        }
      });
  (void)status;  // validated when the rule was loaded
  return out;
}

absl::Status ValidateQueryDirectives(std::string_view query) {
  return ForEachPattern(query, [](size_t, size_t, const std::vector<Directive>&) {});
}

absl::Status ValidateVersionRange(std::string_view range) {
  absl::StatusOr<std::vector<Bound>> bounds = ParseRange(range);
  return bounds.ok() ? absl::OkStatus() : bounds.status();
}

std::string TorchRelease(std::string_view version) {
  bool ok = false;
  std::vector<int> parts = ParseVersion(version, &ok);
  return ok ? absl::StrCat(parts[0], ".", parts[1]) : std::string();
}

bool VersionInRange(std::string_view version, std::string_view range) {
  absl::StatusOr<std::vector<Bound>> bounds = ParseRange(range);
  if (!bounds.ok()) return true;
  bool ok = false;
  std::vector<int> have = ParseVersion(version, &ok);
  if (!ok) return true;
  for (const Bound& bound : *bounds) {
    // Versions compare as major.minor.patch, missing parts 0: "<2.4" excludes 2.4.1.
    std::vector<int> mine(have.begin(), have.begin() + 3);
    int cmp = mine < bound.version ? -1 : (mine == bound.version ? 0 : 1);
    bool pass = (bound.op == ">=" && cmp >= 0) || (bound.op == "<=" && cmp <= 0) ||
                (bound.op == "==" && cmp == 0) || (bound.op == "!=" && cmp != 0) ||
                (bound.op == ">" && cmp > 0) || (bound.op == "<" && cmp < 0);
    if (!pass) return false;
  }
  return true;
}

}  // namespace gbreak
