#include "cache/result_codec.h"

#include <concepts>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "cache/msgpack_reader.h"
#include "nlohmann/json.hpp"
#include "source/parallel_for.h"

// Each record is a MessagePack array, not a map: a summary holds thousands of call sites, and
// field names repeated in each would make the entries several times larger and slower to read.
// nlohmann::json writes them (to_json below); MsgpackReader reads them back (the Read functions,
// which take the fields in the same order: a reader that does not match its writer fails the
// round-trip test). The order of the fields is the format; a change to it changes
// kFormatVersion in result_cache.cc, so old entries are never read with the new layout.

namespace gbreak {

using nlohmann::json;

namespace {

// Reading what nlohmann wrote for the standard types the records hold: a vector or set is an
// array, a pair a two-element array, a map with string keys a map, any other map an array of
// [key, value] pairs.
void Read(MsgpackReader& r, std::string& value) { value = r.String(); }
void Read(MsgpackReader& r, bool& value) { value = r.Boolean(); }
template <std::integral T>
  requires(!std::same_as<T, bool>)
void Read(MsgpackReader& r, T& value) {
  value = r.Integer<T>();
}
template <typename A, typename B>
void Read(MsgpackReader& r, std::pair<A, B>& value);
template <typename T>
void Read(MsgpackReader& r, std::vector<T>& values);
template <typename T>
void Read(MsgpackReader& r, std::set<T>& values);
template <typename V>
void Read(MsgpackReader& r, std::map<std::string, V>& values);
template <typename K, typename V>
void Read(MsgpackReader& r, std::map<K, V>& values);
void Read(MsgpackReader& r, CallSite& c);
void Read(MsgpackReader& r, FunctionSummary::Rebinding& b);
void Read(MsgpackReader& r, FunctionSummary& f);
void Read(MsgpackReader& r, SourcePosition& p);
void Read(MsgpackReader& r, CallStep& s);
void Read(MsgpackReader& r, Diagnostic& d);

template <typename A, typename B>
void Read(MsgpackReader& r, std::pair<A, B>& value) {
  r.ExpectArray(2);
  Read(r, value.first);
  Read(r, value.second);
}
template <typename T>
void Read(MsgpackReader& r, std::vector<T>& values) {
  values.resize(r.ArrayHeader());
  for (T& value : values) Read(r, value);
}
template <typename T>
void Read(MsgpackReader& r, std::set<T>& values) {
  values.clear();
  for (size_t n = r.ArrayHeader(); n > 0; --n) {
    T value;
    Read(r, value);
    values.insert(values.end(), std::move(value));
  }
}
template <typename V>
void Read(MsgpackReader& r, std::map<std::string, V>& values) {
  values.clear();
  for (size_t n = r.MapHeader(); n > 0; --n) {
    std::string key(r.String());
    Read(r, values.emplace_hint(values.end(), std::move(key), V())->second);
  }
}
template <typename K, typename V>
void Read(MsgpackReader& r, std::map<K, V>& values) {
  values.clear();
  for (size_t n = r.ArrayHeader(); n > 0; --n) {
    r.ExpectArray(2);
    K key;
    Read(r, key);
    Read(r, values.emplace_hint(values.end(), std::move(key), V())->second);
  }
}

template <typename Enum>
Enum ReadEnum(MsgpackReader& r, int count) {
  int value = r.Integer<int>();
  if (value < 0 || value >= count) throw MsgpackError("an enum value out of range");
  return static_cast<Enum>(value);
}

std::optional<TextEdit> ReadOptionalEdit(MsgpackReader& r) {
  if (r.Nil()) return std::nullopt;
  TextEdit edit;
  r.ExpectArray(3);
  Read(r, edit.start);
  Read(r, edit.end);
  Read(r, edit.replacement);
  return edit;
}

void Read(MsgpackReader& r, CallSite& c) {
  r.ExpectArray(14);
  Read(r, c.callee);
  Read(r, c.start_byte);
  Read(r, c.end_byte);
  Read(r, c.local);
  Read(r, c.positional);
  Read(r, c.keywords);
  Read(r, c.splat);
  Read(r, c.splat_sources);
  Read(r, c.forwarded);
  Read(r, c.tensor_arguments);
  Read(r, c.literals);
  Read(r, c.built_start);
  Read(r, c.built_end);
  Read(r, c.built_with_config);
}

void Read(MsgpackReader& r, FunctionSummary::Rebinding& b) {
  r.ExpectArray(3);
  Read(r, b.replacement);
  Read(r, b.runs_original);
  Read(r, b.original_when);
}

void Read(MsgpackReader& r, FunctionSummary& f) {
  r.ExpectArray(24);
  Read(r, f.name);
  Read(r, f.line);
  Read(r, f.start_byte);
  Read(r, f.end_byte);
  Read(r, f.entry);
  Read(r, f.disabled);
  Read(r, f.disabled_own_frame_only);
  Read(r, f.constant_result);
  Read(r, f.returns);
  Read(r, f.wrapper);
  Read(r, f.adds_arguments);
  Read(r, f.literal_defaults);
  Read(r, f.signature.named);
  Read(r, f.signature.positional);
  Read(r, f.signature.var_positional);
  Read(r, f.signature.var_keyword);
  Read(r, f.calls);
  Read(r, f.rebinds);
  Read(r, f.guarded_callees);
  Read(r, f.local_callees);
  Read(r, f.external_callees);
  Read(r, f.property);
  Read(r, f.config_fields_written);
  Read(r, f.imported_modules);
}

void Read(MsgpackReader& r, ModuleSummary& m) {
  r.ExpectArray(17);
  Read(r, m.path);
  Read(r, m.module);
  Read(r, m.functions);
  Read(r, m.imports);
  Read(r, m.classes);
  Read(r, m.class_fields);
  Read(r, m.class_config);
  Read(r, m.sub_configs);
  Read(r, m.auto_class_maps);
  Read(r, m.model_type_maps);
  Read(r, m.class_decorators);
  Read(r, m.star_imports);
  Read(r, m.class_maps);
  Read(r, m.compiled);
  Read(r, m.compiled_lines);
  Read(r, m.library);
  Read(r, m.replaces_itself);
}

void Read(MsgpackReader& r, SourcePosition& p) {
  r.ExpectArray(3);
  Read(r, p.offset);
  Read(r, p.line);
  Read(r, p.column);
}

void Read(MsgpackReader& r, CallStep& s) {
  r.ExpectArray(3);
  Read(r, s.path);
  Read(r, s.line);
  Read(r, s.function);
}

void Read(MsgpackReader& r, Diagnostic& d) {
  r.ExpectArray(4);
  d.level = ReadEnum<Diagnostic::Level>(r, 2);
  Read(r, d.path);
  Read(r, d.line);
  Read(r, d.message);
}

// A finding before any log cross-check; see EncodeFinding.
Finding ReadFinding(MsgpackReader& r, const RuleEngine& engine) {
  Finding f;
  r.ExpectArray(22);
  f.rule = engine.FindByCode(r.String());
  if (f.rule == nullptr) throw MsgpackError("a finding of a rule the engine has");
  Read(r, f.path);
  Read(r, f.start);
  Read(r, f.end);
  Read(r, f.message);
  f.confidence = ReadEnum<Confidence>(r, 3);
  f.placement = ReadEnum<Placement>(r, 5);
  Read(r, f.modes.eval);
  Read(r, f.modes.train);
  Read(r, f.function);
  Read(r, f.requirement.name);
  Read(r, f.reached);
  Read(r, f.origin);
  Read(r, f.module);
  Read(r, f.call_chain);
  Read(r, f.conditions);
  Read(r, f.error_path);
  Read(r, f.fix);
  f.edit = ReadOptionalEdit(r);
  f.patch_edit = ReadOptionalEdit(r);
  f.fix_safety = ReadEnum<FixSafety>(r, 2);
  f.requirement.kind = ReadEnum<ProgramRequirement::Kind>(r, 3);
  return f;
}

FileCheckResult ReadFound(MsgpackReader& r, const RuleEngine& engine) {
  FileCheckResult result;
  r.ExpectArray(6);
  result.findings.resize(r.ArrayHeader());
  for (Finding& f : result.findings) f = ReadFinding(r, engine);
  Read(r, result.diagnostics);
  Read(r, result.bytes);
  Read(r, result.analyzed);
  Read(r, result.call_conditions);
  Read(r, result.calls_never_run);
  return result;
}


}  // namespace

void to_json(json& j, const CallSite& c) {
  j = json::array({c.callee, c.start_byte, c.end_byte, c.local, c.positional, c.keywords, c.splat,
                   c.splat_sources, c.forwarded, c.tensor_arguments, c.literals, c.built_start,
                   c.built_end, c.built_with_config});
}

void to_json(json& j, const FunctionSummary::Rebinding& r) {
  j = json::array({r.replacement, r.runs_original, r.original_when});
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

void to_json(json& j, const ModuleSummary& m) {
  j = json::array({m.path, m.module, m.functions, m.imports, m.classes, m.class_fields,
                   m.class_config, m.sub_configs, m.auto_class_maps, m.model_type_maps,
                   m.class_decorators, m.star_imports, m.class_maps, m.compiled,
                   m.compiled_lines, m.library, m.replaces_itself});
}

void to_json(json& j, const SourcePosition& p) { j = json::array({p.offset, p.line, p.column}); }

void to_json(json& j, const CallStep& s) { j = json::array({s.path, s.line, s.function}); }

void to_json(json& j, const TextEdit& e) { j = json::array({e.start, e.end, e.replacement}); }

void to_json(json& j, const Diagnostic& d) {
  j = json::array({static_cast<int>(d.level), d.path, d.line, d.message});
}

namespace {

json OptionalEdit(const std::optional<TextEdit>& edit) {
  return edit.has_value() ? json(*edit) : json(nullptr);
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
  return ReadWhole(found, "a result", [&](MsgpackReader& r) { return ReadFound(r, engine); });
}

absl::StatusOr<ModuleSummary> DecodeSummary(std::string_view summary) {
  return ReadWhole(summary, "the summary", [](MsgpackReader& r) {
    ModuleSummary m;
    Read(r, m);
    return m;
  });
}

std::string EncodeFinishInputs(const std::vector<std::pair<uint32_t, uint32_t>>& ranges,
                               const FileChecker::ProgramFacts& program) {
  const std::optional<std::set<std::string>>& replaced = program.replaced_imports;
  return ToMsgpack(json::array(
      {ranges, program.defaulted, program.config_defaults, program.tensor_passed,
       program.unknown_inputs, program.calls_known, program.call_sites, replaced.has_value(),
       replaced.value_or(std::set<std::string>{}), program.calls_here}));
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
                                                              const RuleEngine& engine,
                                                              int threads) {
  absl::StatusOr<std::vector<std::string_view>> found =
      ReadWhole(bytes, "a run", [](MsgpackReader& r) {
        std::vector<std::string_view> found(r.ArrayHeader());
        for (std::string_view& part : found) part = r.Binary();
        return found;
      });
  if (!found.ok()) return found.status();
  // The files' records are independent: decoded in parallel (most of a warm run's reading).
  std::vector<FileCheckResult> results(found->size());
  std::vector<absl::Status> errors(found->size());
  ParallelFor(found->size(), threads, [&](size_t, size_t item) {
    absl::StatusOr<FileCheckResult> result = DecodeCheckResult((*found)[item], engine);
    if (result.ok()) {
      results[item] = *std::move(result);
    } else {
      errors[item] = result.status();
    }
  });
  for (const absl::Status& error : errors) {
    if (!error.ok()) return error;  // the first in file order, whatever the threads did
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
  std::string_view settled;
  absl::StatusOr<EntryScopeResult> result =
      ReadWhole(bytes, "an entry run", [&](MsgpackReader& r) {
        EntryScopeResult result;
        r.ExpectArray(4);
        settled = r.Binary();
        Read(r, result.files);
        Read(r, result.diagnostics);
        Read(r, result.depends_on);
        return result;
      });
  if (!result.ok()) return result.status();
  absl::StatusOr<std::vector<FileCheckResult>> results = DecodeSettledRun(settled, engine);
  if (!results.ok()) return results.status();
  result->results = *std::move(results);
  return result;
}

}  // namespace gbreak
