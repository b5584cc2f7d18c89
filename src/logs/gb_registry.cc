#include "logs/gb_registry.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace gbreak {
namespace {

struct Entry {
  std::string_view gb_type;
  std::string_view id;
};

constexpr Entry kTable[] = {
#include "logs/registry_table.inc"
};

// Reasons printed before the structured messages (torch 2.0–2.6), by prefix.
constexpr Entry kOlderReasons[] = {
    {"Tensor.item", "GB0124"},
    {"generic_jump", "GB0170"},
    {"Data-dependent jump", "GB0170"},
    {"call_function BuiltinVariable(print)", "GB0059"},
    {"builtin: print", "GB0059"},
    {"call_function UserDefinedObjectVariable(graph_break)", "GB0025"},
    {"call_function in skip_files", "GB0007"},
    {"dynamic shape operator", "GB0036"},
    {"data dependent operator", "GB0033"},
};

}  // namespace

std::string RegistryIdForReason(std::string_view reason) {
  auto it = std::lower_bound(std::begin(kTable), std::end(kTable), reason,
                             [](const Entry& e, std::string_view r) { return e.gb_type < r; });
  if (it != std::end(kTable) && it->gb_type == reason) return std::string(it->id);
  for (const Entry& e : kOlderReasons) {
    if (reason.starts_with(e.gb_type)) return std::string(e.id);
  }
  return "";
}

}  // namespace gbreak
