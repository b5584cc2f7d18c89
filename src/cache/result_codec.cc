#include "cache/result_codec.h"

#include <cstdint>
#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"

// Each record is a JSON array, not an object: a summary holds thousands of call sites, and field
// names repeated in each would make the entries several times larger and slower to read. The
// order of the fields below is the format; a change to it changes kFormatVersion in
// result_cache.cc, so old entries are never read with the new layout.
namespace gbreak {

using nlohmann::json;

namespace {

template <typename T>
void Get(const json& array, size_t index, T& value) {
  array.at(index).get_to(value);
}

template <typename Enum>
Enum EnumAt(const json& array, size_t index, int count) {
  int value = array.at(index).get<int>();
  if (value < 0 || value >= count) {
    throw json::other_error::create(501, "enum out of range", nullptr);
  }
  return static_cast<Enum>(value);
}

}  // namespace

void to_json(json& j, const CallSite& c) {
  j = json::array({c.callee, c.start_byte, c.end_byte, c.local, c.positional, c.keywords, c.splat,
                   c.splat_sources, c.forwarded, c.tensor_arguments, c.literals, c.built_start,
                   c.built_end, c.built_with_config});
}
void from_json(const json& j, CallSite& c) {
  Get(j, 0, c.callee);
  Get(j, 1, c.start_byte);
  Get(j, 2, c.end_byte);
  Get(j, 3, c.local);
  Get(j, 4, c.positional);
  Get(j, 5, c.keywords);
  Get(j, 6, c.splat);
  Get(j, 7, c.splat_sources);
  Get(j, 8, c.forwarded);
  Get(j, 9, c.tensor_arguments);
  Get(j, 10, c.literals);
  Get(j, 11, c.built_start);
  Get(j, 12, c.built_end);
  Get(j, 13, c.built_with_config);
}

void to_json(json& j, const FunctionSummary::Rebinding& r) {
  j = json::array({r.replacement, r.runs_original, r.original_when});
}
void from_json(const json& j, FunctionSummary::Rebinding& r) {
  Get(j, 0, r.replacement);
  Get(j, 1, r.runs_original);
  Get(j, 2, r.original_when);
}

void to_json(json& j, const FunctionSummary& f) {
  j = json::array({f.name, f.line, f.start_byte, f.end_byte, f.entry, f.disabled,
                   f.disabled_own_frame_only, f.constant_result, f.returns, f.wrapper,
                   f.adds_arguments, f.literal_defaults, f.signature.named,
                   f.signature.positional, f.signature.var_positional,
                   f.signature.var_keyword, f.calls, f.rebinds, f.guarded_callees,
                   f.local_callees, f.external_callees, f.property, f.config_fields_written,
                   f.imported_modules});
}
void from_json(const json& j, FunctionSummary& f) {
  Get(j, 0, f.name);
  Get(j, 1, f.line);
  Get(j, 2, f.start_byte);
  Get(j, 3, f.end_byte);
  Get(j, 4, f.entry);
  Get(j, 5, f.disabled);
  Get(j, 6, f.disabled_own_frame_only);
  Get(j, 7, f.constant_result);
  Get(j, 8, f.returns);
  Get(j, 9, f.wrapper);
  Get(j, 10, f.adds_arguments);
  Get(j, 11, f.literal_defaults);
  Get(j, 12, f.signature.named);
  Get(j, 13, f.signature.positional);
  Get(j, 14, f.signature.var_positional);
  Get(j, 15, f.signature.var_keyword);
  Get(j, 16, f.calls);
  Get(j, 17, f.rebinds);
  Get(j, 18, f.guarded_callees);
  Get(j, 19, f.local_callees);
  Get(j, 20, f.external_callees);
  Get(j, 21, f.property);
  Get(j, 22, f.config_fields_written);
  Get(j, 23, f.imported_modules);
}

void to_json(json& j, const ModuleSummary& m) {
  j = json::array({m.path, m.module, m.functions, m.imports, m.classes, m.class_fields,
                   m.class_config, m.sub_configs, m.auto_class_maps, m.model_type_maps,
                   m.class_decorators, m.star_imports, m.class_maps, m.compiled,
                   m.compiled_lines, m.library, m.replaces_itself});
}
void from_json(const json& j, ModuleSummary& m) {
  Get(j, 0, m.path);
  Get(j, 1, m.module);
  Get(j, 2, m.functions);
  Get(j, 3, m.imports);
  Get(j, 4, m.classes);
  Get(j, 5, m.class_fields);
  Get(j, 6, m.class_config);
  Get(j, 7, m.sub_configs);
  Get(j, 8, m.auto_class_maps);
  Get(j, 9, m.model_type_maps);
  Get(j, 10, m.class_decorators);
  Get(j, 11, m.star_imports);
  Get(j, 12, m.class_maps);
  Get(j, 13, m.compiled);
  Get(j, 14, m.compiled_lines);
  Get(j, 15, m.library);
  Get(j, 16, m.replaces_itself);
}

void to_json(json& j, const SourcePosition& p) { j = json::array({p.offset, p.line, p.column}); }
void from_json(const json& j, SourcePosition& p) {
  Get(j, 0, p.offset);
  Get(j, 1, p.line);
  Get(j, 2, p.column);
}

void to_json(json& j, const CallStep& s) { j = json::array({s.path, s.line, s.function}); }
void from_json(const json& j, CallStep& s) {
  Get(j, 0, s.path);
  Get(j, 1, s.line);
  Get(j, 2, s.function);
}

void to_json(json& j, const TextEdit& e) { j = json::array({e.start, e.end, e.replacement}); }
void from_json(const json& j, TextEdit& e) {
  Get(j, 0, e.start);
  Get(j, 1, e.end);
  Get(j, 2, e.replacement);
}

void to_json(json& j, const Diagnostic& d) {
  j = json::array({static_cast<int>(d.level), d.path, d.line, d.message});
}
void from_json(const json& j, Diagnostic& d) {
  d.level = EnumAt<Diagnostic::Level>(j, 0, 2);
  Get(j, 1, d.path);
  Get(j, 2, d.line);
  Get(j, 3, d.message);
}

namespace {

json OptionalEdit(const std::optional<TextEdit>& edit) {
  return edit.has_value() ? json(*edit) : json(nullptr);
}

std::optional<TextEdit> OptionalEditAt(const json& array, size_t index) {
  const json& value = array.at(index);
  if (value.is_null()) return std::nullopt;
  return value.get<TextEdit>();
}

// A finding before any log cross-check (its runtime status is not kept: the cache holds what the
// file's analysis found, and every run cross-checks afresh).
json EncodeFinding(const Finding& f) {
  return json::array({f.rule->code, f.path, f.start, f.end, f.message,
                      static_cast<int>(f.confidence), static_cast<int>(f.placement),
                      f.modes.eval, f.modes.train, f.function, f.requirement.name,
                      f.reached, f.origin, f.module, f.call_chain, f.conditions, f.error_path,
                      f.fix, OptionalEdit(f.edit), OptionalEdit(f.patch_edit),
                      static_cast<int>(f.fix_safety), static_cast<int>(f.requirement.kind)});
}

Finding DecodeFinding(const json& j, const RuleEngine& engine) {
  Finding f;
  f.rule = engine.FindByCode(j.at(0).get<std::string>());
  if (f.rule == nullptr) throw json::other_error::create(501, "unknown rule", nullptr);
  Get(j, 1, f.path);
  Get(j, 2, f.start);
  Get(j, 3, f.end);
  Get(j, 4, f.message);
  f.confidence = EnumAt<Confidence>(j, 5, 3);
  f.placement = EnumAt<Placement>(j, 6, 5);
  Get(j, 7, f.modes.eval);
  Get(j, 8, f.modes.train);
  Get(j, 9, f.function);
  Get(j, 10, f.requirement.name);
  Get(j, 11, f.reached);
  Get(j, 12, f.origin);
  Get(j, 13, f.module);
  Get(j, 14, f.call_chain);
  Get(j, 15, f.conditions);
  Get(j, 16, f.error_path);
  Get(j, 17, f.fix);
  f.edit = OptionalEditAt(j, 18);
  f.patch_edit = OptionalEditAt(j, 19);
  f.fix_safety = EnumAt<FixSafety>(j, 20, 2);
  f.requirement.kind = EnumAt<ProgramRequirement::Kind>(j, 21, 3);
  return f;
}

}  // namespace

namespace {

std::string ToMsgpack(const json& value) {
  std::vector<std::uint8_t> bytes = json::to_msgpack(value);
  return std::string(bytes.begin(), bytes.end());
}

// What a result found: all of it but the summary.
std::string EncodeFound(const FileCheckResult& result) {
  json findings = json::array();
  for (const Finding& f : result.findings) findings.push_back(EncodeFinding(f));
  return ToMsgpack(json::array(
      {findings, result.diagnostics, result.bytes, result.analyzed, result.call_conditions,
       result.calls_never_run}));
}

}  // namespace

EncodedResult EncodeCheckResult(const FileCheckResult& result) {
  EncodedResult encoded;
  encoded.found = EncodeFound(result);
  if (result.summary.has_value()) encoded.summary = ToMsgpack(json(*result.summary));
  return encoded;
}

absl::StatusOr<FileCheckResult> DecodeCheckResult(std::string_view found,
                                                  const RuleEngine& engine) {
  try {
    json record = json::from_msgpack(found.begin(), found.end());
    FileCheckResult result;
    for (const json& f : record.at(0)) result.findings.push_back(DecodeFinding(f, engine));
    Get(record, 1, result.diagnostics);
    Get(record, 2, result.bytes);
    Get(record, 3, result.analyzed);
    Get(record, 4, result.call_conditions);
    Get(record, 5, result.calls_never_run);
    return result;
  } catch (const json::exception& error) {
    return absl::DataLossError(absl::StrCat("cannot decode: ", error.what()));
  }
}

absl::StatusOr<ModuleSummary> DecodeSummary(std::string_view summary) {
  try {
    return json::from_msgpack(summary.begin(), summary.end()).get<ModuleSummary>();
  } catch (const json::exception& error) {
    return absl::DataLossError(absl::StrCat("cannot decode the summary: ", error.what()));
  }
}

// An array of the runs' results, each a binary value holding its "found" part: decoding the
// outer array copies bytes, not thousands of small values.
std::string EncodeSettledRun(const std::vector<FileCheckResult>& results) {
  json run = json::array();
  for (const FileCheckResult& result : results) {
    std::string found = EncodeFound(result);
    run.push_back(json::binary(std::vector<std::uint8_t>(found.begin(), found.end())));
  }
  return ToMsgpack(run);
}

absl::StatusOr<std::vector<FileCheckResult>> DecodeSettledRun(std::string_view bytes,
                                                              const RuleEngine& engine) {
  std::vector<FileCheckResult> results;
  try {
    json run = json::from_msgpack(bytes.begin(), bytes.end());
    results.reserve(run.size());
    for (const json& found : run) {
      const json::binary_t& binary = found.get_binary();
      absl::StatusOr<FileCheckResult> result = DecodeCheckResult(
          std::string_view(reinterpret_cast<const char*>(binary.data()), binary.size()), engine);
      if (!result.ok()) return result.status();
      results.push_back(*std::move(result));
    }
  } catch (const json::exception& error) {
    return absl::DataLossError(absl::StrCat("cannot decode: ", error.what()));
  }
  return results;
}

std::string EncodeEntryResult(const EntryScopeResult& result) {
  std::string settled = EncodeSettledRun(result.results);
  return ToMsgpack(json::array({json::binary(std::vector<std::uint8_t>(settled.begin(),
                                                                       settled.end())),
                                result.files, result.diagnostics, result.depends_on}));
}

absl::StatusOr<EntryScopeResult> DecodeEntryResult(std::string_view bytes,
                                                   const RuleEngine& engine) {
  EntryScopeResult result;
  try {
    json record = json::from_msgpack(bytes.begin(), bytes.end());
    const json::binary_t& settled = record.at(0).get_binary();
    absl::StatusOr<std::vector<FileCheckResult>> results = DecodeSettledRun(
        std::string_view(reinterpret_cast<const char*>(settled.data()), settled.size()), engine);
    if (!results.ok()) return results.status();
    result.results = *std::move(results);
    Get(record, 1, result.files);
    Get(record, 2, result.diagnostics);
    Get(record, 3, result.depends_on);
  } catch (const json::exception& error) {
    return absl::DataLossError(absl::StrCat("cannot decode: ", error.what()));
  }
  return result;
}

}  // namespace gbreak
