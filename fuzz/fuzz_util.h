#ifndef GBREAK_FUZZ_FUZZ_UTIL_H_
#define GBREAK_FUZZ_FUZZ_UTIL_H_

// Helpers shared by the fuzz targets.

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace gbreak::fuzz {

inline std::string_view AsText(const uint8_t* data, size_t size) {
  return std::string_view(reinterpret_cast<const char*>(data), size);
}

// A private scratch directory for targets whose entry point reads files (one per process).
inline const std::string& ScratchDir() {
  static const std::string* dir = [] {
    std::string pattern = std::string(getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp") +
                          "/gbreak-fuzz-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) abort();
    return new std::string(pattern);
  }();
  return *dir;
}

// Writes `bytes` to ScratchDir()/name and returns the path.
inline std::string WriteScratch(const std::string& name, std::string_view bytes) {
  std::string path = ScratchDir() + "/" + name;
  FILE* f = fopen(path.c_str(), "wb");
  if (f == nullptr) abort();
  if (!bytes.empty() && fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) abort();
  fclose(f);
  return path;
}

// Feeds `text` to a line-based parser as the log readers' line reader would: lines without their
// `\n`, numbered from 1.
template <typename Parser>
int64_t FeedLines(std::string_view text, Parser& parser) {
  int64_t number = 0;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    parser.Line(line, ++number);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return number;
}

}  // namespace gbreak::fuzz

#endif  // GBREAK_FUZZ_FUZZ_UTIL_H_
