#include "rules/rule_engine.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_cat.h"
#include "analysis/branch_conditions.h"
#include "analysis/file_facts.h"
#include "analysis/placement.h"
#include "analysis/syntax_queries.h"
#include "rules/fix_edit.h"
#include "rules/frame_skip.h"
#include "re2/re2.h"
#include "source/absl_compat.h"
#include "syntax/tree_index.h"

namespace gbreak {
namespace {

// Where a query holds an empty string `""` (outside comments): as an anonymous node or as a
// predicate's argument, tree-sitter's ts_query_new then interns it with
// strncmp(name, NULL, 0), undefined behaviour (found by fuzz/rules_dir_fuzzer.cc), so such a
// query is refused before it gets there.
std::optional<uint32_t> EmptyString(std::string_view query) {
  for (size_t i = 0; i < query.size(); ++i) {
    char c = query[i];
    if (c == ';') {
      while (i < query.size() && query[i] != '\n') ++i;
    } else if (c == '"') {
      if (i + 1 < query.size() && query[i + 1] == '"') return static_cast<uint32_t>(i);
      for (++i; i < query.size() && query[i] != '"'; ++i) {
        if (query[i] == '\\') ++i;  // an escaped character, `\"` included
      }
    }
  }
  return std::nullopt;
}

constexpr std::string_view kReportCapture = "report";
constexpr size_t kMaxPlaceholderText = 60;

std::string_view QueryErrorName(TSQueryError error) {
  switch (error) {
    case TSQueryErrorSyntax:
      return "syntax error in query";
    case TSQueryErrorNodeType:
      return "unknown node type";
    case TSQueryErrorField:
      return "unknown field";
    case TSQueryErrorCapture:
      return "unknown capture";
    case TSQueryErrorStructure:
      return "impossible pattern structure (children must follow the grammar's order)";
    case TSQueryErrorLanguage:
      return "incompatible grammar";
    default:
      return "invalid query";
  }
}

// Line and column (1-based) of a byte offset inside a query file.
std::string PositionIn(std::string_view text, uint32_t offset) {
  int line = 1, column = 1;
  for (uint32_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return absl::StrCat(line, ":", column);
}

// The names `{like_this}` in a message template.
std::vector<std::string> Placeholders(std::string_view message) {
  static const LazyRE2 kPlaceholder = {R"(\{([a-z_][a-z0-9_-]*)\})"};
  std::vector<std::string> names;
  re2::StringPiece input(message.data(), message.size());
  std::string name;
  while (RE2::FindAndConsume(&input, *kPlaceholder, &name)) names.push_back(name);
  return names;
}

// A capture's text as it reads in a one-line message: first line only, shortened.
std::string ShortText(std::string_view text) {
  size_t newline = text.find('\n');
  bool cut = newline != std::string_view::npos;
  if (cut) text = text.substr(0, newline);
  if (text.size() > kMaxPlaceholderText) {
    text = text.substr(0, kMaxPlaceholderText);
    // Do not split a UTF-8 sequence.
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) {
      text.remove_suffix(1);
    }
    if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.remove_suffix(1);
    cut = true;
  }
  return cut ? std::string(text) + "…" : std::string(text);
}

bool InsideError(TSNode node) {
  for (TSNode n = node; !ts_node_is_null(n); n = ParentOf(n)) {
    if (ts_node_is_error(n)) return true;
  }
  return false;
}

Placement ToPlacement(StatementPlacement placement) {
  switch (placement) {
    case StatementPlacement::kInLoop:
      return Placement::kInLoop;
    case StatementPlacement::kInWith:
      return Placement::kInWith;
    case StatementPlacement::kLastStatement:
      return Placement::kLastStatement;
    case StatementPlacement::kInHigherOrderOp:
      return Placement::kInHigherOrderOp;
    case StatementPlacement::kPlain:
      break;
  }
  return Placement::kPlain;
}

// What placement means for the cost of the break, said once in the message.
std::string_view PlacementNote(Placement placement) {
  switch (placement) {
    case Placement::kInLoop:
      return " [in a loop: Dynamo cannot resume inside it and runs the whole function eagerly]";
    case Placement::kInWith:
      return " [in a `with` block: Dynamo cannot resume inside it and runs the whole function "
             "eagerly]";
    case Placement::kInHigherOrderOp:
      return " [in a torch.cond/while_loop body: a hard error, not a graph break]";
    default:
      return "";
  }
}

// The modes and placement of a finding of a code-level rule (built-in findings keep defaults).
void DescribeRegion(TSNode report, FileFacts& facts, Finding& finding) {
  if (finding.rule->kind != Rule::Kind::kQuery) return;
  CompiledRegion::Location location = facts.region().Locate(report);
  if (location.traced) finding.modes = Modes{location.eval, location.train};
  // The program-wide call graph knows module functions and methods; a finding in a nested
  // function is decided by the function that uses it.
  if (!ts_node_is_null(location.outermost)) {
    finding.function = facts.region().QualifiedName(location.outermost);
  }
  finding.reached = location.reachable;
  // Under a test gbreak cannot fold: the break happens only when it holds.
  finding.conditions = UndecidedConditions(report, facts);
  if (!finding.conditions.empty()) {
    finding.message += " [only when " + absl::StrJoin(finding.conditions, " and ") + "]";
  }
  finding.error_path = OnErrorPath(report);
  if (finding.error_path) {
    finding.conditions.push_back("an exception is raised");
    finding.message += " [only on an error path]";
  }
  finding.placement = ToPlacement(
      PlacementOf(report, facts.text(), facts.imports(), facts.higher_order_op_bodies()));
  finding.message += PlacementNote(finding.placement);
  const RegionOptions& options = facts.region().options();
  if (options.eval && options.train && finding.modes.eval != finding.modes.train) {
    finding.message += finding.modes.train ? " [train mode only]" : " [eval mode only]";
  }
}

// A pattern's structure: its text without comments and `(#predicate ...)` groups, whitespace
// collapsed. Two patterns with the same structure match the same nodes with the same captures.
std::string PatternStructure(std::string_view text) {
  std::string out;
  int predicate_depth = 0;  // > 0 inside a (#...) group
  bool space = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ';') {  // a comment, to the end of the line
      while (i < text.size() && text[i] != '\n') ++i;
      space = true;
      continue;
    }
    if (c == '"') {  // a string, with its escapes, kept whole (or dropped inside a predicate)
      size_t j = i + 1;
      while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
      if (predicate_depth == 0) {
        if (space && !out.empty()) out += ' ';
        space = false;
        out.append(text.substr(i, std::min(j + 1, text.size()) - i));
      }
      i = j;
      continue;
    }
    if (predicate_depth > 0) {
      if (c == '(') ++predicate_depth;
      if (c == ')') --predicate_depth;
      continue;
    }
    if (c == '(' && i + 1 < text.size() && text[i + 1] == '#') {
      predicate_depth = 1;
      ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace

Finding MakeFinding(const Rule& rule, const SourceFile& source, uint32_t start, uint32_t end,
                    std::string message) {
  Finding finding;
  finding.rule = &rule;
  finding.path = source.path();
  LineColumn start_lc = source.Locate(start);
  LineColumn end_lc = source.Locate(end);
  finding.start = {start + source.content_offset(), start_lc.line, start_lc.column};
  finding.end = {end + source.content_offset(), end_lc.line, end_lc.column};
  finding.message = std::move(message);
  finding.confidence = rule.confidence;
  return finding;
}

absl::StatusOr<std::unique_ptr<RuleEngine>> RuleEngine::Create(std::vector<Rule> rules) {
  std::unique_ptr<RuleEngine> engine(new RuleEngine());
  engine->rules_ = std::move(rules);
  const std::vector<Rule>& all = engine->rules_;

  std::set<std::string> codes, names;
  for (const Rule& rule : all) {
    if (!codes.insert(rule.code).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(rule.origin, ": rule code ", rule.code, " is defined twice"));
    }
    if (!names.insert(rule.name).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(rule.origin, ": rule name ", rule.name, " is defined twice"));
    }
  }

  // One query text; remember which byte range came from which rule.
  std::string combined;
  struct Chunk {
    uint32_t begin, end;
    size_t rule;
  };
  std::vector<Chunk> chunks;
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i].kind != Rule::Kind::kQuery) continue;
    uint32_t begin = static_cast<uint32_t>(combined.size());
    combined += all[i].query_source;
    combined += "\n";
    chunks.push_back({begin, static_cast<uint32_t>(combined.size()), i});
  }
  auto chunk_at = [&](uint32_t offset) -> const Chunk* {
    for (const Chunk& chunk : chunks) {
      if (offset >= chunk.begin && offset < chunk.end) return &chunk;
    }
    return chunks.empty() ? nullptr : &chunks.back();
  };
  auto where = [&](const Chunk& chunk, uint32_t offset) {
    const Rule& rule = all[chunk.rule];
    return absl::StrCat(rule.query_origin, ":", PositionIn(rule.query_source, offset - chunk.begin));
  };

  // A query from outside the catalog is compiled by tree-sitter, which checks its node types,
  // fields and structure and says where it is wrong.
  for (const Chunk& chunk : chunks) {
    const Rule& rule = all[chunk.rule];
    if (rule.query_checked_in_tests) continue;
    if (std::optional<uint32_t> empty = EmptyString(rule.query_source)) {
      return absl::InvalidArgumentError(absl::StrCat(
          where(chunk, chunk.begin + *empty),
          ": an empty string \"\" (tree-sitter cannot compile it: name a node, or test with "
          "#match? @x \"^$\")"));
    }
    uint32_t error_offset = 0;
    TSQueryError error = TSQueryErrorNone;
    QueryPtr query(ts_query_new(PythonLanguage(), rule.query_source.data(),
                                static_cast<uint32_t>(rule.query_source.size()), &error_offset,
                                &error));
    if (query == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(where(chunk, chunk.begin + error_offset), ": ",
                       ToAbsl(QueryErrorName(error))));
    }
  }
  std::optional<QueryOutline::Error> read_error;
  engine->outline_ = QueryOutline::Read(combined, &read_error);
  if (read_error) {
    const Chunk* chunk = chunk_at(read_error->offset);
    std::string location = chunk ? where(*chunk, read_error->offset) : std::string("<query>");
    return absl::InvalidArgumentError(absl::StrCat(location, ": ", read_error->message));
  }
  const QueryOutline& outline = engine->outline_;

  std::optional<uint32_t> report = outline.CaptureId(kReportCapture);
  engine->report_capture_ = report.value_or(0);
  uint32_t pattern_count = static_cast<uint32_t>(outline.patterns().size());
  engine->patterns_.reserve(pattern_count);
  for (uint32_t p = 0; p < pattern_count; ++p) {
    uint32_t start = outline.patterns()[p].start_byte;
    const Chunk* chunk = chunk_at(start);
    Pattern pattern{chunk->rule, {}};
    if (!report || !outline.Binds(p, *report)) {
      return absl::InvalidArgumentError(absl::StrCat(
          where(*chunk, start), ": pattern has no @report capture (the node a finding points at)"));
    }
    absl::StatusOr<std::vector<CompiledPredicate>> predicates = CompilePatternPredicates(outline, p);
    if (!predicates.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(where(*chunk, start), ": ", predicates.status().message()));
    }
    const Rule& rule = all[chunk->rule];
    for (const CompiledPredicate& predicate : *predicates) {
      if (predicate.kind != CompiledPredicate::Kind::kSemantic) continue;
      std::string name(predicate.semantic->name);
      if (std::find(rule.predicates.begin(), rule.predicates.end(), name) ==
          rule.predicates.end()) {
        return absl::InvalidArgumentError(
            absl::StrCat(where(*chunk, start), ": predicate #", predicate.name,
                         " is used but not listed in ", rule.origin, " `predicates`"));
      }
    }
    pattern.predicates = *std::move(predicates);
    absl::StatusOr<PatternDirectives> directives = CompilePatternDirectives(outline, p);
    if (!directives.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(where(*chunk, start), ": ", directives.status().message()));
    }
    pattern.directives = *directives;
    engine->patterns_.push_back(std::move(pattern));
  }
  if (absl::Status status = engine->BuildMatchQuery(combined); !status.ok()) return status;

  // Every declared predicate must exist, and every placeholder must name a capture.
  for (const Rule& rule : all) {
    for (const std::string& name : rule.predicates) {
      if (FindSemanticPredicate(name) == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrCat(rule.origin, ": unknown semantic predicate `", name, "`"));
      }
    }
    if (rule.kind != Rule::Kind::kQuery) continue;
    for (const std::string& placeholder : Placeholders(rule.message)) {
      if (!outline.CaptureId(placeholder)) {
        return absl::InvalidArgumentError(absl::StrCat(
            rule.origin, ": message placeholder {", placeholder, "} names no capture of ",
            rule.query_origin));
      }
    }
  }
  return engine;
}

const Rule* RuleEngine::FindByCode(std::string_view code) const {
  for (const Rule& rule : rules_) {
    if (rule.code == code) return &rule;
  }
  return nullptr;
}

void RuleEngine::Run(const SourceFile& source, TSNode root, TSQueryCursor* cursor,
                     std::vector<Finding>* findings, RegionOptions options) const {
  FileFacts facts(root, source.text(), options);
  Run(source, facts, cursor, findings);
}

void RuleEngine::Run(const SourceFile& source, FileFacts& facts, TSQueryCursor* cursor,
                     std::vector<Finding>* findings,
                     const std::vector<std::pair<uint32_t, uint32_t>>* ranges) const {
  if (patterns_.empty()) return;
  TreeIndexScope tree_index;  // the matcher reads the tree's index
  // The same rule may match the same node through several patterns: report it once.
  Seen seen;
  if (ranges == nullptr) {
    RunInRange(source, facts, cursor, std::nullopt, findings, seen);
  } else {
    for (const std::pair<uint32_t, uint32_t>& range : *ranges) {
      RunInRange(source, facts, cursor, range, findings, seen);
    }
  }
  DropFindingsAfterFrameSkip(findings, source.path(), facts, source.content_offset());
  DropSizeReadsOfFrameInputs(findings, source.path(), facts, source.content_offset());
  DropRecompilesInSkippedFrames(findings);
}

absl::Status RuleEngine::BuildMatchQuery(std::string_view combined) {
  const std::vector<QueryOutline::Pattern>& patterns = outline_.patterns();
  uint32_t count = static_cast<uint32_t>(patterns.size());
  auto capture_id = [&](std::string_view name) { return outline_.CaptureId(name); };
  std::map<std::string, uint32_t> structures;
  std::string fallback;
  for (uint32_t p = 0; p < count; ++p) {
    uint32_t start = patterns[p].start_byte;
    uint32_t end = p + 1 < count ? patterns[p + 1].start_byte
                                 : static_cast<uint32_t>(combined.size());
    std::string structure = PatternStructure(combined.substr(start, end - start));
    auto [it, added] = structures.try_emplace(structure, static_cast<uint32_t>(groups_.size()));
    if (added) {
      if (!matcher_.Add(it->second, structure, capture_id)) {
        fallback += structure + "\n";
        fallback_groups_.push_back(it->second);
      }
      groups_.emplace_back();
    }
    groups_[it->second].push_back(p);
  }
  if (fallback.empty()) return absl::OkStatus();
  uint32_t error_offset = 0;
  TSQueryError error = TSQueryErrorNone;
  fallback_query_.reset(ts_query_new(PythonLanguage(), fallback.data(),
                                     static_cast<uint32_t>(fallback.size()), &error_offset,
                                     &error));
  if (fallback_query_ == nullptr ||
      ts_query_pattern_count(fallback_query_.get()) != fallback_groups_.size()) {
    return absl::InternalError(absl::StrCat("the rules' patterns without their predicates do not ",
                                            "compile (", ToAbsl(QueryErrorName(error)), " at `",
                                            fallback.substr(error_offset, 40), "`)"));
  }
  for (uint32_t c = 0; c < ts_query_capture_count(fallback_query_.get()); ++c) {
    uint32_t length = 0;
    const char* name = ts_query_capture_name_for_id(fallback_query_.get(), c, &length);
    fallback_capture_ids_.push_back(*outline_.CaptureId(std::string_view(name, length)));
  }
  return absl::OkStatus();
}

void RuleEngine::RunInRange(const SourceFile& source, FileFacts& facts, TSQueryCursor* cursor,
                            std::optional<std::pair<uint32_t, uint32_t>> range,
                            std::vector<Finding>* findings, Seen& seen) const {
  MatchContext context{source.text(), facts.root(), &facts};
  matcher_.ForEachMatch(facts.root(), range,
                        [&](uint32_t group, std::span<const TSQueryCapture> captures) {
                          EvaluateGroupMatch(source, facts, context, group, captures, findings,
                                             seen);
                        });
  if (fallback_query_ == nullptr) return;
  if (range) ts_query_cursor_set_byte_range(cursor, range->first, range->second);
  ts_query_cursor_exec(cursor, fallback_query_.get(), facts.root());
  TSQueryMatch match;
  std::vector<TSQueryCapture> captures;
  while (ts_query_cursor_next_match(cursor, &match)) {
    captures.assign(match.captures, match.captures + match.capture_count);
    for (TSQueryCapture& capture : captures) capture.index = fallback_capture_ids_[capture.index];
    EvaluateGroupMatch(source, facts, context, fallback_groups_[match.pattern_index], captures,
                       findings, seen);
  }
  // The cursor serves the next range and the next file.
  if (range) ts_query_cursor_set_byte_range(cursor, 0, UINT32_MAX);
}

void RuleEngine::EvaluateGroupMatch(const SourceFile& source, FileFacts& facts,
                                    MatchContext& context, uint32_t group,
                                    std::span<const TSQueryCapture> captures,
                                    std::vector<Finding>* findings, Seen& seen) const {
  TSNode report{};
  for (const TSQueryCapture& capture : captures) {
    if (capture.index == report_capture_) {
      report = capture.node;
      break;
    }
  }
  // Only a tree with an error can have a match inside one.
  if (ts_node_is_null(report) || (ts_node_has_error(context.root) && InsideError(report))) return;
  TSQueryMatch match{};
  match.captures = captures.data();
  match.capture_count = static_cast<uint16_t>(captures.size());
  for (uint32_t pattern_index : groups_[group]) {
    match.pattern_index = static_cast<uint16_t>(pattern_index);
    context.deferred = {};
    EvaluateMatch(source, facts, context, match, report, findings, seen);
  }
}

void RuleEngine::EvaluateMatch(const SourceFile& source, FileFacts& facts,
                               const MatchContext& context, const TSQueryMatch& match,
                               TSNode report, std::vector<Finding>* findings, Seen& seen) const {
  const Pattern& pattern = patterns_[match.pattern_index];
  std::optional<Confidence> confidence = EvaluatePredicates(pattern.predicates, match, context);
  if (!confidence) return;
  uint32_t start = ts_node_start_byte(report), end = ts_node_end_byte(report);
  if (!seen.insert({pattern.rule, start, end}).second) return;

  const Rule& rule = rules_[pattern.rule];
  std::string message = rule.message;
  for (uint16_t i = 0; i < match.capture_count; ++i) {
    std::string placeholder = "{" + outline_.capture_names()[match.captures[i].index] + "}";
    size_t at = message.find(placeholder);
    if (at == std::string::npos) continue;
    std::string text = ShortText(NodeText(match.captures[i].node, context.text));
    while (at != std::string::npos) {
      message.replace(at, placeholder.size(), text);
      at = message.find(placeholder, at + text.size());
    }
  }
  Finding finding = MakeFinding(rule, source, start, end, std::move(message));
  finding.confidence = std::min(rule.confidence, *confidence);
  finding.requirement = context.deferred;
  finding.resumes = pattern.directives.resumes;
  if (pattern.directives.frame_input_ok) {
    for (uint16_t i = 0; i < match.capture_count; ++i) {
      if (match.captures[i].index != *pattern.directives.frame_input_ok) continue;
      TSNode value = match.captures[i].node;
      finding.frame_input_ok.emplace_back(ts_node_start_byte(value), ts_node_end_byte(value));
    }
  }
  DescribeRegion(report, facts, finding);
  AttachAutofix(report, source, facts, finding);
  findings->push_back(std::move(finding));
}

}  // namespace gbreak
