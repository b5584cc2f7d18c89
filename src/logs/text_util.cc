#include "logs/text_util.h"

#include <cstring>

namespace gbreak {

std::string_view StripAnsi(std::string_view text, std::string& scratch) {
  // Fast path: only escape sequences are removed; other stray bytes never match a pattern anyway.
  const void* esc = text.empty() ? nullptr : std::memchr(text.data(), 0x1b, text.size());
  if (esc == nullptr) return text;
  size_t i = static_cast<size_t>(static_cast<const char*>(esc) - text.data());
  scratch.assign(text.data(), i);
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b) {
      ++i;
      if (i < text.size() && text[i] == '[') {  // CSI: parameters then one final byte
        ++i;
        while (i < text.size() && (static_cast<unsigned char>(text[i]) < 0x40 ||
                                   static_cast<unsigned char>(text[i]) > 0x7e)) {
          ++i;
        }
        ++i;
      }
      continue;
    }
    scratch.push_back(static_cast<char>(c));
    ++i;
  }
  return scratch;
}

std::string_view TrimLeft(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return s.substr(i);
}

std::string_view Trim(std::string_view s) {
  s = TrimLeft(s);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<int> ParseInt(std::string_view s) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  int value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

std::optional<std::pair<std::string_view, int>> SplitFileLine(std::string_view s) {
  size_t colon = s.rfind(':');
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  std::optional<int> line = ParseInt(s.substr(colon + 1));
  if (!line) return std::nullopt;
  return std::make_pair(s.substr(0, colon), *line);
}

bool LooksBinary(std::string_view s) {
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 && c != '\t') return true;
  }
  return false;
}

namespace {

bool Contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

}  // namespace

SourceFrame::Kind ClassifyFrameFile(std::string_view file) {
  if (file.starts_with("<")) {
    return file.starts_with("<frozen") ? SourceFrame::Kind::kInternal
                                       : SourceFrame::Kind::kSynthetic;
  }
  // Normalise the view to what follows site-packages/ (or dist-packages/), if anything.
  std::string_view rest = file;
  bool in_packages = false;
  for (std::string_view marker : {"site-packages/", "dist-packages/"}) {
    size_t at = file.rfind(marker);
    if (at != std::string_view::npos) {
      rest = file.substr(at + marker.size());
      in_packages = true;
      break;
    }
  }
  if (in_packages) {
    for (std::string_view internal :
         {"torch/", "torch_xla/", "tt_torch/", "functorch/", "ttxla_tools/", "importlib"}) {
      if (rest.starts_with(internal)) return SourceFrame::Kind::kInternal;
    }
    return SourceFrame::Kind::kLibrary;
  }
  // A torch checkout used in place (no site-packages): its internals are still internals.
  if (file.starts_with("torch/") || Contains(file, "/torch/_") || Contains(file, "/torch/nn/") ||
      Contains(file, "/torch/fx/") || Contains(file, "/torch/utils/") ||
      Contains(file, "/torch/autograd/") || Contains(file, "/torch_xla/") ||
      Contains(file, "/tt_torch/") || Contains(file, "/functorch/") ||
      Contains(file, "/importlib/")) {
    return SourceFrame::Kind::kInternal;
  }
  return SourceFrame::Kind::kUser;
}

bool ParseResumeName(std::string_view name, std::string* function, int* line) {
  constexpr std::string_view kNew = "torch_dynamo_resume_in_";
  if (name.starts_with(kNew)) {
    std::string_view rest = name.substr(kNew.size());
    // `<fn>_at_<line>` with an optional `_<n>` uniquifier; the function may contain `_at_`.
    size_t at = rest.rfind("_at_");
    while (at != std::string_view::npos) {
      std::string_view tail = rest.substr(at + 4);
      size_t us = tail.find('_');
      std::optional<int> n = ParseInt(tail.substr(0, us));
      if (n && (us == std::string_view::npos || ParseInt(tail.substr(us + 1)))) {
        *function = std::string(rest.substr(0, at));
        *line = *n;
        return true;
      }
      if (at == 0) break;
      at = rest.rfind("_at_", at - 1);
    }
    return false;
  }
  constexpr std::string_view kOld = "<graph break in ";
  if (name.starts_with(kOld) && name.ends_with(">")) {
    *function = std::string(name.substr(kOld.size(), name.size() - kOld.size() - 1));
    *line = 0;
    return true;
  }
  if (name.starts_with("__resume_at_")) {
    function->clear();
    *line = 0;
    return true;
  }
  return false;
}

}  // namespace gbreak
