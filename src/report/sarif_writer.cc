#include "report/sarif_writer.h"

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "report/fingerprint.h"
#include "report/origin.h"
#include "report/ranking.h"
#include "report/rule_docs.h"

namespace gbreak {
namespace {

using nlohmann::ordered_json;
namespace fs = std::filesystem;

constexpr char kSchemaUri[] = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr char kSrcRoot[] = "%SRCROOT%";
// GitHub's limits on descriptions (characters).
constexpr size_t kMaxDescription = 1024;

const char* LevelName(Severity severity) {
  switch (severity) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kInfo: return "note";
  }
  return "warning";
}

// Code scanning sorts alerts by level, then by precision.
const char* PrecisionName(Confidence confidence) {
  switch (confidence) {
    case Confidence::kCertain: return "very-high";
    case Confidence::kLikely: return "high";
    case Confidence::kPossible: return "medium";
  }
  return "medium";
}

// `problem.severity` marks a non-security result; `security-severity` is never set, because a
// graph break is a performance problem, not a vulnerability.
const char* ProblemSeverity(Severity severity) {
  switch (severity) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kInfo: return "recommendation";
  }
  return "warning";
}

// Percent-encodes everything but RFC 3986's unreserved characters and '/'.
std::string EncodeUriPath(const std::string& path) {
  std::string out;
  for (unsigned char c : path) {
    if (absl::ascii_isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out.push_back(static_cast<char>(c));
    } else {
      absl::StrAppend(&out, absl::StrFormat("%%%02X", c));
    }
  }
  return out;
}

std::string FileUri(const std::string& absolute) {
  return absl::StrCat("file://", EncodeUriPath(absolute));
}

// A path as code scanning sees it.
struct ResolvedPath {
  std::string absolute;
  std::string relative;  // to the source root, '/'-separated; "" when outside it
  bool in_repo = false;  // the repository's own code: under the root, not in a site-packages dir
};

class PathResolver {
 public:
  explicit PathResolver(const SarifOptions& options)
      : working_directory_(options.working_directory), root_(options.source_root) {}

  ResolvedPath Resolve(const std::string& path) const {
    ResolvedPath r;
    fs::path p(path);
    if (p.is_relative() && !working_directory_.empty()) p = fs::path(working_directory_) / p;
    // Symlinked files are reported at their target, as code scanning expects.
    std::error_code error;
    fs::path canonical = fs::weakly_canonical(p, error);
    p = error ? p.lexically_normal() : canonical;
    r.absolute = p.generic_string();
    if (root_.empty()) return r;
    fs::path relative = p.lexically_relative(root_);
    if (relative.empty() || *relative.begin() == "..") return r;
    r.relative = relative.generic_string();
    r.in_repo = true;
    for (const fs::path& part : relative) {
      // A virtual environment inside the checkout is still third-party code: not the
      // repository's, though it is named relative to the root like the rest.
      if (part == "site-packages" || part == "dist-packages") r.in_repo = false;
    }
    return r;
  }

 private:
  std::string working_directory_;
  fs::path root_;
};

// A library file named from its package down ("transformers/models/gpt2.py"), not from a
// machine-specific site-packages directory.
std::string DisplayPath(const ResolvedPath& path) {
  if (path.in_repo) return path.relative;
  for (const char* marker : {"/site-packages/", "/dist-packages/"}) {
    size_t at = path.absolute.rfind(marker);
    if (at != std::string::npos) return path.absolute.substr(at + std::string(marker).size());
  }
  return path.absolute;
}

ordered_json ArtifactLocation(const ResolvedPath& path) {
  if (!path.relative.empty()) {
    return {{"uri", EncodeUriPath(path.relative)}, {"uriBaseId", kSrcRoot}};
  }
  return {{"uri", FileUri(path.absolute)}};
}

ordered_json Region(const Finding& f) {
  int end_line = std::max(f.end.line, f.start.line);
  int end_column = std::max(f.end.column, 1);
  if (end_line == f.start.line) end_column = std::max(end_column, f.start.column);
  return {{"startLine", std::max(f.start.line, 1)},
          {"startColumn", std::max(f.start.column, 1)},
          {"endLine", end_line},
          {"endColumn", end_column}};
}

ordered_json PhysicalLocation(const ResolvedPath& path, ordered_json region) {
  ordered_json physical = {{"artifactLocation", ArtifactLocation(path)}};
  if (!region.is_null()) physical["region"] = std::move(region);
  return physical;
}

ordered_json StepLocation(const CallStep& step, const PathResolver& paths) {
  ordered_json region;
  if (step.line > 0) region = {{"startLine", step.line}};
  ordered_json location = {{"physicalLocation", PhysicalLocation(paths.Resolve(step.path), region)}};
  if (!step.function.empty()) location["message"] = {{"text", step.function}};
  return location;
}

// Line hashes per file, read once. Results arrive grouped by file, so a small cache suffices.
class FingerprintCache {
 public:
  explicit FingerprintCache(const SarifOptions& options) : read_file_(options.read_file) {}

  std::optional<std::string> LineHash(const std::string& absolute, int line) {
    // Each file is read once: results alternate between a library file and the user's line that
    // reaches it, so the last file alone would be read again and again.
    auto [it, added] = hashes_.try_emplace(absolute);
    if (added && read_file_) {
      if (std::optional<std::string> text = read_file_(absolute)) it->second = LineHashes(*text);
    }
    const std::vector<std::string>& hashes = it->second;
    if (line < 1 || static_cast<size_t>(line) > hashes.size()) return std::nullopt;
    return hashes[static_cast<size_t>(line) - 1];
  }

 private:
  std::function<std::optional<std::string>(const std::string&)> read_file_;
  std::map<std::string, std::vector<std::string>> hashes_;
};

ordered_json RuleJson(const Rule& rule) {
  ordered_json tags = ordered_json::array({"torch.compile", "graph-break", "performance"});
  if (!rule.category.empty()) tags.push_back(rule.category);
  std::string full = rule.rationale.empty() ? rule.summary : rule.rationale;
  ordered_json json = {
      {"id", rule.code},
      {"name", rule.name},
      {"shortDescription", {{"text", FirstParagraph(rule.summary, kMaxDescription)}}},
      {"fullDescription", {{"text", FirstParagraph(full, kMaxDescription)}}},
      {"help", {{"text", RuleHelpText(rule)}, {"markdown", RuleHelpMarkdown(rule)}}}};
  // Dynamo's own page for the break this rule predicts is the best further reading.
  // gbreak's own rules (GX diagnostics, RC recompilation hazards) have no Dynamo page: point at
  // the rule table of the README.
  json["helpUri"] = rule.registry_ids.empty()
                        ? absl::StrCat(kGbreakHomepage, "#rules-are-data")
                        : RegistryLink(rule.registry_ids.front());
  json["defaultConfiguration"] = {{"enabled", rule.enabled_by_default},
                                  {"level", LevelName(rule.severity)}};
  json["properties"] = {{"tags", std::move(tags)},
                        {"precision", PrecisionName(rule.confidence)},
                        {"problem.severity", ProblemSeverity(rule.severity)},
                        {"registryIds", rule.registry_ids}};
  return json;
}

ordered_json RuntimeJson(const RuntimeStatus& runtime) {
  switch (runtime.kind) {
    case RuntimeStatus::Kind::kConfirmed: {
      ordered_json json = {{"status", "confirmed"},
                           {"breakCount", runtime.break_count},
                           {"graphsAdded", runtime.graphs_added}};
      if (!runtime.reason.empty()) json["reason"] = runtime.reason;
      if (!runtime.registry_id.empty()) json["registryId"] = runtime.registry_id;
      return json;
    }
    case RuntimeStatus::Kind::kNotSeen: return {{"status", "not-seen"}};
    case RuntimeStatus::Kind::kNotChecked: break;
  }
  return nullptr;
}

ordered_json ResultProperties(const Finding& f) {
  ordered_json modes = ordered_json::array();
  if (f.modes.eval) modes.push_back("eval");
  if (f.modes.train) modes.push_back("train");
  ordered_json props = {{"confidence", ConfidenceName(f.confidence)},
                        {"placement", PlacementName(f.placement)},
                        {"modes", std::move(modes)},
                        {"origin", OriginOf(f)},
                        {"registryIds", f.rule->registry_ids}};
  if (ordered_json runtime = RuntimeJson(f.runtime); !runtime.is_null()) {
    props["runtime"] = std::move(runtime);
  }
  if (!f.conditions.empty()) props["conditions"] = f.conditions;
  return props;
}

ordered_json CodeFlow(const Finding& f, const ResolvedPath& where, const PathResolver& paths) {
  ordered_json steps = ordered_json::array();
  for (const CallStep& step : f.call_chain) {
    steps.push_back({{"location", StepLocation(step, paths)}});
  }
  steps.push_back({{"location",
                    {{"physicalLocation", PhysicalLocation(where, Region(f))},
                     {"message", {{"text", f.message}}}}}});
  return ordered_json::array({{{"threadFlows", ordered_json::array({{{"locations", steps}}})}}});
}

ordered_json FixJson(const Finding& f, const ResolvedPath& where) {
  std::string description = f.fix.empty() ? f.rule->fix : f.fix;
  ordered_json replacement = {
      {"deletedRegion",
       {{"byteOffset", f.edit->start}, {"byteLength", f.edit->end - f.edit->start}}},
      {"insertedContent", {{"text", f.edit->replacement}}}};
  return ordered_json::array(
      {{{"description", {{"text", FirstParagraph(description, kMaxDescription)}}},
        {"artifactChanges",
         ordered_json::array({{{"artifactLocation", ArtifactLocation(where)},
                               {"replacements", ordered_json::array({replacement})}}})}}});
}

// One result. A finding outside the repository (a library in site-packages) is placed at the
// innermost in-repository frame of its call chain: code scanning shows only repository files.
ordered_json ResultJson(const Finding& f, size_t rule_index, const PathResolver& paths,
                        FingerprintCache& fingerprints) {
  ResolvedPath where = paths.Resolve(f.path);
  std::string message = f.message;
  ordered_json primary = PhysicalLocation(where, Region(f));
  ordered_json related;
  int primary_line = f.start.line;
  ResolvedPath primary_path = where;
  if (!where.in_repo) {
    for (auto step = f.call_chain.rbegin(); step != f.call_chain.rend(); ++step) {
      ResolvedPath frame = paths.Resolve(step->path);
      if (!frame.in_repo || step->line < 1) continue;
      primary = PhysicalLocation(frame, {{"startLine", step->line}});
      primary_line = step->line;
      primary_path = frame;
      std::string origin = OriginOf(f);
      std::string library = origin == "user" ? std::string("a library") : origin;
      absl::StrAppend(&message, " (the break is in ", library, ", reached from here: [",
                      DisplayPath(where), ":", f.start.line, "](1))");
      related = ordered_json::array(
          {{{"id", 1},
            {"physicalLocation", PhysicalLocation(where, Region(f))},
            {"message", {{"text", absl::StrCat(library, ": ", f.message)}}}}});
      break;
    }
  }

  ordered_json result = {{"ruleId", f.rule->code},
                         {"ruleIndex", rule_index},
                         {"level", LevelName(f.rule->severity)},
                         {"message", {{"text", message}}},
                         {"locations", ordered_json::array({{{"physicalLocation", primary}}})}};
  // Every readable file gets its line hash, library files included: code scanning tracks an
  // alert across runs by it, whatever the file.
  if (std::optional<std::string> hash = fingerprints.LineHash(primary_path.absolute,
                                                              primary_line)) {
    result["partialFingerprints"] = {{"primaryLocationLineHash", *hash}};
  }
  if (!related.is_null()) result["relatedLocations"] = std::move(related);
  if (!f.call_chain.empty()) result["codeFlows"] = CodeFlow(f, where, paths);
  if (f.edit.has_value() && where.in_repo) result["fixes"] = FixJson(f, where);
  result["rank"] = FindingRank(f);
  result["properties"] = ResultProperties(f);
  return result;
}

// The rules of the run: every rule that ran (catalog order), then any other rule a finding names.
std::vector<const Rule*> RunRules(const LintReport& report) {
  std::vector<const Rule*> rules = report.rules;
  std::set<std::string> listed;
  for (const Rule* rule : rules) listed.insert(rule->code);
  std::map<std::string, const Rule*> extra;
  for (const Finding& f : report.findings) {
    if (!listed.count(f.rule->code)) extra.emplace(f.rule->code, f.rule);
  }
  for (const auto& [code, rule] : extra) rules.push_back(rule);
  return rules;
}

ordered_json Invocation(const LintReport& report, const PathResolver& paths) {
  ordered_json notifications = ordered_json::array();
  bool ok = true;
  for (const Diagnostic& d : report.diagnostics) {
    bool error = d.level == Diagnostic::Level::kError;
    ok = ok && !error;
    ordered_json n = {{"level", error ? "error" : "warning"}, {"message", {{"text", d.message}}}};
    if (!d.path.empty()) {
      ordered_json region;
      if (d.line > 0) region = {{"startLine", d.line}};
      n["locations"] = ordered_json::array(
          {{{"physicalLocation", PhysicalLocation(paths.Resolve(d.path), region)}}});
    }
    notifications.push_back(std::move(n));
  }
  ordered_json invocation = {{"executionSuccessful", ok}};
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
  return invocation;
}

std::string Dump(const ordered_json& log) {
  // Invalid UTF-8 in a message (a syntax-error excerpt) is replaced, never a crash.
  return log.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace

size_t GzipSize(const std::string& text) {
  z_stream stream{};
  // windowBits 15 + 16: a gzip wrapper, as the upload is.
  if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    return text.size();
  }
  std::vector<unsigned char> buffer(1 << 16);
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  size_t total = 0;
  int status = Z_OK;
  do {
    stream.next_out = buffer.data();
    stream.avail_out = static_cast<uInt>(buffer.size());
    status = deflate(&stream, Z_FINISH);
    total += buffer.size() - stream.avail_out;
  } while (status == Z_OK || (status == Z_BUF_ERROR && stream.avail_out == 0));
  deflateEnd(&stream);
  return total;
}

SarifOutput WriteSarif(const LintReport& report, const SarifOptions& options) {
  SarifOutput out;
  PathResolver paths(options);
  FingerprintCache fingerprints(options);

  std::vector<const Rule*> rules = RunRules(report);
  std::map<std::string, size_t> rule_index;
  ordered_json rules_json = ordered_json::array();
  for (const Rule* rule : rules) {
    rule_index.emplace(rule->code, rules_json.size());
    rules_json.push_back(RuleJson(*rule));
  }

  std::vector<ordered_json> results;
  results.reserve(report.findings.size());
  for (const Finding& f : report.findings) {
    results.push_back(ResultJson(f, rule_index.at(f.rule->code), paths, fingerprints));
  }

  ordered_json base_ids = {
      {kSrcRoot,
       {{"uri", FileUri(fs::path(options.source_root).generic_string() + "/")},
        {"description", {{"text", "The repository root"}}}}}};
  if (options.source_root.empty()) base_ids[kSrcRoot].erase("uri");
  ordered_json run = {
      {"tool",
       {{"driver",
         {{"name", "gbreak"},
          {"version", options.tool_version},
          {"semanticVersion", options.tool_version},
          {"informationUri", kGbreakHomepage},
          {"rules", std::move(rules_json)}}}}},
      {"automationDetails", {{"id", options.automation_id}}},
      {"originalUriBaseIds", std::move(base_ids)},
      {"columnKind", "unicodeCodePoints"},
      {"invocations", ordered_json::array({Invocation(report, paths)})},
      {"results", ordered_json::array()}};
  ordered_json log = {{"$schema", kSchemaUri},
                      {"version", "2.1.0"},
                      {"runs", ordered_json::array({std::move(run)})}};

  // Keep the most important results within code scanning's limits, in report order.
  std::vector<size_t> order = ImportanceOrder(report.findings);
  size_t keep = std::min(results.size(), options.max_results);
  std::string text;
  while (true) {
    std::vector<bool> kept(results.size(), false);
    for (size_t i = 0; i < keep; ++i) kept[order[i]] = true;
    ordered_json& results_json = log["runs"][0]["results"];
    results_json = ordered_json::array();
    for (size_t i = 0; i < results.size(); ++i) {
      if (kept[i]) results_json.push_back(results[i]);
    }
    text = Dump(log);
    size_t gzip = GzipSize(text);
    if (gzip <= options.max_gzip_bytes || keep == 0) {
      if (gzip > options.max_gzip_bytes) {
        out.warnings.push_back(absl::StrFormat(
            "the SARIF log is %d bytes gzipped even without results, over code scanning's "
            "limit of %d",
            gzip, options.max_gzip_bytes));
      }
      break;
    }
    // Shrink in proportion to the overshoot, with a margin, until it fits.
    size_t next = static_cast<size_t>(static_cast<double>(keep) *
                                      static_cast<double>(options.max_gzip_bytes) /
                                      static_cast<double>(gzip) * 0.95);
    keep = std::min(next, keep - 1);
  }
  if (keep < results.size()) {
    out.warnings.push_back(absl::StrFormat(
        "SARIF output keeps the %d most important of %d results (code scanning accepts at most "
        "%d results and %d bytes gzipped per run); the %d lowest-ranked were left out",
        keep, results.size(), options.max_results, options.max_gzip_bytes,
        results.size() - keep));
  }
  out.text = std::move(text);
  return out;
}

}  // namespace gbreak
