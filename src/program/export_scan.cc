#include "program/export_scan.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "absl/strings/ascii.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

bool IsNameChar(char c) { return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `name` at `at` is a whole identifier of `text` (not a part of a longer one).
bool WholeWordAt(std::string_view text, size_t at, size_t size) {
  return (at == 0 || !IsNameChar(text[at - 1])) &&
         (at + size == text.size() || !IsNameChar(text[at + size]));
}

std::string ReadAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Offset `at` lies inside the list or tuple of an `__all__ = [...]` (or `+= [...]`) assignment:
// a string there exports the name (a string elsewhere, like an auto-mapping's class names, does
// not).
bool InAllList(std::string_view text, size_t at) {
  for (size_t all = text.find("__all__"); all != std::string_view::npos && all < at;
       all = text.find("__all__", all + 1)) {
    size_t open = text.find_first_of("[(", all);
    if (open == std::string_view::npos || open > at) continue;
    std::string_view between = text.substr(all + 7, open - all - 7);
    if (between.find_first_not_of(" \t+=") != std::string_view::npos) continue;
    size_t close = text.find_first_of("])", open);
    if (close != std::string_view::npos && at < close) return true;
  }
  return false;
}

}  // namespace

bool TextMayExport(std::string_view text, std::string_view name) {
  if (name.empty()) return false;
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    if (!WholeWordAt(text, at, name.size())) continue;
    char before = at > 0 ? text[at - 1] : '\0';
    char after = at + name.size() < text.size() ? text[at + name.size()] : '\0';
    if ((before == '"' || before == '\'') && after == before && InAllList(text, at)) return true;
    std::string_view head = text.substr(0, at);
    size_t line = head.rfind('\n');
    std::string_view prefix = FromAbsl(absl::StripAsciiWhitespace(
        ToAbsl(head.substr(line == std::string_view::npos ? 0 : line + 1))));
    if (prefix == "class" || prefix == "def" || prefix == "async def") return true;
  }
  return false;
}

bool FileOrPackageMayExport(const std::string& path, std::string_view name,
                            std::vector<std::string>* read) {
  std::filesystem::path file(path);
  if (file.filename() != "__init__.py") {
    if (read != nullptr) read->push_back(path);
    return TextMayExport(ReadAll(file), name);
  }
  if (read != nullptr) read->push_back(file.parent_path().string());
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(file.parent_path(), ec)) {
    if (entry.path().extension() != ".py" || !entry.is_regular_file(ec)) continue;
    if (read != nullptr) read->push_back(entry.path().string());
    if (TextMayExport(ReadAll(entry.path()), name)) return true;
  }
  return false;
}

}  // namespace gbreak
