#include "rules/edit_text.h"

#include <string>
#include <vector>

namespace gbreak {
namespace {

// True when a module-level `import torch` / `import torch.x` (not `as` something else) binds
// `torch`, so it is bound when any function of the module runs.
bool ImportsTorchAtTopLevel(TSNode root, std::string_view text) {
  for (TSNode statement : NamedChildren(root)) {
    if (!Is(statement, "import_statement")) continue;
    for (TSNode name : NamedChildren(statement)) {
      if (Is(name, "dotted_name")) {
        if (NodeText(ts_node_named_child(name, 0), text) == "torch") return true;
      } else if (Is(name, "aliased_import")) {
        if (NodeText(Field(name, "name"), text) == "torch" &&
            NodeText(Field(name, "alias"), text) == "torch") {
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

uint32_t LineStartOf(std::string_view text, uint32_t offset) {
  if (offset == 0) return 0;
  size_t newline = text.rfind('\n', offset - 1);
  return newline == std::string_view::npos ? 0 : static_cast<uint32_t>(newline + 1);
}

uint32_t LineContentEnd(std::string_view text, uint32_t offset) {
  size_t newline = text.find('\n', offset);
  if (newline == std::string_view::npos) return static_cast<uint32_t>(text.size());
  if (newline > offset && text[newline - 1] == '\r') --newline;
  return static_cast<uint32_t>(newline);
}

uint32_t NextLineStartOf(std::string_view text, uint32_t offset) {
  size_t newline = text.find('\n', offset);
  return newline == std::string_view::npos ? static_cast<uint32_t>(text.size())
                                           : static_cast<uint32_t>(newline + 1);
}

std::string_view LineEndAt(std::string_view text, uint32_t line_start) {
  size_t newline = text.find('\n', line_start);
  if (newline == std::string_view::npos) newline = line_start > 0 ? line_start - 1 : newline;
  if (newline == std::string_view::npos || newline >= text.size()) return "\n";
  return newline > 0 && text[newline - 1] == '\r' ? "\r\n" : "\n";
}

std::string_view LeadingBlanks(std::string_view text, uint32_t line_start) {
  uint32_t end = line_start;
  while (end < text.size() && IsBlank(text[end])) ++end;
  return text.substr(line_start, end - line_start);
}

bool OnlyCommentFollows(std::string_view rest) {
  size_t i = 0;
  while (i < rest.size() && IsBlank(rest[i])) ++i;
  return i == rest.size() || rest[i] == '#';
}

bool ContinuesPreviousLine(std::string_view text, uint32_t line_start) {
  if (line_start == 0) return false;
  std::string_view before = text.substr(0, line_start - 1);  // without the '\n'
  if (!before.empty() && before.back() == '\r') before.remove_suffix(1);
  return !before.empty() && before.back() == '\\';
}

bool HasMultiLineString(TSNode node) {
  if (Is(node, "string") &&
      ts_node_start_point(node).row != ts_node_end_point(node).row) {
    return true;
  }
  for (uint32_t i = 0; i < ts_node_child_count(node); ++i) {
    if (HasMultiLineString(ts_node_child(node, i))) return true;
  }
  return false;
}

bool InFunctionWithTorchVisible(TSNode node, BindingIndex& bindings) {
  bool in_function = false;
  for (TSNode n = ts_node_parent(node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (Is(n, "lambda")) return false;
    if (!Is(n, "function_definition")) continue;
    in_function = true;
    const VariadicNames& variadics = bindings.VariadicsOf(n);
    if (!ts_node_is_null(bindings.ParameterNamed(n, "torch").node) ||
        variadics.positional == "torch" || variadics.keyword == "torch") {
      return false;
    }
  }
  return in_function;
}

TorchName TorchNameIn(TSNode root, std::string_view text, const ImportTable& imports) {
  const std::vector<std::string>* targets = imports.Lookup("torch");
  bool defined = imports.DefinesAtModuleLevel("torch");
  if (targets == nullptr || targets->empty()) {
    return defined ? TorchName::kOther : TorchName::kUnbound;
  }
  for (const std::string& target : *targets) {
    if (target != "torch") return TorchName::kOther;
  }
  return !defined && ImportsTorchAtTopLevel(root, text) ? TorchName::kTorchModule
                                                        : TorchName::kOther;
}

bool TorchIsTheTorchModule(TSNode root, std::string_view text, const ImportTable& imports) {
  return TorchNameIn(root, text, imports) == TorchName::kTorchModule;
}

bool DropsAComment(TSNode node, uint32_t end, const std::vector<TSNode>& kept) {
  if (ts_node_start_byte(node) >= end) return false;
  if (Is(node, "comment")) {
    for (TSNode k : kept) {
      if (ts_node_start_byte(node) >= ts_node_start_byte(k) &&
          ts_node_end_byte(node) <= ts_node_end_byte(k)) {
        return false;
      }
    }
    return true;
  }
  for (uint32_t i = 0; i < ts_node_child_count(node); ++i) {
    if (DropsAComment(ts_node_child(node, i), end, kept)) return true;
  }
  return false;
}

}  // namespace gbreak
