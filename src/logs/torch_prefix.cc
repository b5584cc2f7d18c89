#include "logs/torch_prefix.h"

namespace gbreak {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Skips `[rankN]:` / `[trainerN]:` tags at the start.
size_t SkipRankTags(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && line[i] == '[') {
    std::string_view rest = line.substr(i + 1);
    size_t word = rest.starts_with("rank") ? 4 : rest.starts_with("trainer") ? 7 : 0;
    if (word == 0) break;
    size_t j = i + 1 + word;
    size_t digits = j;
    while (j < line.size() && IsDigit(line[j])) ++j;
    if (j == digits || j + 1 >= line.size() || line[j] != ']' || line[j + 1] != ':') break;
    i = j + 2;
  }
  return i;
}

bool IsCompileId(std::string_view s) {
  if (s.empty()) return false;
  size_t i = s[0] == '!' ? 1 : 0;
  int slashes = 0;
  bool digit = false;
  for (; i < s.size(); ++i) {
    if (IsDigit(s[i])) {
      digit = true;
    } else if (s[i] == '/' || s[i] == '_') {
      if (!digit) return false;
      slashes += s[i] == '/';
      digit = false;
    } else {
      return false;
    }
  }
  return digit && slashes >= 1;
}

// Parses the optional ` [cid]` and ` [__artifact]` after the source, then the message.
void SplitTags(std::string_view rest, TorchLine& out) {
  for (int tag = 0; tag < 2; ++tag) {
    if (!rest.starts_with(" [")) break;
    size_t close = rest.find(']');
    if (close == std::string_view::npos) break;
    std::string_view inner = rest.substr(2, close - 2);
    if (inner.starts_with("__")) {
      out.artifact = inner.substr(2);
    } else if (out.artifact.empty() && IsCompileId(inner)) {
      out.compile_id = inner;
    } else {
      break;
    }
    rest.remove_prefix(close + 1);
  }
  if (rest.starts_with(" ")) rest.remove_prefix(1);
  out.msg = rest;
}

bool SplitGlog(std::string_view line, size_t start, TorchLine& out) {
  // L MMDD HH:MM:SS.ffffff PID SRC:LINE]
  std::string_view s = line.substr(start);
  if (s.size() < 24) return false;
  if (std::string_view("VIWEC").find(s[0]) == std::string_view::npos) return false;
  for (int i = 1; i <= 4; ++i) {
    if (!IsDigit(s[i])) return false;
  }
  if (s[5] != ' ' || !IsDigit(s[6]) || s[8] != ':') return false;
  size_t i = 6;
  while (i < s.size() && (IsDigit(s[i]) || s[i] == ':' || s[i] == '.')) ++i;
  if (i >= s.size() || s[i] != ' ') return false;
  size_t pid_begin = ++i;
  while (i < s.size() && IsDigit(s[i])) ++i;
  if (i == pid_begin || i >= s.size() || s[i] != ' ') return false;
  size_t src_begin = ++i;
  size_t close = s.find(']', src_begin);
  if (close == std::string_view::npos) return false;
  std::string_view src = s.substr(src_begin, close - src_begin);
  size_t colon = src.rfind(':');
  if (colon == std::string_view::npos || colon + 1 == src.size()) return false;
  out.prefixed = true;
  out.level = s[0];
  out.pid = s.substr(pid_begin, src_begin - 1 - pid_begin);
  out.source = src;
  SplitTags(s.substr(close + 1), out);
  out.prefix = line.substr(0, static_cast<size_t>(out.msg.data() - line.data()));
  return true;
}

bool SplitOld(std::string_view line, size_t start, TorchLine& out) {
  // [YYYY-MM-DD HH:MM:SS,mmm] [cid] logger: [LEVEL] msg
  std::string_view s = line.substr(start);
  if (s.size() < 27 || s[0] != '[' || !IsDigit(s[1]) || s[5] != '-' || s[24] != ']') return false;
  std::string_view rest = s.substr(25);
  if (rest.starts_with(" [")) {
    size_t close = rest.find(']');
    if (close != std::string_view::npos && IsCompileId(rest.substr(2, close - 2))) {
      out.compile_id = rest.substr(2, close - 2);
      rest.remove_prefix(close + 1);
    }
  }
  if (!rest.starts_with(" ")) return false;
  rest.remove_prefix(1);
  size_t colon = rest.find(": [");
  if (colon == std::string_view::npos) return false;
  std::string_view logger = rest.substr(0, colon);
  if (logger.find(' ') != std::string_view::npos) return false;
  std::string_view after = rest.substr(colon + 3);
  size_t close = after.find(']');
  if (close == std::string_view::npos) return false;
  std::string_view level = after.substr(0, close);
  out.prefixed = true;
  out.level = level.empty() ? 'I' : level[0];
  out.source = logger;
  size_t dunder = logger.find(".__");
  if (dunder != std::string_view::npos) out.artifact = logger.substr(dunder + 3);
  std::string_view msg = after.substr(close + 1);
  if (msg.starts_with(" ")) msg.remove_prefix(1);
  out.msg = msg;
  out.prefix = line.substr(0, static_cast<size_t>(msg.data() - line.data()));
  return true;
}

}  // namespace

// torch 2.0 used logging's default format: `WARNING:torch._dynamo.symbolic_convert:msg`.
bool SplitBasic(std::string_view line, TorchLine& out) {
  for (std::string_view level : {"DEBUG:", "INFO:", "WARNING:", "ERROR:", "CRITICAL:"}) {
    if (!line.starts_with(level)) continue;
    std::string_view rest = line.substr(level.size());
    size_t colon = rest.find(':');
    if (colon == std::string_view::npos || !rest.starts_with("torch")) return false;
    out.prefixed = true;
    out.level = level[0];
    out.source = rest.substr(0, colon);
    out.msg = rest.substr(colon + 1);
    out.prefix = line.substr(0, level.size() + colon + 1);
    return true;
  }
  return false;
}

TorchLine SplitTorchLine(std::string_view line) {
  TorchLine out;
  size_t start = SkipRankTags(line);
  if (SplitGlog(line, start, out) || SplitOld(line, start, out) || SplitBasic(line, out)) return out;
  out = TorchLine();
  out.msg = line;
  return out;
}

bool LooksLikeGlog(std::string_view line) {
  TorchLine out;
  return SplitGlog(line, SkipRankTags(line), out);
}

}  // namespace gbreak
