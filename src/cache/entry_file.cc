#include "cache/entry_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "source/absl_compat.h"

namespace gbreak {
namespace {

constexpr std::string_view kMagic = "gbreak-cache-entry 2\n";
// Read with the header: an entry's findings part is usually within it.
constexpr size_t kFirstRead = 16 * 1024;

uint32_t Crc32(std::string_view bytes) {
  return static_cast<uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

// Splits off the text up to the next newline (false when there is none).
bool TakeLine(std::string_view& rest, std::string_view& line) {
  size_t end = rest.find('\n');
  if (end == std::string_view::npos) return false;
  line = rest.substr(0, end);
  rest.remove_prefix(end + 1);
  return true;
}

// The space-separated unsigned numbers of `text`, or false when it holds anything else.
bool ParseNumbers(std::string_view text, std::vector<uint64_t>& numbers) {
  for (size_t start = 0; start <= text.size();) {
    size_t end = std::min(text.find(' ', start), text.size());
    uint64_t number = 0;
    auto [stop, error] = std::from_chars(text.data() + start, text.data() + end, number);
    if (error != std::errc() || stop != text.data() + end || end == start) return false;
    numbers.push_back(number);
    start = end + 1;
  }
  return true;
}

// Reads up to `size` bytes at `offset` (fewer only at the end of the file).
absl::StatusOr<std::string> ReadAt(int fd, uint64_t offset, size_t size) {
  std::string bytes(size, '\0');
  size_t done = 0;
  while (done < size) {
    ssize_t n = pread(fd, bytes.data() + done, size - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::UnavailableError(std::strerror(errno));
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  bytes.resize(done);
  return bytes;
}

}  // namespace

std::string FrameEntry(std::string_view key, const std::vector<std::string>& parts) {
  std::string out = absl::StrCat(ToAbsl(kMagic), ToAbsl(key), "\n");
  for (size_t i = 0; i < parts.size(); ++i) {
    absl::StrAppend(&out, i == 0 ? "" : " ", parts[i].size(), " ", Crc32(parts[i]));
  }
  out += "\n";
  for (const std::string& part : parts) out += part;
  return out;
}

absl::StatusOr<EntryFile> EntryFile::Open(const std::string& path, std::string_view key,
                                          size_t part_count) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return errno == ENOENT ? absl::NotFoundError("no entry")
                           : absl::UnavailableError(std::strerror(errno));
  }
  absl::StatusOr<std::string> start = ReadAt(fd, 0, kFirstRead);
  if (!start.ok()) {
    close(fd);
    return start.status();
  }
  std::string_view rest = *start;
  std::string_view stored_key, sizes;
  std::vector<uint64_t> numbers;
  if (!rest.starts_with(kMagic)) {
    close(fd);
    return absl::DataLossError("not a gbreak cache entry");
  }
  rest.remove_prefix(kMagic.size());
  if (!TakeLine(rest, stored_key) || stored_key != key || !TakeLine(rest, sizes) ||
      !ParseNumbers(sizes, numbers) || numbers.size() != 2 * part_count) {
    close(fd);
    return absl::DataLossError("its header is damaged");
  }
  std::vector<Part> parts;
  uint64_t offset = start->size() - rest.size();
  uint64_t end = offset;
  for (size_t i = 0; i < part_count; ++i) end += numbers[2 * i];
  struct stat info;
  if (fstat(fd, &info) != 0 || static_cast<uint64_t>(info.st_size) != end) {
    close(fd);
    return absl::DataLossError(absl::StrCat("it holds ", info.st_size, " bytes, not ", end));
  }
  for (size_t i = 0; i < part_count; ++i) {
    if (numbers[2 * i + 1] > UINT32_MAX) {
      close(fd);
      return absl::DataLossError("its header is damaged");
    }
    parts.push_back({offset, numbers[2 * i], static_cast<uint32_t>(numbers[2 * i + 1])});
    offset += numbers[2 * i];
  }
  return EntryFile(fd, *std::move(start), std::move(parts));
}

EntryFile::EntryFile(int fd, std::string start, std::vector<Part> parts)
    : fd_(fd), start_(std::move(start)), parts_(std::move(parts)) {}

EntryFile::EntryFile(EntryFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      start_(std::move(other.start_)),
      parts_(std::move(other.parts_)) {}

EntryFile::~EntryFile() {
  if (fd_ >= 0) close(fd_);
}

absl::StatusOr<std::string> EntryFile::ReadPart(size_t i) const {
  const Part& part = parts_.at(i);
  std::string bytes;
  if (part.offset + part.length <= start_.size()) {
    bytes = start_.substr(part.offset, part.length);
  } else {
    absl::StatusOr<std::string> read = ReadAt(fd_, part.offset, part.length);
    if (!read.ok()) return read.status();
    bytes = *std::move(read);
  }
  if (bytes.size() != part.length) {
    return absl::DataLossError(
        absl::StrCat("it ends after ", part.offset + bytes.size(), " bytes, not ",
                     part.offset + part.length));
  }
  if (Crc32(bytes) != part.crc) return absl::DataLossError("its checksum does not match");
  return bytes;
}

}  // namespace gbreak
