#include "logs/mlir_loc.h"

#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "logs/text_util.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

constexpr int kMaxDepth = 4096;
constexpr size_t kMaxProblems = 20;

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Op names that are metadata, not operations (`mhlo.original_value={...}` in newer XLA).
bool IsMetadataName(std::string_view name) { return name.starts_with("mhlo."); }

std::string AliasName(int64_t id) {
  return id < 0 ? std::string("#loc") : absl::StrCat("#loc", id);
}

}  // namespace

// Recursive descent over one location body. Results are ranges of the module's frame pool, so
// callsite chains cost copies of small structs, never of strings.
class LocParser {
 public:
  using Loc = ModuleLocs::Loc;
  LocParser(ModuleLocs& m, std::string_view text, int depth) : m_(m), s_(text), depth_(depth) {}

  bool ParseAll(Loc& out, std::string* error) {
    bool ok = Parse(out, depth_);
    SkipSpace();
    if (ok && i_ != s_.size()) {
      ok = false;
      error_ = absl::StrCat("unexpected `", ToAbsl(s_.substr(i_, 20)), "`");
    }
    if (!ok && error != nullptr) *error = error_;
    return ok;
  }

 private:
  void SkipSpace() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
  }
  bool Eat(std::string_view token) {
    SkipSpace();
    if (s_.substr(i_).starts_with(token)) {
      i_ += token.size();
      return true;
    }
    return false;
  }
  bool Fail(std::string_view what) {
    if (error_.empty()) {
      error_ = absl::StrCat(ToAbsl(what), " at `", ToAbsl(s_.substr(i_, 20)), "`");
    }
    return false;
  }
  bool Number(int64_t* value) {
    size_t start = i_;
    int64_t v = 0;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9' && i_ - start < 18) {
      v = v * 10 + (s_[i_++] - '0');
    }
    *value = v;
    return i_ > start;
  }
  // A quoted string, decoded when it has escapes.
  bool String(std::string_view* out) {
    if (i_ >= s_.size() || s_[i_] != '"') return Fail("expected a string");
    size_t start = ++i_;
    bool escaped = false;
    while (true) {  // to the closing quote, skipping escaped characters
      const void* q = i_ < s_.size() ? std::memchr(s_.data() + i_, '"', s_.size() - i_) : nullptr;
      if (q == nullptr) return Fail("unterminated string");
      size_t quote = static_cast<size_t>(static_cast<const char*>(q) - s_.data());
      size_t backslashes = 0;
      while (quote - backslashes > start && s_[quote - backslashes - 1] == '\\') ++backslashes;
      if (std::memchr(s_.data() + i_, '\\', quote - i_) != nullptr) escaped = true;
      i_ = quote;
      if (backslashes % 2 == 0) break;
      ++i_;
    }
    *out = s_.substr(start, i_ - start);
    if (escaped) {
      m_.decoded_.push_back(UnescapeMlir(*out));
      *out = m_.decoded_.back();
    }
    ++i_;
    return true;
  }
  // Skips a balanced `<…>` (fused metadata), honouring quotes.
  bool SkipAngle() {
    int depth = 0;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == '"') {
        std::string_view ignored;
        if (!String(&ignored)) return false;
        continue;
      }
      ++i_;
      if (c == '<') ++depth;
      if (c == '>' && --depth == 0) return true;
    }
    return Fail("unterminated fused metadata");
  }
  // Appends a range of the pool to the pool (by index: the pool may reallocate).
  void Append(const Loc& from) {
    for (uint32_t k = 0; k < from.size; ++k) m_.pool_.push_back(m_.pool_[from.begin + k]);
  }
  Loc Concat(const Loc& a, const Loc& b) {
    Loc out;
    out.begin = static_cast<uint32_t>(m_.pool_.size());
    Append(a);
    Append(b);
    out.size = a.size + b.size;
    return out;
  }

  // tt-xla's legacy FX metadata: `idx|Cls[inst]|…|/path.py:defline|func|line|op` (logs.md §2.4).
  bool TtMeta(std::string_view name, Loc& out) {
    size_t bar = name.find('|');
    if (bar == std::string_view::npos) return false;
    std::string_view idx = name.substr(0, bar);
    if (idx.starts_with("-")) idx.remove_prefix(1);
    if (!ParseInt(idx)) return false;
    std::vector<std::string_view> fields;
    size_t start = 0;
    while (true) {
      size_t next = name.find('|', start);
      fields.push_back(name.substr(start, next - start));
      if (next == std::string_view::npos) break;
      start = next + 1;
    }
    if (!fields.empty() && fields.back().empty()) fields.pop_back();
    if (fields.size() < 5) return false;
    size_t n = fields.size();
    out.op = fields[n - 1];
    std::optional<int> line = ParseInt(fields[n - 2]);
    std::string_view path = fields[n - 4];
    if (auto split = SplitFileLine(path)) path = split->first;
    if (line && path != "unknown") {
      out.begin = static_cast<uint32_t>(m_.pool_.size());
      out.size = 1;
      m_.pool_.push_back(LocFrame{path, fields[n - 3], *line});
    }
    return true;
  }

  bool Parse(Loc& out, int depth) {
    if (depth > kMaxDepth) return Fail("location nested too deeply");
    SkipSpace();
    std::string_view rest = s_.substr(i_);
    if (rest.starts_with("#loc")) {
      i_ += 4;
      int64_t id = -1;
      if (!Number(&id)) id = -1;
      const Loc* target = m_.Lookup(id, depth + 1);
      if (target != nullptr) out = *target;
      return true;  // a missing alias is reported by Lookup; keep the rest of the location
    }
    if (rest.starts_with("unknown")) {
      i_ += 7;
      return true;
    }
    if (rest.starts_with("callsite(")) {
      i_ += 9;
      Loc callee, caller;
      if (!Parse(callee, depth + 1)) return false;
      if (!Eat("at ")) return Fail("expected ` at ` in callsite");
      if (!Parse(caller, depth + 1)) return false;
      if (!Eat(")")) return Fail("expected `)` closing callsite");
      out = Concat(callee, caller);
      out.op = callee.op.empty() ? caller.op : callee.op;
      return true;
    }
    if (rest.starts_with("fused")) {
      i_ += 5;
      if (i_ < s_.size() && s_[i_] == '<' && !SkipAngle()) return false;
      if (!Eat("[")) return Fail("expected `[` in fused location");
      bool first = true;
      while (!Eat("]")) {
        if (!first && !Eat(",")) return Fail("expected `,` in fused location");
        first = false;
        Loc child;
        if (!Parse(child, depth + 1)) return false;
        if (out.op.empty()) out.op = child.op;
        if (child.size > 0) {
          std::string_view op = out.op;
          out = out.size == 0 ? child : Concat(out, child);
          out.op = op;
        }
        out.bare_file = false;
        if (i_ >= s_.size()) return Fail("unterminated fused location");
      }
      return true;
    }
    if (rest.starts_with("\"")) {
      std::string_view text;
      if (!String(&text)) return false;
      if (i_ < s_.size() && s_[i_] == ':') {  // "file":line:col [to [line:]col]
        ++i_;
        int64_t line = 0, col = 0;
        if (!Number(&line) || !Eat(":") || !Number(&col)) return Fail("bad file location");
        if (Eat("to")) {
          if (Eat(":")) {
            Number(&col);
          } else {
            Number(&line);
            if (Eat(":")) Number(&col);
          }
        }
        out.begin = static_cast<uint32_t>(m_.pool_.size());
        out.size = 1;
        out.bare_file = true;
        m_.pool_.push_back(LocFrame{text, {}, static_cast<int>(line)});
        return true;
      }
      if (i_ < s_.size() && s_[i_] == '(') {  // NameLoc with a child
        ++i_;
        Loc child;
        if (!Parse(child, depth + 1)) return false;
        if (!Eat(")")) return Fail("expected `)` closing a named location");
        if (child.bare_file && child.size == 1) {  // a Python frame: function around its file
          out.begin = static_cast<uint32_t>(m_.pool_.size());
          out.size = 1;
          LocFrame frame = m_.pool_[child.begin];
          frame.function = text;
          m_.pool_.push_back(frame);
          return true;
        }
        out = child;
        out.bare_file = false;
        if (!IsMetadataName(text)) out.op = text;
        return true;
      }
      if (!TtMeta(text, out) && !IsMetadataName(text)) out.op = text;
      return true;
    }
    return Fail("unknown location form");
  }

  ModuleLocs& m_;
  std::string_view s_;
  size_t i_ = 0;
  int depth_ = 0;
  std::string error_;
};

std::string UnescapeMlir(std::string_view s) {
  if (s.find('\\') == std::string_view::npos) return std::string(s);
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      if (s[i + 1] == '\\') {
        out.push_back('\\');
        ++i;
        continue;
      }
      if (i + 2 < s.size() && HexValue(s[i + 1]) >= 0 && HexValue(s[i + 2]) >= 0) {
        out.push_back(static_cast<char>(HexValue(s[i + 1]) * 16 + HexValue(s[i + 2])));
        i += 2;
        continue;
      }
    }
    out.push_back(s[i]);
  }
  return out;
}

void ModuleLocs::Define(int64_t id, std::string_view body) {
  size_t slot = Slot(id);
  if (slot >= defs_.size()) defs_.resize(slot + 1 + slot / 2);
  defs_[slot] = Def{static_cast<uint32_t>(arena_.size()), static_cast<uint32_t>(body.size()), true};
  arena_.append(body);
}

void ModuleLocs::Reference(int64_t id) {
  size_t slot = Slot(id);
  if (slot >= counts_.size()) counts_.resize(slot + 1 + slot / 2, 0);
  ++counts_[slot];
  ++references_;
}

void ModuleLocs::ReferenceInline(std::string_view body) {
  ++references_;
  if (!inline_.empty() && inline_.back().first == body) {
    ++inline_.back().second;
    return;
  }
  inline_.emplace_back(std::string(body), 1);
}

const ModuleLocs::Loc* ModuleLocs::Lookup(int64_t id, int depth) {
  size_t slot = Slot(id);
  auto problem = [&](std::string message) {
    if (problems_ != nullptr && problems_->size() < kMaxProblems) {
      problems_->push_back(std::move(message));
    }
  };
  if (slot >= defs_.size() || !defs_[slot].defined) {
    if (slot < state_.size()) {
      if (state_[slot] == 2) return nullptr;  // reported already
      state_[slot] = 2;
    }
    problem(absl::StrCat("unresolved location alias ", AliasName(id)));
    return nullptr;
  }
  if (state_[slot] == 2) return &cache_[slot];
  if (state_[slot] == 1) {
    problem(absl::StrCat("location alias cycle through ", AliasName(id)));
    return nullptr;
  }
  state_[slot] = 1;
  std::string error;
  std::string_view body(arena_.data() + defs_[slot].begin, defs_[slot].size);
  Loc resolved;
  LocParser parser(*this, body, depth);
  if (!parser.ParseAll(resolved, &error)) {
    problem(absl::StrCat("cannot parse ", AliasName(id), ": ", error));
  }
  cache_[slot] = resolved;
  state_[slot] = 2;
  return &cache_[slot];
}

void ModuleLocs::Resolve(const std::function<void(const LocView&, int64_t)>& visit,
                         std::vector<std::string>& problems) {
  problems_ = &problems;
  cache_.assign(defs_.size(), Loc());
  state_.assign(defs_.size(), 0);
  auto emit = [&](const Loc& loc, int64_t count) {
    visit(LocView{loc.op, pool_.data() + loc.begin, loc.size}, count);
  };
  for (size_t slot = 0; slot < counts_.size(); ++slot) {
    if (counts_[slot] == 0) continue;
    const Loc* loc = Lookup(static_cast<int64_t>(slot) - 1, 0);
    if (loc != nullptr) emit(*loc, counts_[slot]);
  }
  for (const auto& [body, count] : inline_) {
    Loc loc;
    std::string error;
    LocParser parser(*this, body, 0);
    if (!parser.ParseAll(loc, &error)) {
      if (problems.size() < kMaxProblems) {
        problems.push_back(absl::StrCat("cannot parse loc(", ToAbsl(std::string_view(body).substr(0, 60)),
                                        "): ", error));
      }
      continue;
    }
    emit(loc, count);
  }
  problems_ = nullptr;
}

void ModuleLocs::Clear() {
  arena_.clear();
  defs_.clear();
  counts_.clear();
  inline_.clear();
  pool_.clear();
  decoded_.clear();
  references_ = 0;
}

}  // namespace gbreak
