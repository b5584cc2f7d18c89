#include "logs/torch_trace_parser.h"

#include <optional>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "logs/break_report.h"
#include "logs/text_util.h"
#include "logs/torch_prefix.h"

namespace gbreak {
namespace {

using nlohmann::json;

// The record types gbreak reads; the type key comes first in every record.
bool Wanted(std::string_view json_text) {
  for (std::string_view key :
       {"{\"str\"", "{\"dynamo_start\"", "{\"dynamo_output_graph\"", "{\"compilation_metrics\"",
        "{\"artifact\": {\"name\": \"dynamo_graph_break_reason\"",
        "{\"artifact\": {\"name\": \"recompile_reasons\"",
        "{\"artifact\": {\"name\": \"torch_version\"", "{\"dynamo_error\""}) {
    if (json_text.starts_with(key)) return true;
  }
  return false;
}

// An integer field, or `otherwise` when it is missing or not an integer (a float such as 7e24
// cannot be converted: json::value would, with undefined behaviour).
int64_t IntegerField(const json& j, const char* key, int64_t otherwise) {
  if (!j.contains(key) || !j[key].is_number_integer()) return otherwise;
  return j[key].get<int64_t>();
}

std::string CompileId(const json& record) {
  if (!record.contains("frame_id") || !record["frame_id"].is_number_integer()) return "";
  std::string id = absl::StrCat(record["frame_id"].get<int64_t>(), "/",
                                IntegerField(record, "frame_compile_id", 0));
  int64_t attempt = IntegerField(record, "attempt", 0);
  if (attempt > 0) absl::StrAppend(&id, "_", attempt);
  return id;
}

std::string Str(const json& j, const char* key) {
  if (!j.contains(key) || !j[key].is_string()) return "";
  return j[key].get<std::string>();
}

int Int(const json& j, const char* key) {
  if (!j.contains(key) || !j[key].is_number_integer()) return 0;
  return j[key].get<int>();
}

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

CompileFailure::Kind FailKind(std::string_view type, std::string_view reason) {
  if (type.find("BackendCompilerFailed") != std::string_view::npos)
    return CompileFailure::Kind::kBackendCompilerFailed;
  if (type.find("InternalTorchDynamoError") != std::string_view::npos ||
      reason.find("likely to be a Dynamo bug") != std::string_view::npos)
    return CompileFailure::Kind::kInternalError;
  if (type.find("RecompileLimit") != std::string_view::npos)
    return CompileFailure::Kind::kRecompileLimit;
  if (type.find("Unsupported") != std::string_view::npos ||
      type.find("UncapturedHigherOrderOpError") != std::string_view::npos ||
      type.find("UserError") != std::string_view::npos)
    return CompileFailure::Kind::kFullgraphError;
  return CompileFailure::Kind::kOther;
}

}  // namespace

void TorchTraceParser::Line(std::string_view text, int64_t number) {
  if (!text.empty() && text[0] == '\t') {
    if (pending_ == Pending::kBreakReason || pending_ == Pending::kRecompileReasons ||
        pending_ == Pending::kTorchVersion) {
      if (payload_.size() < kMaxPayload) {
        payload_.append(text.substr(1));
        payload_.push_back('\n');
      }
    }
    return;
  }
  ClosePayload();
  if (text.empty()) return;
  TorchLine t = SplitTorchLine(text);
  if (!t.prefixed || !t.msg.starts_with("{")) {
    sink_.Diagnose(number, "not a TORCH_TRACE record (expected a glog prefix and a JSON object)");
    return;
  }
  if (!Wanted(t.msg)) return;
  Record(t.msg, number);
}

void TorchTraceParser::Record(std::string_view json_text, int64_t number) {
  json record = json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (record.is_discarded() || !record.is_object()) {
    sink_.Diagnose(number, "TORCH_TRACE record is not valid JSON (truncated?); skipped");
    return;
  }
  std::string compile_id = CompileId(record);
  if (record.contains("str") && record["str"].is_array() && record["str"].size() == 2 &&
      record["str"][0].is_string() && record["str"][1].is_number_integer()) {
    files_[record["str"][1].get<int64_t>()] = record["str"][0].get<std::string>();
    return;
  }
  if (record.contains("dynamo_start")) {
    const json& start = record["dynamo_start"];
    static const json kNoStack = json::array();
    // json::value throws on a non-object: a damaged record is read as a frame without a stack.
    const json& stack = start.is_object() && start.contains("stack") ? start["stack"] : kNoStack;
    if (!stack.is_array() || stack.empty() || !stack.back().is_object()) {
      sink_.StartFrame(compile_id, "", "", 0, number);
      return;
    }
    const json& top = stack.back();  // the frame being compiled is innermost (last)
    std::string file;
    if (top.contains("filename") && top["filename"].is_number_integer()) {
      auto it = files_.find(top["filename"].get<int64_t>());
      if (it != files_.end()) file = it->second;
    } else {
      file = Str(top, "filename");
    }
    sink_.StartFrame(compile_id, Str(top, "name"), file, Int(top, "line"), number);
    return;
  }
  if (record.contains("dynamo_output_graph")) {
    sink_.AddDynamoGraph(compile_id, "", number);
    return;
  }
  if (record.contains("compilation_metrics")) {
    const json& m = record["compilation_metrics"];
    if (!m.is_object()) return;
    sink_.NoteFrameCode(compile_id, Str(m, "co_name"), Str(m, "co_filename"),
                        Int(m, "co_firstlineno"));
    std::string fail_type = Str(m, "fail_type");
    if (fail_type.empty()) return;
    CompileFailure f;
    std::string fail_reason = Str(m, "fail_reason");
    f.kind = FailKind(fail_type, fail_reason);
    // An Unsupported frame in the metrics is usually a break Dynamo could not resume from (the
    // frame ran eagerly); fullgraph=True says so in its reason.
    if (f.kind == CompileFailure::Kind::kFullgraphError &&
        fail_reason.find("fullgraph") == std::string::npos &&
        fail_reason.find("error_on_graph_break") == std::string::npos) {
      f.kind = CompileFailure::Kind::kFrameSkipped;
    }
    f.function = Str(m, "co_name");
    f.file = Str(m, "fail_user_frame_filename");
    f.line = Int(m, "fail_user_frame_lineno");
    if (f.file.empty()) {
      f.file = Str(m, "co_filename");
      f.line = Int(m, "co_firstlineno");
    }
    std::string first = fail_reason.substr(0, fail_reason.find('\n'));
    f.message = fail_type + (first.empty() ? "" : ": " + first);
    f.place.line = number;
    sink_.AddFailure(std::move(f));
    return;
  }
  if (record.contains("artifact") && record["artifact"].is_object()) {
    std::string name = Str(record["artifact"], "name");
    pending_ = name == "dynamo_graph_break_reason" ? Pending::kBreakReason
               : name == "recompile_reasons"       ? Pending::kRecompileReasons
               : name == "torch_version"           ? Pending::kTorchVersion
                                                   : Pending::kSkip;
    payload_.clear();
    compile_id_ = compile_id;
    record_line_ = number;
  }
}

void TorchTraceParser::ClosePayload() {
  Pending pending = pending_;
  pending_ = Pending::kNone;
  if (pending == Pending::kBreakReason) {
    std::vector<std::string> lines = SplitLines(payload_);
    std::optional<BreakReport> report = ParseBreakReport(lines);
    if (!report) {
      sink_.Diagnose(record_line_, "graph-break artifact with no readable location; skipped");
    } else {
      sink_.AddBreak(*report, compile_id_, record_line_);
    }
  } else if (pending == Pending::kRecompileReasons) {
    Recompile r;
    r.place.line = record_line_;
    sink_.FrameOf(compile_id_, &r.function, &r.file, &r.line);
    std::string text = payload_;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    json reasons = json::parse(text, nullptr, false);
    if (!reasons.is_discarded() && reasons.is_array()) {
      for (const json& reason : reasons) {
        if (reason.is_string()) r.guards.push_back(reason.get<std::string>());
      }
    } else if (!text.empty()) {
      r.guards.push_back(text);
    }
    sink_.AddRecompile(std::move(r));
  } else if (pending == Pending::kTorchVersion) {
    // {"pytorch_version": "2.14.1+cu130", "python_version": …}
    json versions = json::parse(payload_, nullptr, false);
    if (versions.is_object()) {
      std::string version = Str(versions, "pytorch_version");
      if (!version.empty()) sink_.SetTorchVersion(std::move(version), record_line_);
    }
  }
  payload_.clear();
}

void TorchTraceParser::Finish() { ClosePayload(); }

}  // namespace gbreak
