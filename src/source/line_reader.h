#ifndef GBREAK_SOURCE_LINE_READER_H_
#define GBREAK_SOURCE_LINE_READER_H_

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "source/source_file.h"

namespace gbreak {

// Line N of a file as Python numbers lines (SourceFile: a line ends at `\n`, `\r\n` or a lone
// `\r`; a byte-order mark is not part of line 1), each file read once however many of its lines
// are asked for. For what quotes source after the analysis has let go of it: the markdown
// report's excerpts and the source check of `lint --log`.
class LineReader {
 public:
  using ReadFile = std::function<std::optional<std::string>(const std::string& path)>;
  explicit LineReader(ReadFile read_file) : read_file_(std::move(read_file)) {}

  // The line's text without its end; "" past the last line; nullopt when the file cannot be read.
  std::optional<std::string> Line(const std::string& path, int line);
  // The whole file; null when it cannot be read.
  const SourceFile* File(const std::string& path);

 private:
  ReadFile read_file_;
  std::map<std::string, std::optional<SourceFile>> files_;
};

}  // namespace gbreak

#endif  // GBREAK_SOURCE_LINE_READER_H_
