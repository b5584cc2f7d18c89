#include "rules/query_predicates.h"

#include <algorithm>
#include <string_view>

#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "source/absl_compat.h"
#include "absl/strings/str_cat.h"

namespace gbreak {
namespace {

absl::Status ArgumentError(const std::string& name, const std::string& expected) {
  return absl::InvalidArgumentError(absl::StrCat("#", name, " expects ", expected));
}

bool ConsumePrefix(std::string_view* s, std::string_view prefix) {
  if (!s->starts_with(prefix)) return false;
  s->remove_prefix(prefix.size());
  return true;
}

bool ConsumeSuffix(std::string_view* s, std::string_view suffix) {
  if (!s->ends_with(suffix)) return false;
  s->remove_suffix(suffix.size());
  return true;
}

// Builds one predicate from its name and arguments.
absl::StatusOr<CompiledPredicate> CompileOne(const QueryOutline::Predicate& predicate) {
  CompiledPredicate p;
  const std::string& name = predicate.name;
  p.name = name;
  const std::vector<QueryOutline::Argument>& args = predicate.arguments;
  std::string_view base = name;
  if (!ConsumeSuffix(&base, "?")) {
    return absl::InvalidArgumentError(
        absl::StrCat("#", name, " is not supported (only `?` predicates and `#set!`)"));
  }
  if (ConsumePrefix(&base, "any-")) p.any = true;
  if (ConsumePrefix(&base, "not-")) p.negated = true;
  auto capture_at = [&](size_t i) {
    return i < args.size() && args[i].is_capture;
  };
  auto string_at = [&](size_t i) {
    return i < args.size() && !args[i].is_capture;
  };

  if (base == "eq") {
    p.kind = CompiledPredicate::Kind::kEq;
    if (args.size() != 2 || !capture_at(0)) return ArgumentError(name, "@capture and a value");
    p.capture = args[0].capture;
    if (capture_at(1)) {
      p.other_capture = args[1].capture;
    } else {
      p.literal = args[1].text;
    }
    return p;
  }
  if (base == "match") {
    p.kind = CompiledPredicate::Kind::kMatch;
    if (args.size() != 2 || !capture_at(0) || !string_at(1)) {
      return ArgumentError(name, "@capture and a regular expression");
    }
    p.capture = args[0].capture;
    std::string_view pattern = args[1].text;
    auto regex = std::make_shared<RE2>(re2::StringPiece(pattern.data(), pattern.size()),
                                       RE2::Quiet);
    if (!regex->ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("#", name, ": bad regular expression: ", regex->error()));
    }
    p.regex = std::move(regex);
    return p;
  }
  if (base == "any-of" || (p.any && base == "of")) {
    // `#any-of?` parses as any + "of"; `#not-any-of?` as not + "any-of".
    p.any = false;
    p.kind = CompiledPredicate::Kind::kAnyOf;
    if (args.size() < 2 || !capture_at(0)) return ArgumentError(name, "@capture and strings");
    p.capture = args[0].capture;
    for (size_t i = 1; i < args.size(); ++i) {
      if (!string_at(i)) return ArgumentError(name, "@capture and strings");
      p.values.push_back(args[i].text);
    }
    return p;
  }
  if (p.any) return absl::InvalidArgumentError(absl::StrCat("unknown predicate #", name));
  const SemanticPredicate* semantic = FindSemanticPredicate(base);
  const std::string expected =
      semantic == nullptr ? std::string()
      : semantic->string_arguments < 0
          ? absl::StrCat(semantic->capture_arguments, " capture(s) and one or more strings")
          : absl::StrCat(semantic->capture_arguments, " capture(s) and ", semantic->string_arguments,
                         " string(s)");
  if (semantic == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("unknown predicate #", name));
  }
  p.kind = CompiledPredicate::Kind::kSemantic;
  p.semantic = semantic;
  int wanted_strings = static_cast<int>(args.size()) - semantic->capture_arguments;
  if (semantic->string_arguments < 0 ? wanted_strings < 1
                                     : wanted_strings != semantic->string_arguments) {
    return ArgumentError(name, expected);
  }
  for (size_t i = 0; i < args.size(); ++i) {
    bool want_capture = static_cast<int>(i) < semantic->capture_arguments;
    if (want_capture != capture_at(i)) {
      return ArgumentError(name, expected);
    }
    CompiledPredicate::Argument argument{want_capture, args[i].capture, ""};
    if (!want_capture) argument.text = args[i].text;
    p.arguments.push_back(std::move(argument));
  }
  if (semantic->capture_arguments > 0) p.capture = p.arguments[0].capture;
  return p;
}

bool TextTest(const CompiledPredicate& p, std::string_view text, const TSQueryMatch& match,
              std::string_view source) {
  bool result = false;
  switch (p.kind) {
    case CompiledPredicate::Kind::kEq:
      if (p.other_capture) {
        for (uint16_t i = 0; i < match.capture_count; ++i) {
          if (match.captures[i].index == *p.other_capture) {
            result = text == NodeText(match.captures[i].node, source);
            break;
          }
        }
      } else {
        result = text == p.literal;
      }
      break;
    case CompiledPredicate::Kind::kMatch:
      result = RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *p.regex);
      break;
    case CompiledPredicate::Kind::kAnyOf:
      result = std::find(p.values.begin(), p.values.end(), text) != p.values.end();
      break;
    case CompiledPredicate::Kind::kSemantic:
      break;
  }
  return result != p.negated;
}

}  // namespace

absl::StatusOr<std::vector<CompiledPredicate>> CompilePatternPredicates(
    const QueryOutline& outline, uint32_t pattern) {
  std::vector<CompiledPredicate> predicates;
  for (const QueryOutline::Predicate& predicate : outline.patterns()[pattern].predicates) {
    if (predicate.name == "set!") continue;  // a directive: CompilePatternDirectives
    absl::StatusOr<CompiledPredicate> p = CompileOne(predicate);
    if (!p.ok()) return p.status();
    predicates.push_back(*std::move(p));
  }
  return predicates;
}

absl::StatusOr<PatternDirectives> CompilePatternDirectives(const QueryOutline& outline,
                                                           uint32_t pattern) {
  PatternDirectives directives;
  for (const QueryOutline::Predicate& predicate : outline.patterns()[pattern].predicates) {
    if (predicate.name != "set!") continue;
    const std::vector<QueryOutline::Argument>& args = predicate.arguments;
    // (Not `cond ? "" : args[0].text`: that makes a temporary std::string the view outlives.)
    std::string_view key;
    if (!args.empty() && !args[0].is_capture) key = args[0].text;
    if (key == "resumes" && args.size() == 2 && !args[1].is_capture && args[1].text == "no") {
      directives.resumes = false;
    } else if (key == "frame-input-ok" && args.size() == 2 && args[1].is_capture) {
      directives.frame_input_ok = args[1].capture;
    } else {
      return absl::InvalidArgumentError(
          "#set! expects `resumes \"no\"` or `frame-input-ok @capture`");
    }
  }
  return directives;
}

std::optional<Confidence> EvaluatePredicates(const std::vector<CompiledPredicate>& predicates,
                                             const TSQueryMatch& match,
                                             const MatchContext& context) {
  Confidence confidence = Confidence::kCertain;
  for (const CompiledPredicate& p : predicates) {
    if (p.kind == CompiledPredicate::Kind::kSemantic) {
      // Predicates take a capture or two and a few strings: no allocation per call.
      absl::InlinedVector<PredicateArgument, 4> arguments;
      for (const CompiledPredicate::Argument& a : p.arguments) {
        PredicateArgument argument;
        argument.is_capture = a.is_capture;
        if (a.is_capture) {
          for (uint16_t i = 0; i < match.capture_count; ++i) {
            if (match.captures[i].index == a.capture) {
              argument.node = match.captures[i].node;
              argument.text = NodeText(argument.node, context.text);
              break;
            }
          }
        } else {
          argument.text = a.text;
        }
        arguments.push_back(argument);
      }
      std::optional<Confidence> answer = p.semantic->function(context, arguments);
      if (p.negated) {
        if (answer) return std::nullopt;
        continue;
      }
      if (!answer) return std::nullopt;
      confidence = std::min(confidence, *answer);
      continue;
    }
    // Text predicates over every node of the capture (vacuously true when it matched none).
    bool all = true, some = false;
    for (uint16_t i = 0; i < match.capture_count; ++i) {
      if (match.captures[i].index != p.capture) continue;
      bool ok = TextTest(p, NodeText(match.captures[i].node, context.text), match, context.text);
      all = all && ok;
      some = some || ok;
    }
    bool seen = false;
    for (uint16_t i = 0; i < match.capture_count; ++i) seen |= match.captures[i].index == p.capture;
    if (!seen) continue;
    if (p.any ? !some : !all) return std::nullopt;
  }
  return confidence;
}

}  // namespace gbreak
