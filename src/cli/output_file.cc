#include "cli/output_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace gbreak {
namespace {

absl::Status WriteAll(int fd, std::string_view contents) {
  while (!contents.empty()) {
    ssize_t n = write(fd, contents.data(), contents.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return absl::UnavailableError(std::strerror(errno));
    }
    contents.remove_prefix(static_cast<size_t>(n));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status WriteOutput(const std::string& path, std::string_view contents) {
  if (path.empty() || path == "-") {
    std::fflush(stdout);
    return WriteAll(STDOUT_FILENO, contents);
  }
  std::string temporary = absl::StrCat(path, ".gbreak-tmp-", getpid());
  int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    return absl::UnavailableError(absl::StrCat(path, ": cannot write: ", std::strerror(errno)));
  }
  absl::Status status = WriteAll(fd, contents);
  if (close(fd) != 0 && status.ok()) status = absl::UnavailableError(std::strerror(errno));
  if (status.ok() && std::rename(temporary.c_str(), path.c_str()) != 0) {
    status = absl::UnavailableError(std::strerror(errno));
  }
  if (!status.ok()) {
    unlink(temporary.c_str());
    return absl::UnavailableError(absl::StrCat(path, ": cannot write: ", status.message()));
  }
  return absl::OkStatus();
}

}  // namespace gbreak
