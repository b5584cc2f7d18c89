#include "program/auto_callee.h"

namespace gbreak {

namespace {
constexpr std::string_view kOpen = "@auto(";
}  // namespace

std::string FormatAutoCallee(const AutoCallee& callee) {
  return callee.owner + std::string(kOpen) + callee.auto_class + "|" + callee.field + ")." +
         callee.method;
}

std::optional<AutoCallee> ParseAutoCallee(const std::string& text) {
  size_t open = text.find(kOpen);
  if (open == std::string::npos) return std::nullopt;
  size_t bar = text.find('|', open);
  size_t close = text.find(").", open);
  if (bar == std::string::npos || close == std::string::npos || bar > close) return std::nullopt;
  AutoCallee out;
  out.owner = text.substr(0, open);
  out.auto_class = text.substr(open + kOpen.size(), bar - open - kOpen.size());
  out.field = text.substr(bar + 1, close - bar - 1);
  out.method = text.substr(close + 2);
  if (out.owner.empty() || out.auto_class.empty() || out.method.empty()) return std::nullopt;
  return out;
}

}  // namespace gbreak
