#include "cli/model_config.h"

#include <cstdlib>
#include <optional>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

#include <nlohmann/json.hpp>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "source/file_reader.h"
#include "source/list_literal.h"

namespace gbreak {
namespace {

constexpr uint64_t kMaxConfigBytes = 64 << 20;

std::string Quoted(absl::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

bool IsNumber(const std::string& text) {
  if (text.empty()) return false;
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return end != nullptr && *end == '\0';
}

std::string LiteralOf(absl::string_view value);

// `[a, b, ...]` as a list literal of the LiteralOf of each entry (commas inside quotes are no
// separators); none when `v` is no bracketed list.
std::optional<std::string> ListOf(const std::string& v) {
  std::optional<std::vector<std::string_view>> entries = SplitListLiteral(v);
  if (!entries) return std::nullopt;
  std::vector<std::string> literals;
  for (std::string_view entry : *entries) {
    literals.push_back(LiteralOf(absl::string_view(entry.data(), entry.size())));
  }
  return "[" + absl::StrJoin(literals, ", ") + "]";
}

// A command-line value as a Python literal: Python's and JSON's spellings of booleans and None,
// numbers, quoted strings as given, a bracketed list of those; anything else is a string.
std::string LiteralOf(absl::string_view value) {
  std::string v(absl::StripAsciiWhitespace(value));
  if (std::optional<std::string> list = ListOf(v)) return *list;
  if (v == "True" || v == "true") return "True";
  if (v == "False" || v == "false") return "False";
  if (v == "None" || v == "null") return "None";
  if (IsNumber(v)) return v;
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) {
    return Quoted(absl::string_view(v).substr(1, v.size() - 2));
  }
  return Quoted(v);
}

// Longer lists are left out: a per-layer field has one entry per layer, and a model of
// thousands of layers is none a user compiles whole.
constexpr size_t kMaxListEntries = 4096;

// A JSON array of scalars as a Python list literal (`['sliding_attention', 'full_attention']`);
// none for an array holding anything else (objects, nested lists) or too long.
std::optional<std::string> ListLiteral(const nlohmann::json& array) {
  if (array.size() > kMaxListEntries) return std::nullopt;
  std::vector<std::string> entries;
  for (const auto& entry : array) {
    if (entry.is_boolean()) {
      entries.push_back(entry.get<bool>() ? "True" : "False");
    } else if (entry.is_null()) {
      entries.push_back("None");
    } else if (entry.is_number()) {
      entries.push_back(entry.dump());
    } else if (entry.is_string()) {
      entries.push_back(Quoted(entry.get<std::string>()));
    } else {
      return std::nullopt;
    }
  }
  return "[" + absl::StrJoin(entries, ", ") + "]";
}

// An object's scalar fields as `prefix + key`, and its lists of scalars (per-layer values such
// as `layer_types`) as list literals; a nested object (a sub-configuration such as
// `text_config`) adds its own under `key.`, so the analysis can give them to the classes built
// from that sub-configuration.
void AddFields(const nlohmann::json& object, const std::string& prefix, int depth,
               std::map<std::string, std::string>* out) {
  // transformers nests sub-configurations two or three deep (a thinker's text config); a
  // deeper object is data, not a configuration.
  constexpr int kMaxDepth = 6;
  for (const auto& [key, value] : object.items()) {
    std::string name = prefix + key;
    if (value.is_boolean()) {
      (*out)[name] = value.get<bool>() ? "True" : "False";
    } else if (value.is_null()) {
      (*out)[name] = "None";
    } else if (value.is_number()) {
      (*out)[name] = value.dump();
    } else if (value.is_string()) {
      (*out)[name] = Quoted(value.get<std::string>());
    } else if (value.is_array()) {
      if (std::optional<std::string> list = ListLiteral(value)) (*out)[name] = *list;
    } else if (value.is_object() && depth < kMaxDepth) {
      AddFields(value, name + ".", depth + 1, out);
    }
  }
}

absl::Status ReadJson(const std::string& path, std::map<std::string, std::string>* out) {
  absl::StatusOr<std::string> text = ReadFileBytes(path, kMaxConfigBytes);
  if (!text.ok()) return absl::InvalidArgumentError(absl::StrCat(path, ": ", text.status().message()));
  nlohmann::json document = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded() || !document.is_object()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a JSON object (a model's config.json was expected)"));
  }
  AddFields(document, "", 0, out);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::map<std::string, std::string>> ReadModelConfig(
    const std::vector<std::string>& values) {
  std::map<std::string, std::string> out;
  for (const std::string& value : values) {
    size_t equals = value.find('=');
    if (equals == std::string::npos) {
      if (absl::Status status = ReadJson(value, &out); !status.ok()) return status;
      continue;
    }
    std::string key(absl::StripAsciiWhitespace(absl::string_view(value).substr(0, equals)));
    if (key.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("`", value, "`: expected KEY=VALUE or the path of a config.json"));
    }
    out[key] = LiteralOf(absl::string_view(value).substr(equals + 1));
  }
  return out;
}

}  // namespace gbreak
