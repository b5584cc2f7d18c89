#ifndef GBREAK_SOURCE_ENCODING_H_
#define GBREAK_SOURCE_ENCODING_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gbreak {

// The encoding a PEP 263 coding line declares ("# -*- coding: latin-1 -*-" on line 1 or 2),
// lower-cased, or "" when there is none.
std::string DeclaredEncoding(std::string_view text);

// True for the names Python accepts for UTF-8 ("utf-8", "utf8", "utf_8", "utf-8-sig", ...).
bool IsUtf8EncodingName(std::string_view name);

// Offset of the first byte that does not belong to a well-formed UTF-8 sequence.
std::optional<uint32_t> FindInvalidUtf8(std::string_view text);

// Offset of the first NUL byte, which CPython refuses in source code.
std::optional<uint32_t> FindNulByte(std::string_view text);

// Offset of the first non-ASCII byte that TOML allows only in a string or a comment: outside
// them, or right after a backslash (and the blanks of a line-ending backslash) in a basic string.
// toml++ 3.3 (Debian's) reaches __builtin_unreachable() when it tests such a character (e.g. "é",
// "あ") for whitespace, so callers reject the text before toml::parse sees it (found by fuzzing).
std::optional<uint32_t> FindTomlNonAsciiOutsideStrings(std::string_view text);

// "ORIGIN:LINE:COLUMN: ..." for that byte, in the toml++ error style, or "" when there is none.
std::string TomlNonAsciiError(std::string_view text, std::string_view origin);

}  // namespace gbreak

#endif  // GBREAK_SOURCE_ENCODING_H_
