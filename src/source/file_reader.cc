#include "source/file_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace gbreak {
namespace {

// Closes the descriptor on every path out of ReadFileBytes.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

std::string Megabytes(uint64_t bytes) {
  return absl::StrFormat("%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
}

}  // namespace

absl::StatusOr<std::string> ReadFileBytes(const std::string& path, uint64_t max_bytes) {
  // O_NONBLOCK: opening a FIFO named on the command line must not wait for a writer.
  FileDescriptor fd(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) {
    return absl::UnavailableError(absl::StrCat("cannot open: ", std::strerror(errno)));
  }
  struct stat info;
  if (fstat(fd.get(), &info) != 0) {
    return absl::UnavailableError(absl::StrCat("cannot stat: ", std::strerror(errno)));
  }
  if (S_ISDIR(info.st_mode)) return absl::UnavailableError("is a directory");
  if (!S_ISREG(info.st_mode)) {
    return absl::UnavailableError("not a regular file (a pipe, socket or device); skipped");
  }
  if (static_cast<uint64_t>(info.st_size) > max_bytes) {
    return absl::ResourceExhaustedError(
        absl::StrCat("file is ", Megabytes(info.st_size), ", over the ", Megabytes(max_bytes),
                     " limit; skipped (raise it with --max-file-size)"));
  }
  std::string bytes;
  bytes.resize(static_cast<size_t>(info.st_size));
  size_t filled = 0;
  while (true) {
    if (filled == bytes.size()) {
      // The size may have changed since fstat (or the file is a pipe): keep reading.
      if (bytes.size() >= max_bytes) break;
      bytes.resize(bytes.size() + 65536);
    }
    ssize_t n = read(fd.get(), bytes.data() + filled, bytes.size() - filled);
    if (n < 0) {
      if (errno == EINTR) continue;
      return absl::UnavailableError(absl::StrCat("cannot read: ", std::strerror(errno)));
    }
    if (n == 0) break;
    filled += static_cast<size_t>(n);
  }
  bytes.resize(filled);
  if (bytes.size() > max_bytes) {
    return absl::ResourceExhaustedError(
        absl::StrCat("file is over the ", Megabytes(max_bytes),
                     " limit; skipped (raise it with --max-file-size)"));
  }
  return bytes;
}

}  // namespace gbreak
