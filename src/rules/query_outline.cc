#include "rules/query_outline.h"

#include <algorithm>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace gbreak {

// A recursive-descent reader that follows ts_query__parse_pattern (tree-sitter 0.25.2, query.c)
// step for step, keeping only the outline: where the stream is after each construct, the
// captures and the predicates. Function names say which part of query.c each one mirrors.
class QueryOutline::Reader {
 public:
  Reader(std::string_view text, QueryOutline& out) : text_(text), out_(out) {}

  bool ReadAll() {
    SkipWhitespace();
    while (pos_ < text_.size()) {
      Pattern pattern;
      pattern.start_byte = static_cast<uint32_t>(pos_);
      out_.patterns_.push_back(std::move(pattern));
      Result result = ParsePattern();
      if (result != Result::kOk) return Fail("syntax error");
      std::vector<uint32_t>& captures = out_.patterns_.back().captures;
      std::sort(captures.begin(), captures.end());
      captures.erase(std::unique(captures.begin(), captures.end()), captures.end());
    }
    return true;
  }

  const std::optional<Error>& error() const { return error_; }

 private:
  // kParentDone: a `)` or `]` that closes the enclosing construct (query.c's PARENT_DONE).
  enum class Result { kOk, kParentDone, kError };

  char Next() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void Advance() {
    if (pos_ < text_.size()) ++pos_;
  }

  // stream_skip_whitespace: spaces and `;` comments to the end of the line.
  void SkipWhitespace() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (absl::ascii_isspace(static_cast<unsigned char>(c))) {
        ++pos_;
      } else if (c == ';') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        break;
      }
    }
  }

  // stream_is_ident_start / stream_scan_identifier.
  bool IdentStart() const {
    char c = Next();
    return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  }
  std::string_view ScanIdentifier() {
    size_t start = pos_;
    do {
      ++pos_;
    } while (pos_ < text_.size() &&
             (absl::ascii_isalnum(static_cast<unsigned char>(text_[pos_])) ||
              text_[pos_] == '_' || text_[pos_] == '-' || text_[pos_] == '.' ||
              text_[pos_] == '?' || text_[pos_] == '!'));
    return text_.substr(start, pos_ - start);
  }

  // ts_query__parse_string_literal: `"..."` with \n \r \t \0 escapes (any other escaped
  // character stands for itself); a line break or the end of the text inside is an error.
  bool ParseString(std::string* value) {
    if (Next() != '"') return false;
    size_t start = pos_;
    ++pos_;
    bool escaped = false;
    for (; pos_ < text_.size(); ++pos_) {
      char c = text_[pos_];
      if (escaped) {
        escaped = false;
        switch (c) {
          case 'n': value->push_back('\n'); break;
          case 'r': value->push_back('\r'); break;
          case 't': value->push_back('\t'); break;
          case '0': value->push_back('\0'); break;
          default: value->push_back(c); break;
        }
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        ++pos_;
        return true;
      } else if (c == '\n') {
        break;
      } else {
        value->push_back(c);
      }
    }
    pos_ = start;
    return false;
  }

  bool Fail(std::string_view message) {
    if (!error_) error_ = Error{static_cast<uint32_t>(pos_), std::string(message)};
    return false;
  }

  // ts_query__parse_predicate, after the `#` (or `.`).
  Result ParsePredicate() {
    if (!IdentStart()) return Result::kError;
    Predicate predicate;
    predicate.name = std::string(ScanIdentifier());
    SkipWhitespace();
    for (;;) {
      if (Next() == ')') {
        Advance();
        SkipWhitespace();
        break;
      }
      Argument argument;
      if (Next() == '@') {
        Advance();
        if (!IdentStart()) return Result::kError;
        size_t at = pos_;
        std::optional<uint32_t> id = out_.CaptureId(ScanIdentifier());
        if (!id) {  // a capture must be bound before a predicate names it
          pos_ = at;
          Fail("capture not bound before the predicate names it");
          return Result::kError;
        }
        argument.is_capture = true;
        argument.capture = *id;
      } else if (Next() == '"') {
        if (!ParseString(&argument.text)) return Result::kError;
      } else if (IdentStart()) {
        argument.text = std::string(ScanIdentifier());
      } else {
        return Result::kError;
      }
      predicate.arguments.push_back(std::move(argument));
      SkipWhitespace();
    }
    out_.patterns_.back().predicates.push_back(std::move(predicate));
    return Result::kOk;
  }

  // The children of a named node, `(type child child ...)`, after the type; consumes the `)`.
  Result ParseChildren() {
    bool any_child = false;
    for (;;) {
      if (Next() == '!') {  // a negated field
        Advance();
        SkipWhitespace();
        if (!IdentStart()) return Result::kError;
        ScanIdentifier();
        SkipWhitespace();
        continue;
      }
      bool anchored = false;
      if (Next() == '.') {  // an anchor
        anchored = true;
        Advance();
        SkipWhitespace();
      }
      Result result = ParsePattern();
      if (result == Result::kParentDone) {
        // A closing anchor needs a child before it: `(call .)` is an error.
        if (Next() != ')' || (anchored && !any_child)) return Result::kError;
        Advance();
        return Result::kOk;
      }
      if (result != Result::kOk) return result;
      any_child = true;
    }
  }

  // `(type ...)`, `(_ ...)`, `(MISSING ...)`, `(supertype/subtype ...)`, after the `(`.
  Result ParseNamedNode() {
    if (!IdentStart()) return Result::kError;
    std::string_view name = ScanIdentifier();
    // query.c compares with strncmp over the name's length.
    if (std::string_view("MISSING").starts_with(name)) {
      SkipWhitespace();
      std::string ignored;
      if (IdentStart()) {
        ScanIdentifier();
      } else if (Next() == '"') {
        if (!ParseString(&ignored)) return Result::kError;
      } else if (Next() != ')') {
        return Result::kError;
      }
    }
    SkipWhitespace();
    if (Next() == '/') {
      Advance();
      if (!IdentStart()) return Result::kError;
      ScanIdentifier();
      SkipWhitespace();
    }
    return ParseChildren();
  }

  // ts_query__parse_pattern.
  Result ParsePattern() {
    char c = Next();
    if (c == '\0') return Result::kError;  // the end of the text (or a NUL byte)
    if (c == ')' || c == ']') return Result::kParentDone;

    if (c == '[') {  // an alternation
      Advance();
      SkipWhitespace();
      int branches = 0;
      for (;;) {
        Result result = ParsePattern();
        if (result == Result::kParentDone) {
          if (Next() == ']' && branches > 0) {
            Advance();
            break;
          }
          return Result::kError;
        }
        if (result != Result::kOk) return result;
        ++branches;
      }
    } else if (c == '(') {
      Advance();
      SkipWhitespace();
      char first = Next();
      if (first == '(' || first == '"' || first == '[') {  // a grouped sequence
        for (;;) {
          if (Next() == '.') {
            Advance();
            SkipWhitespace();
          }
          Result result = ParsePattern();
          if (result == Result::kParentDone) {
            if (Next() != ')') return Result::kError;
            Advance();
            break;
          }
          if (result != Result::kOk) return result;
        }
      } else if (first == '.' || first == '#') {  // a predicate: no suffixes follow
        Advance();
        return ParsePredicate();
      } else {
        Result result = ParseNamedNode();
        if (result != Result::kOk) return result;
      }
    } else if (c == '_') {  // the wildcard
      Advance();
      SkipWhitespace();
    } else if (c == '"') {  // an anonymous node
      std::string ignored;
      if (!ParseString(&ignored)) return Result::kError;
    } else if (IdentStart()) {  // `field: pattern`
      ScanIdentifier();
      SkipWhitespace();
      if (Next() != ':') return Result::kError;
      Advance();
      SkipWhitespace();
      if (ParsePattern() != Result::kOk) return Result::kError;
    } else {
      return Result::kError;
    }

    SkipWhitespace();
    // Suffixes: quantifiers and captures.
    for (;;) {
      char s = Next();
      if (s == '+' || s == '*' || s == '?') {
        Advance();
        SkipWhitespace();
      } else if (s == '@') {
        Advance();
        if (!IdentStart()) return Result::kError;
        std::string_view name = ScanIdentifier();
        SkipWhitespace();
        out_.patterns_.back().captures.push_back(Insert(name));
      } else {
        break;
      }
    }
    return Result::kOk;
  }

  // symbol_table_insert_name: a capture's id is the order of its first appearance.
  uint32_t Insert(std::string_view name) {
    if (std::optional<uint32_t> id = out_.CaptureId(name)) return *id;
    out_.capture_names_.emplace_back(name);
    return static_cast<uint32_t>(out_.capture_names_.size() - 1);
  }

  std::string_view text_;
  size_t pos_ = 0;
  QueryOutline& out_;
  std::optional<Error> error_;
};

QueryOutline QueryOutline::Read(std::string_view text, std::optional<Error>* error) {
  QueryOutline outline;
  Reader reader(text, outline);
  if (!reader.ReadAll()) {
    *error = reader.error();
    return QueryOutline();
  }
  error->reset();
  return outline;
}

QueryOutline QueryOutline::Of(const TSQuery* query) {
  QueryOutline outline;
  for (uint32_t c = 0; c < ts_query_capture_count(query); ++c) {
    uint32_t length = 0;
    const char* name = ts_query_capture_name_for_id(query, c, &length);
    outline.capture_names_.emplace_back(name, length);
  }
  auto string_value = [&](uint32_t id) {
    uint32_t length = 0;
    const char* value = ts_query_string_value_for_id(query, id, &length);
    return std::string(value, length);
  };
  for (uint32_t p = 0; p < ts_query_pattern_count(query); ++p) {
    Pattern pattern;
    pattern.start_byte = ts_query_start_byte_for_pattern(query, p);
    for (uint32_t c = 0; c < ts_query_capture_count(query); ++c) {
      if (ts_query_capture_quantifier_for_id(query, p, c) != TSQuantifierZero) {
        pattern.captures.push_back(c);
      }
    }
    uint32_t count = 0;
    const TSQueryPredicateStep* steps = ts_query_predicates_for_pattern(query, p, &count);
    std::optional<Predicate> current;
    for (uint32_t i = 0; i < count; ++i) {
      const TSQueryPredicateStep& step = steps[i];
      if (step.type == TSQueryPredicateStepTypeDone) {
        if (current) pattern.predicates.push_back(*std::move(current));
        current.reset();
      } else if (!current) {
        current = Predicate{string_value(step.value_id), {}};
      } else if (step.type == TSQueryPredicateStepTypeCapture) {
        current->arguments.push_back({true, step.value_id, ""});
      } else {
        current->arguments.push_back({false, 0, string_value(step.value_id)});
      }
    }
    outline.patterns_.push_back(std::move(pattern));
  }
  return outline;
}

std::optional<uint32_t> QueryOutline::CaptureId(std::string_view name) const {
  for (uint32_t id = 0; id < capture_names_.size(); ++id) {
    if (capture_names_[id] == name) return id;
  }
  return std::nullopt;
}

bool QueryOutline::Binds(uint32_t pattern, uint32_t capture) const {
  const std::vector<uint32_t>& captures = patterns_[pattern].captures;
  return std::binary_search(captures.begin(), captures.end(), capture);
}

}  // namespace gbreak
