#include "logs/ttxla_parser.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "logs/text_util.h"
#include "logs/torch_prefix.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

constexpr std::string_view kSeparator =
    "------------------ END OF MLIR MODULE ------------------";
constexpr int64_t kMaxAliasId = 1 << 26;  // beyond this an id is junk, not a table index
constexpr size_t kMaxRanges = 24;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// `#loc12` → 12, `#loc` → -1; false when the digits are not a plausible id.
bool AliasId(std::string_view digits, int64_t* id) {
  if (digits.empty()) {
    *id = -1;
    return true;
  }
  if (digits.size() > 8) return false;
  int64_t v = 0;
  for (char c : digits) {
    if (!IsDigit(c)) return false;
    v = v * 10 + (c - '0');
  }
  *id = v;
  return v < kMaxAliasId;
}

bool IsLaterStage(std::string_view stage) {
  return stage == "ttnn" || stage == "ttnn_runtime";
}

// The stage names of tt-xla before 2025-10-20 (logs.md §1.2).
std::string OldStage(std::string_view header) {
  if (header == "VHLO Module:") return "vhlo";
  if (header == "SHLO Module:") return "shlo";
  if (header == "SHLO Module after frontend StableHLO pipeline:") return "shlo_frontend";
  if (header == "SHLO Module after compiler StableHLO pipeline:") return "shlo_compiler";
  if (header == "TTIR Module:") return "ttir";
  if (header == "TTNN Module:") return "ttnn";
  return "";
}

}  // namespace

bool TtXlaParser::IsSeparator(std::string_view text) {
  if (!text.starts_with(kSeparator)) return false;
  return Trim(text.substr(kSeparator.size())).empty();
}

bool TtXlaParser::ParseHeader(std::string_view text, std::string* stage) {
  text = Trim(text);
  if (!text.ends_with(":")) return false;
  size_t at = text.rfind("MLIR Module ");
  if (at != std::string_view::npos) {
    std::string_view name = text.substr(at + 12, text.size() - at - 13);
    if (name.empty()) return false;
    for (char c : name) {
      if (!(IsDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) {
        return false;
      }
    }
    *stage = std::string(name);
    return true;
  }
  // Old headers: the message after the loguru `| ` is the whole header.
  size_t bar = text.rfind("| ");
  std::string_view message = bar == std::string_view::npos ? text : text.substr(bar + 2);
  std::string old = OldStage(message);
  if (old.empty()) return false;
  *stage = std::move(old);
  return true;
}

bool TtXlaParser::LooksLikeMlir(std::string_view text) {
  if (text.empty()) return true;
  switch (text[0]) {
    case ' ':
    case '\t':
    case '#':
    case '}':
    case '{':
    case '%':
    case '^':
    case '"':
    case ')':
      return true;
    default:
      break;
  }
  return text.starts_with("module") || text.starts_with("builtin.module") ||
         text.starts_with("func.func");
}

bool TtXlaParser::Line(std::string_view text, int64_t number) {
  if (in_module_) {
    if (!text.empty() && (text[0] == ' ' || text[0] == '\t')) {
      std::string_view trimmed = TrimLeft(text);
      // tt-mlir runtime lines (`RuntimeTTNN | DEBUG | …`) are runtime repeats, not module text.
      if (!trimmed.empty() && (trimmed[0] == 'R' || trimmed[0] == 'A') &&
          trimmed.find(" | ") != std::string_view::npos) {
        return true;
      }
      BodyLine(text);
      return true;
    }
    if (text.starts_with("-")) {
      if (IsSeparator(text)) {
        EndModule(number);
        return true;
      }
    } else if (text.starts_with("#")) {
      AliasLine(text);
      return true;
    } else if (LooksLikeMlir(text)) {
      BodyLine(text);
      return true;
    }
    // A foreign line inside a dump (another thread's log line): fall through to the checks below
    // without ending the module.
  } else if (!text.empty()) {
    char c = text[0];
    if (c == '-' && IsSeparator(text)) {
      if (in_pass_dump_) {
        in_pass_dump_ = false;
        return true;
      }
      sink_.Diagnose(number, "END OF MLIR MODULE separator with no module before it; ignored");
      return true;
    }
    if (c == '/' && text.starts_with("// -----// IR Dump")) {
      in_pass_dump_ = true;  // MLIR's per-pass dumps have no separator: skip their bodies
      return true;
    }
    if (in_pass_dump_ && LooksLikeMlir(text)) return true;
    if (c == '#' && text.starts_with("#loc") && text.find(" = loc(") != std::string_view::npos) {
      // Aliases printed before the module of a dump with no header.
      StartModule("", number, false);
      AliasLine(text);
      return true;
    }
    if (c == 'm' && text.starts_with("module") && !in_pass_dump_) {
      StartModule("", number, false);
      BodyLine(text);
      return true;
    }
  }
  if (text.empty()) return in_module_;
  std::string stage;
  if (text.back() == ':' && ParseHeader(text, &stage)) {
    in_pass_dump_ = false;
    if (in_module_) {
      sink_.Diagnose(module_line_, absl::StrCat("MLIR module `", ToAbsl(stage_),
                                                "` has no END OF MLIR MODULE separator"));
      EndModule(number - 1);
    }
    StartModule(std::move(stage), number, true);
    return true;
  }
  // tt-xla errors: `module_builder.cc:839    ERR| Failed to convert from SHLO to TTIR module`.
  if (size_t err = text.find("ERR| "); err != std::string_view::npos) {
    ErrorLine(text.substr(err + 5), number);
    return true;
  }
  if (text.starts_with("loc(") && text.find("): error: ") != std::string_view::npos) {
    last_diagnostic_ = std::string(text.substr(0, 300));
    return true;
  }
  return in_module_ && !LooksLikeGlog(text) && !(IsDigit(text[0]) && text.size() > 4 &&
                                                  text[4] == '-');
}

void TtXlaParser::StartModule(std::string stage, int64_t number, bool has_header) {
  bool starts_graph = stage == "vhlo" || !in_graph_;
  headerless_ = !has_header;
  if (starts_graph) {
    EndGraph();
    StartGraph(number);
  }
  evidence_module_ = graph_.stages.empty();
  collect_locs_ = evidence_module_ || headerless_;
  in_module_ = true;
  stage_ = std::move(stage);
  module_name_.clear();
  content_stage_.clear();
  module_line_ = number;
  locs_.Clear();
}

void TtXlaParser::StartGraph(int64_t number) {
  in_graph_ = true;
  graph_ = TtGraph();
  graph_.place.line = number;
  graph_.after_dynamo_graph = sink_.LastDynamoGraph();
  through_bridge_ = false;
  any_frames_ = false;
  sites_.clear();
  ranges_.clear();
  graph_problems_.clear();
}

void TtXlaParser::BodyLine(std::string_view text) {
  // The op's own location is the last `loc(...)` of a line ending in `)`; earlier ones belong to
  // block arguments.
  if (text.empty()) return;
  if (headerless_ && content_stage_.empty()) {
    if (text.find("vhlo.") != std::string_view::npos) {
      content_stage_ = "vhlo";
    } else if (text.find("stablehlo.") != std::string_view::npos) {
      content_stage_ = "shlo";
    } else if (text.find("ttnn.") != std::string_view::npos) {
      content_stage_ = "ttnn";
    } else if (text.find("ttir.") != std::string_view::npos) {
      content_stage_ = "ttir";
    }
  }
  if (module_name_.empty() && (text[0] == 'm' || text[0] == ' ')) {
    std::string_view t = TrimLeft(text);
    if (t.starts_with("module @") || t.starts_with("builtin.module @")) {
      std::string_view name = t.substr(t.find('@') + 1);
      size_t end = name.find_first_of(" {");
      module_name_ = std::string(name.substr(0, end));
    }
  }
  if (!collect_locs_) return;
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.empty() || text.back() != ')') return;
  size_t open = text.rfind("loc(");
  if (open == std::string_view::npos) return;
  std::string_view body = text.substr(open + 4, text.size() - open - 5);
  if (body.starts_with("#loc")) {
    int64_t id;
    if (AliasId(body.substr(4), &id)) {
      locs_.Reference(id);
      return;
    }
  }
  locs_.ReferenceInline(body);
}

void TtXlaParser::AliasLine(std::string_view text) {
  // `#locN = loc(...)`; other aliases (`#dram = …`, `#ttnn_layout3 = …`) are attributes.
  if (!collect_locs_ || !text.starts_with("#loc")) return;
  size_t eq = text.find(" = loc(");
  if (eq == std::string_view::npos) return;
  int64_t id;
  if (!AliasId(text.substr(4, eq - 4), &id)) return;
  std::string_view body = Trim(text.substr(eq + 7));
  if (body.ends_with(")")) body.remove_suffix(1);
  locs_.Define(id, body);
}

SourceFrame::Kind TtXlaParser::Kind(std::string_view file) {
  // Files repeat in every module: classify each once (bounded by the code's files, not the log).
  auto it = kinds_.find(file);
  if (it == kinds_.end()) it = kinds_.emplace(std::string(file), ClassifyFrameFile(file)).first;
  return it->second;
}

void TtXlaParser::Absorb(const LocView& loc, int64_t count) {
  for (size_t i = 0; i < loc.size; ++i) {
    if (loc.frames[i].file.ends_with("dynamo_bridge.py")) through_bridge_ = true;
  }
  if (!evidence_module_) return;
  graph_.ops += count;
  for (size_t i = 0; i < loc.size; ++i) {
    const LocFrame& f = loc.frames[i];
    SourceFrame::Kind kind = Kind(f.file);
    if (kind != SourceFrame::Kind::kUser && kind != SourceFrame::Kind::kLibrary) continue;
    any_frames_ = true;
    std::string file(f.file), function(f.function);
    sites_[{file, f.line, function}] += count;
    auto [it, added] = ranges_.try_emplace({file, function});
    CodeRange& r = it->second;
    if (added) {
      r.file = file;
      r.function = function;
      r.first_line = r.last_line = f.line;
    }
    r.first_line = std::min(r.first_line, f.line);
    r.last_line = std::max(r.last_line, f.line);
    r.ops += static_cast<int>(count);
    break;  // the innermost non-internal frame is the op's attribution
  }
}

void TtXlaParser::EndModule(int64_t number) {
  sink_.CountModule();
  std::string stage = stage_;
  if (stage.empty()) stage = content_stage_.empty() ? "unknown" : content_stage_;
  if (headerless_ && stage == "vhlo" && !graph_.stages.empty()) {
    // A header-less log: the vhlo content starts the next graph.
    EndGraph();
    StartGraph(module_line_);
    evidence_module_ = true;
  }
  graph_.stages.push_back(stage);
  if (graph_.module_name.empty()) graph_.module_name = module_name_;
  std::vector<std::string> problems;
  if (collect_locs_) {
    locs_.Resolve([this](const LocView& loc, int64_t count) { Absorb(loc, count); }, problems);
  }
  for (std::string& p : problems) {
    // The same broken alias is usually broken in every stage of the graph: say it once; and a
    // truncated module's missing aliases are explained by the truncation.
    if (truncating_ || !graph_problems_.insert(p).second) continue;
    sink_.Diagnose(module_line_, absl::StrCat("MLIR module `", ToAbsl(stage), "`: ", p));
  }
  in_module_ = false;
  evidence_module_ = false;
  collect_locs_ = false;
  locs_.Clear();
}

void TtXlaParser::ErrorLine(std::string_view message, int64_t number) {
  CompileFailure f;
  f.kind = CompileFailure::Kind::kTtCompileError;
  f.place.line = number;
  f.message = std::string(Trim(message));
  if (!last_diagnostic_.empty()) {
    f.message += " (" + last_diagnostic_ + ")";
    last_diagnostic_.clear();
  }
  if (in_graph_) {
    graph_.failed_stage = graph_.stages.empty() ? "vhlo" : graph_.stages.back();
    std::string name = graph_.module_name.empty() ? module_name_ : graph_.module_name;
    f.function = absl::StrCat(name.empty() ? "tt graph" : name, " (after stage ",
                              ToAbsl(graph_.failed_stage), ")");
  }
  sink_.AddFailure(std::move(f));
}

void TtXlaParser::EndGraph() {
  if (!in_graph_) return;
  in_graph_ = false;
  graph_.complete = std::any_of(graph_.stages.begin(), graph_.stages.end(),
                                [](const std::string& s) { return IsLaterStage(s); });
  graph_.origin = through_bridge_ ? "dynamo" : any_frames_ ? "eager" : "unknown";
  int64_t best = -1;
  for (const auto& [key, count] : sites_) {
    if (count > best) {
      best = count;
      graph_.attribution.file = std::get<0>(key);
      graph_.attribution.line = std::get<1>(key);
      graph_.attribution.function = std::get<2>(key);
      graph_.attribution.kind = ClassifyFrameFile(graph_.attribution.file);
    }
  }
  for (auto& [key, range] : ranges_) graph_.ranges.push_back(range);
  std::stable_sort(graph_.ranges.begin(), graph_.ranges.end(),
                   [](const CodeRange& a, const CodeRange& b) { return a.ops > b.ops; });
  if (graph_.ranges.size() > kMaxRanges) graph_.ranges.resize(kMaxRanges);
  std::sort(graph_.ranges.begin(), graph_.ranges.end(), [](const CodeRange& a, const CodeRange& b) {
    return std::tie(a.file, a.first_line, a.function) < std::tie(b.file, b.first_line, b.function);
  });
  sink_.AddTtGraph(std::move(graph_));
  graph_ = TtGraph();
}

void TtXlaParser::Finish(int64_t last_line) {
  if (in_module_) {
    sink_.Diagnose(module_line_,
                   absl::StrCat("the log ends inside MLIR module `",
                                ToAbsl(stage_.empty() ? content_stage_ : stage_),
                                "` (truncated); its locations are used as far as they were read"));
    graph_.truncated = true;
    truncating_ = true;
    EndModule(last_line);
    truncating_ = false;
  }
  EndGraph();
}

}  // namespace gbreak
