#ifndef GBREAK_CACHE_ENTRY_FILE_H_
#define GBREAK_CACHE_ENTRY_FILE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace gbreak {

// One stored file of the result cache: the line "gbreak-cache-entry 2", its key, a line with
// "<length> <crc32>" for each part, then the parts back to back. Each part is checked on its
// own, so a reader takes the parts it needs and leaves the others unread (a warm run reads a
// file's findings, not its much larger call-graph summary).
std::string FrameEntry(std::string_view key, const std::vector<std::string>& parts);

class EntryFile {
 public:
  // Reads the header of `path`. NotFound when there is no such file; DataLoss, saying why, when
  // it is not an entry of `key` with `part_count` parts.
  static absl::StatusOr<EntryFile> Open(const std::string& path, std::string_view key,
                                        size_t part_count);
  EntryFile(EntryFile&& other) noexcept;
  EntryFile& operator=(EntryFile&&) = delete;
  EntryFile(const EntryFile&) = delete;
  ~EntryFile();

  // Part `i`'s bytes, its length and CRC checked (DataLoss otherwise).
  absl::StatusOr<std::string> ReadPart(size_t i) const;

  // Part `i` decoded by `decode` (bytes -> absl::StatusOr<T>): the read's error, or the decode's.
  template <typename Decode>
  auto DecodePart(size_t i, Decode decode) const -> decltype(decode(std::string_view())) {
    absl::StatusOr<std::string> bytes = ReadPart(i);
    if (!bytes.ok()) return bytes.status();
    return decode(*bytes);
  }

 private:
  struct Part {
    uint64_t offset = 0, length = 0;
    uint32_t crc = 0;
  };
  EntryFile(int fd, std::string start, std::vector<Part> parts);

  int fd_;
  std::string start_;  // the file's first bytes, read with the header
  std::vector<Part> parts_;
};

}  // namespace gbreak

#endif  // GBREAK_CACHE_ENTRY_FILE_H_
