#include "cli/model_config.h"

#include <cstdlib>
#include "absl/strings/string_view.h"

#include <nlohmann/json.hpp>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "source/file_reader.h"

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

// A command-line value as a Python literal: Python's and JSON's spellings of booleans and None,
// numbers, quoted strings as given; anything else is a string.
std::string LiteralOf(absl::string_view value) {
  std::string v(absl::StripAsciiWhitespace(value));
  if (v == "True" || v == "true") return "True";
  if (v == "False" || v == "false") return "False";
  if (v == "None" || v == "null") return "None";
  if (IsNumber(v)) return v;
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) {
    return Quoted(absl::string_view(v).substr(1, v.size() - 2));
  }
  return Quoted(v);
}

// An object's scalar fields as `prefix + key`; a nested object (a sub-configuration such as
// `text_config`) adds its own under `key.`, so the analysis can give them to the classes built
// from that sub-configuration. Lists are left out (per-layer values, label maps).
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
