#ifndef GBREAK_REPORT_FINGERPRINT_H_
#define GBREAK_REPORT_FINGERPRINT_H_

#include <string>
#include <string_view>
#include <vector>

namespace gbreak {

// GitHub code scanning's `primaryLocationLineHash` for every line of a file, computed exactly as
// github/codeql-action's upload step does (src/fingerprints.ts) when a SARIF result has none:
// a rolling hash (base 37, 64-bit wrap-around) over the next 100 UTF-16 code units from the start
// of each line, skipping spaces and tabs, with CR and CRLF read as LF, an end-of-file marker
// (65535) and zero padding; the value is `<unsigned hex>:<n>` where n counts earlier lines of the
// file with the same hash. Emitting the same value ourselves keeps alerts stable whether the SARIF
// is uploaded by the action or through the REST API (which computes nothing).
//
// `utf8` is the file's bytes; invalid sequences are read as U+FFFD, as Node's decoder does.
// Element i is the hash of line i + 1. A file ending in a newline has one more (empty) line.
std::vector<std::string> LineHashes(std::string_view utf8);

// UTF-8 decoded to UTF-16 code units (invalid bytes become U+FFFD), as JavaScript strings hold it.
std::u16string Utf8ToUtf16(std::string_view utf8);

}  // namespace gbreak

#endif  // GBREAK_REPORT_FINGERPRINT_H_
