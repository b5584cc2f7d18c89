#include "rules/suppression.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "re2/re2.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

constexpr std::string_view kUnusedSuppression = "GX100";

// The codes in "SE001, CV001 E501" (any tool's), upper-cased.
std::vector<std::string> ParseCodes(std::string_view list) {
  static const LazyRE2 kCode = {R"(([A-Za-z]+[0-9]+))"};
  std::vector<std::string> codes;
  re2::StringPiece input(list.data(), list.size());
  std::string code;
  while (RE2::FindAndConsume(&input, *kCode, &code)) {
    for (char& c : code) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    codes.push_back(code);
  }
  return codes;
}

bool IsCommentAt(TSNode root, uint32_t offset) {
  if (ts_node_is_null(root)) return true;
  TSNode node = ts_node_descendant_for_byte_range(root, offset, offset + 1);
  return !ts_node_is_null(node) && NodeType(node) == "comment";
}

// Reads the directives in one comment (`comment` starts at the `#`, at byte `base`).
void ParseComment(std::string_view comment, uint32_t base, int line, bool own_line,
                  std::vector<SuppressionComment>* out) {
  static const LazyRE2 kNoqa = {R"((?i)(#\s*noqa(?:\s*:\s*([A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*))?))"};
  static const LazyRE2 kIgnore = {R"((#\s*gbreak\s*:\s*ignore(?:\[([^\]]*)\])?))"};
  static const LazyRE2 kFileNoqa = {
      R"((#\s*gbreak\s*:\s*noqa(?:\s*:\s*([A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*))?))"};
  re2::StringPiece input(comment.data(), comment.size());
  re2::StringPiece whole, codes;
  auto make = [&](bool gbreak_form, bool file_level) {
    SuppressionComment s;
    s.line = line;
    s.start = base + static_cast<uint32_t>(whole.data() - comment.data());
    s.end = s.start + static_cast<uint32_t>(whole.size());
    s.gbreak_form = gbreak_form;
    s.file_level = file_level;
    s.codes = ParseCodes(std::string_view(codes.data(), codes.size()));
    out->push_back(std::move(s));
  };
  if (RE2::PartialMatch(input, *kFileNoqa, &whole, &codes)) {
    if (own_line) make(/*gbreak_form=*/true, /*file_level=*/true);
    return;  // `# gbreak: noqa` after code is not a line suppression: ignore it
  }
  if (RE2::PartialMatch(input, *kIgnore, &whole, &codes)) make(true, false);
  codes = re2::StringPiece();
  if (RE2::PartialMatch(input, *kNoqa, &whole, &codes)) make(false, false);
}

}  // namespace

std::vector<SuppressionComment> FindSuppressions(std::string_view text, TSNode root) {
  std::vector<SuppressionComment> out;
  size_t line_start = 0;
  int line = 1;
  while (line_start <= text.size()) {
    size_t line_end = text.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = text.size();
    std::string_view content = text.substr(line_start, line_end - line_start);
    // Cheap filter first: most lines mention neither.
    bool candidate = content.find('#') != std::string_view::npos &&
                     (content.find("noqa") != std::string_view::npos ||
                      content.find("NOQA") != std::string_view::npos ||
                      content.find("gbreak") != std::string_view::npos);
    if (candidate) {
      for (size_t hash = content.find('#'); hash != std::string_view::npos;
           hash = content.find('#', hash + 1)) {
        uint32_t offset = static_cast<uint32_t>(line_start + hash);
        if (!IsCommentAt(root, offset)) continue;
        std::string_view before = content.substr(0, hash);
        bool own_line = before.find_first_not_of(" \t\r\f") == std::string_view::npos;
        std::string_view comment = content.substr(hash);
        if (!comment.empty() && comment.back() == '\r') comment.remove_suffix(1);
        ParseComment(comment, offset, line, own_line, &out);
        break;  // the rest of the line belongs to this comment
      }
    }
    if (line_end == text.size()) break;
    line_start = line_end + 1;
    ++line;
  }
  return out;
}

void ApplySuppressions(const SourceFile& source, TSNode root, const RuleEngine& engine,
                       std::vector<Finding>* findings) {
  std::vector<SuppressionComment> comments = FindSuppressions(source.text(), root);
  if (comments.empty()) return;
  std::multimap<int, size_t> by_line;  // line -> index into comments
  std::vector<size_t> file_level;
  for (size_t i = 0; i < comments.size(); ++i) {
    if (comments[i].file_level) {
      file_level.push_back(i);
    } else {
      by_line.emplace(comments[i].line, i);
    }
  }
  // What each comment suppressed: "" stands for "something" (a bare directive).
  std::vector<std::set<std::string>> used(comments.size());
  auto covers = [&](size_t i, const std::string& code) {
    const std::vector<std::string>& codes = comments[i].codes;
    if (codes.empty()) {
      used[i].insert("");
      return true;
    }
    if (std::find(codes.begin(), codes.end(), code) == codes.end()) return false;
    used[i].insert(code);
    return true;
  };
  std::vector<Finding> kept;
  kept.reserve(findings->size());
  for (Finding& finding : *findings) {
    const std::string& code = finding.rule->code;
    bool suppressed = false;
    for (size_t i : file_level) suppressed = covers(i, code) || suppressed;
    for (int line : {finding.start.line, finding.end.line}) {
      auto [begin, end] = by_line.equal_range(line);
      for (auto it = begin; it != end; ++it) suppressed = covers(it->second, code) || suppressed;
      if (finding.end.line == finding.start.line) break;
    }
    if (!suppressed) kept.push_back(std::move(finding));
  }
  *findings = std::move(kept);

  const Rule* unused = engine.FindByCode(kUnusedSuppression);
  if (unused == nullptr) return;
  for (size_t i = 0; i < comments.size(); ++i) {
    const SuppressionComment& c = comments[i];
    std::string_view directive = source.text().substr(c.start, c.end - c.start);
    if (c.codes.empty()) {
      if (!c.gbreak_form || !used[i].empty()) continue;  // a bare `# noqa` may be for others
      findings->push_back(MakeFinding(
          *unused, source, c.start, c.end,
          absl::StrCat("unused suppression `", ToAbsl(directive), "`: ",
                       c.file_level ? "nothing in this file is reported"
                                    : "nothing is reported on this line",
                       "; remove it")));
      continue;
    }
    std::vector<std::string> stale;
    for (const std::string& code : c.codes) {
      if (engine.FindByCode(code) == nullptr) continue;  // another tool's code, or not selected
      if (!used[i].contains(code)) stale.push_back(code);
    }
    if (stale.empty()) continue;
    findings->push_back(MakeFinding(
        *unused, source, c.start, c.end,
        absl::StrCat("unused suppression of ", absl::StrJoin(stale, ", "), ": ",
                     c.file_level ? "this file has no such finding"
                                  : "no such finding is reported on this line",
                     "; remove ", stale.size() == 1 ? "the code" : "the codes")));
  }
}

}  // namespace gbreak
