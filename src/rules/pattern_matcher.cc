#include "rules/pattern_matcher.h"

#include <cstdint>
#include <string>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "syntax/tree_index.h"

namespace gbreak {
namespace {

using Step = PatternMatcher::Step;
constexpr uint32_t kNone = IndexedNode::kNone;
// tree-sitter's ts_builtin_sym_error, which its public header does not declare.
constexpr TSSymbol kErrorSymbol = static_cast<TSSymbol>(-1);

bool IsNameChar(char c) { return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Reads one pattern of the query language (see the header for the part implemented). Every
// method returns false on anything else, and the pattern is left to tree-sitter.
class PatternParser {
 public:
  PatternParser(std::string_view text, PatternMatcher::CaptureIds capture_ids)
      : text_(text), capture_ids_(capture_ids) {}

  bool ParsePattern(Step& root) {
    SkipSpace();
    // `((call ...) @report)`: the parentheses around a pattern and its predicates.
    if (At('(') && IsGroupStart()) {
      ++pos_;
      if (!ParseStep(root)) return false;
      SkipPredicates();
      if (!At(')')) return false;  // a sequence of siblings
      ++pos_;
    } else if (!ParseStep(root)) {
      return false;
    }
    SkipSpace();
    return pos_ == text_.size();
  }

 private:
  bool At(char c) const { return pos_ < text_.size() && text_[pos_] == c; }

  void SkipSpace() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == ';') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++pos_;
      } else {
        break;
      }
    }
  }

  // `(#eq? @f "x")` groups (the engine evaluates predicates itself), and the space around them.
  void SkipPredicates() {
    SkipSpace();
    while (At('(') && pos_ + 1 < text_.size() && text_[pos_ + 1] == '#') {
      int depth = 0;
      for (; pos_ < text_.size(); ++pos_) {
        char c = text_[pos_];
        if (c == '"') {  // a string, with its escapes
          ++pos_;
          while (pos_ < text_.size() && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
        } else if (c == '(') {
          ++depth;
        } else if (c == ')' && --depth == 0) {
          ++pos_;
          break;
        }
      }
      SkipSpace();
    }
  }

  // After `(`: does a group of patterns follow (rather than a node type)?
  bool IsGroupStart() const {
    size_t i = pos_ + 1;
    while (i < text_.size() && (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n')) ++i;
    return i < text_.size() && (text_[i] == '(' || text_[i] == '[' || text_[i] == '"');
  }

  std::string_view Name() {
    size_t start = pos_;
    while (pos_ < text_.size() && IsNameChar(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  // One node, alternation or string, with its captures.
  bool ParseStep(Step& step) {
    SkipSpace();
    bool parsed = At('(') ? ParseNode(step) : At('[') ? ParseAlternation(step)
                          : At('"') ? ParseString(step) : false;
    return parsed && ParseCaptures(step);
  }

  bool ParseNode(Step& step) {
    ++pos_;  // (
    SkipSpace();
    std::string_view name = Name();
    if (name.empty() || At('/')) return false;  // a predicate group, or `supertype/subtype`
    if (name == "_") {
      step.kind = Step::Kind::kNamedWildcard;
    } else {
      if (name == "ERROR" || name == "MISSING") return false;
      step.kind = Step::Kind::kSymbol;
      step.symbol = ts_language_symbol_for_name(PythonLanguage(), name.data(),
                                                static_cast<uint32_t>(name.size()), true);
      if (step.symbol == 0 ||
          ts_language_symbol_type(PythonLanguage(), step.symbol) != TSSymbolTypeRegular) {
        return false;  // unknown, or a supertype (`(expression)`)
      }
    }
    return ParseChildren(step);
  }

  bool ParseChildren(Step& parent) {
    bool anchored = false;  // a `.` since the last child
    while (true) {
      SkipSpace();
      if (pos_ >= text_.size()) return false;
      if (At(')')) {
        ++pos_;
        if (anchored) {
          if (parent.children.empty()) return false;
          parent.children.back().last = true;
        }
        return true;
      }
      if (At('.')) {
        ++pos_;
        anchored = true;
        continue;
      }
      Step child;
      if (pos_ < text_.size() && IsNameChar(text_[pos_])) {  // `field: (...)`
        std::string_view field = Name();
        if (!At(':')) return false;  // a bare `_` or a name: not implemented
        ++pos_;
        child.field = ts_language_field_id_for_name(PythonLanguage(), field.data(),
                                                    static_cast<uint32_t>(field.size()));
        if (child.field == 0) return false;
      }
      if (!ParseStep(child)) return false;  // also `!field`, quantifiers
      child.immediate = anchored;
      anchored = false;
      parent.children.push_back(std::move(child));
    }
  }

  bool ParseAlternation(Step& step) {
    ++pos_;  // [
    step.kind = Step::Kind::kAlternation;
    while (true) {
      SkipSpace();
      if (At(']')) {
        ++pos_;
        return !step.alternatives.empty();
      }
      Step alternative;
      if (!ParseStep(alternative)) return false;
      // Nested alternations: tree-sitter 0.25 drops some of their matches; leave them to it.
      if (alternative.kind == Step::Kind::kAlternation) return false;
      step.alternatives.push_back(std::move(alternative));
    }
  }

  bool ParseString(Step& step) {
    ++pos_;  // "
    std::string literal;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char c = text_[pos_++];
      if (c == '\\' && pos_ < text_.size()) {
        char e = text_[pos_++];
        c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == '0' ? '\0' : e;
      }
      literal += c;
    }
    if (!At('"')) return false;
    ++pos_;
    step.kind = Step::Kind::kSymbol;
    step.symbol = ts_language_symbol_for_name(PythonLanguage(), literal.data(),
                                              static_cast<uint32_t>(literal.size()), false);
    return step.symbol != 0;
  }

  bool ParseCaptures(Step& step) {
    while (true) {
      SkipSpace();
      if (At('*') || At('+') || At('?')) return false;  // quantifiers
      if (!At('@')) return true;
      ++pos_;
      size_t start = pos_;
      while (pos_ < text_.size() && (IsNameChar(text_[pos_]) || text_[pos_] == '.' ||
                                     text_[pos_] == '-')) {
        ++pos_;
      }
      std::optional<uint32_t> id = capture_ids_(text_.substr(start, pos_ - start));
      if (!id) return false;
      step.captures.push_back(*id);
    }
  }

  std::string_view text_;
  PatternMatcher::CaptureIds capture_ids_;
  size_t pos_ = 0;
};

// The ways one pattern matches at one node, as tree-sitter counts them: every assignment of its
// steps to nodes, with identical capture lists counted once.
class Matching {
 public:
  explicit Matching(std::span<const IndexedNode> nodes) : nodes_(nodes) {}

  // How many matches `root` has at node `at`; Match(k) is the k-th.
  size_t MatchesAt(const Step& root, uint32_t at) {
    found_.clear();
    ends_.clear();
    hashes_.clear();
    MatchStep(root, at, {}, [&] { Record(); });
    return ends_.size();
  }

  std::span<const TSQueryCapture> Match(size_t k) const {
    uint32_t begin = k == 0 ? 0 : ends_[k - 1];
    return {found_.data() + begin, ends_[k] - begin};
  }

 private:
  // Past this many matches at one node (a call with thousands of arguments), duplicates are
  // looked for by hash first: comparing with every earlier match was quadratic.
  static constexpr size_t kCompareAll = 8;

  // Keeps captures_ as a match unless an identical one was found.
  void Record() {
    size_t count = ends_.size();
    bool known = true;  // possibly found before
    if (count >= kCompareAll) {
      if (count == kCompareAll && hashes_.empty()) {
        for (size_t k = 0; k < count; ++k) hashes_.insert(HashOf(Match(k)));
      }
      known = !hashes_.insert(HashOf(captures_)).second;  // a new hash: a new match
    }
    for (size_t k = 0; known && k < count; ++k) {
      if (SameCaptures(Match(k), captures_)) return;
    }
    found_.insert(found_.end(), captures_.begin(), captures_.end());
    ends_.push_back(static_cast<uint32_t>(found_.size()));
  }

  static uint64_t HashOf(std::span<const TSQueryCapture> captures) {
    uint64_t hash = 14695981039346656037ull;  // FNV-1a over node ids and capture ids
    for (const TSQueryCapture& capture : captures) {
      hash = (hash ^ reinterpret_cast<uintptr_t>(capture.node.id)) * 1099511628211ull;
      hash = (hash ^ capture.index) * 1099511628211ull;
    }
    return hash;
  }

  static bool SameCaptures(std::span<const TSQueryCapture> a,
                           std::span<const TSQueryCapture> b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i].node.id != b[i].node.id || a[i].index != b[i].index) return false;
    }
    return true;
  }

  bool TypeMatches(const Step& step, const IndexedNode& node) const {
    if (step.kind == Step::Kind::kNamedWildcard) {
      return node.named && node.symbol != kErrorSymbol;
    }
    return node.symbol == step.symbol;
  }

  bool NamedSiblingFollows(uint32_t at) const {
    for (uint32_t s = nodes_[at].next_sibling; s != kNone; s = nodes_[s].next_sibling) {
      if (nodes_[s].named) return true;
    }
    return false;
  }

  // Matches `step` at node `at` (captures of an enclosing alternation in `outer`), then `then`.
  void MatchStep(const Step& step, uint32_t at, std::span<const uint32_t> outer,
                 absl::FunctionRef<void()> then) {
    if (step.kind == Step::Kind::kAlternation) {
      for (const Step& alternative : step.alternatives) {
        MatchStep(alternative, at, step.captures, then);
      }
      return;
    }
    if (!TypeMatches(step, nodes_[at])) return;
    size_t mark = captures_.size();
    for (uint32_t id : step.captures) captures_.push_back({nodes_[at].node, id});
    for (uint32_t id : outer) captures_.push_back({nodes_[at].node, id});
    MatchChildren(step.children, 0, nodes_[at].first_child, then);
    captures_.resize(mark);
  }

  // Matches children[k...] to the siblings from `from` on, in order.
  void MatchChildren(const std::vector<Step>& children, size_t k, uint32_t from,
                     absl::FunctionRef<void()> then) {
    if (k == children.size()) {
      then();
      return;
    }
    const Step& child = children[k];
    for (uint32_t s = from; s != kNone; s = nodes_[s].next_sibling) {
      const IndexedNode& node = nodes_[s];
      if ((child.field == 0 || node.field == child.field) &&
          (!child.last || !NamedSiblingFollows(s))) {
        MatchStep(child, s, {},
                  [&] { MatchChildren(children, k + 1, node.next_sibling, then); });
      }
      // An anchored step takes the first named sibling or none (anonymous ones are passed).
      if (child.immediate && node.named) break;
    }
  }

  std::span<const IndexedNode> nodes_;
  std::vector<TSQueryCapture> captures_;
  // The matches at one node, their captures one after another (no allocation per match): match
  // k ends at ends_[k].
  std::vector<TSQueryCapture> found_;
  std::vector<uint32_t> ends_;
  absl::flat_hash_set<uint64_t> hashes_;  // of the matches, once there are kCompareAll
};

}  // namespace

bool PatternMatcher::Add(uint32_t pattern, std::string_view text, CaptureIds capture_ids) {
  Compiled compiled{pattern, {}};
  if (!PatternParser(text, capture_ids).ParsePattern(compiled.root)) return false;
  const Step& root = compiled.root;
  auto index = static_cast<uint32_t>(patterns_.size());
  auto add_root = [&](TSSymbol symbol) {
    if (by_root_symbol_.size() <= symbol) by_root_symbol_.resize(symbol + 1);
    std::vector<uint32_t>& list = by_root_symbol_[symbol];
    if (list.empty() || list.back() != index) list.push_back(index);
  };
  if (root.kind == Step::Kind::kAlternation) {
    for (const Step& alternative : root.alternatives) {
      if (alternative.kind != Step::Kind::kSymbol) return false;  // kept simple: no `[(_) ...]`
    }
    for (const Step& alternative : root.alternatives) add_root(alternative.symbol);
  } else if (root.kind == Step::Kind::kNamedWildcard) {
    wildcard_roots_.push_back(index);
  } else {
    add_root(root.symbol);
  }
  patterns_.push_back(std::move(compiled));
  return true;
}

void PatternMatcher::ForEachMatch(
    TSNode root, std::optional<std::pair<uint32_t, uint32_t>> range,
    absl::FunctionRef<void(uint32_t, std::span<const TSQueryCapture>)> on_match) const {
  if (patterns_.empty()) return;
  uint32_t at = kNone;
  std::span<const IndexedNode> nodes = IndexedNodes(root, &at);
  if (nodes.empty()) return;
  Matching matching(nodes);
  static const std::vector<uint32_t> kNoPatterns;
  for (uint32_t i = at, end = nodes[at].end; i < end;) {
    const IndexedNode& node = nodes[i];
    // tree-sitter starts a pattern at a node that intersects the range (and so may its subtree).
    if (range && (ts_node_end_byte(node.node) <= range->first ||
                  ts_node_start_byte(node.node) >= range->second)) {
      i = node.end;
      continue;
    }
    const std::vector<uint32_t>& typed =
        node.symbol < by_root_symbol_.size() ? by_root_symbol_[node.symbol] : kNoPatterns;
    const std::vector<uint32_t>& wild =
        node.named && node.symbol != kErrorSymbol ? wildcard_roots_ : kNoPatterns;
    // Both lists are in pattern order: merge them.
    size_t t = 0, w = 0;
    while (t < typed.size() || w < wild.size()) {
      uint32_t index = w == wild.size() || (t < typed.size() && typed[t] < wild[w])
                           ? typed[t++] : wild[w++];
      const Compiled& pattern = patterns_[index];
      for (size_t k = 0, count = matching.MatchesAt(pattern.root, i); k < count; ++k) {
        on_match(pattern.pattern, matching.Match(k));
      }
    }
    ++i;
  }
}

}  // namespace gbreak
