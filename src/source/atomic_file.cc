#include "source/atomic_file.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

namespace gbreak {
namespace {

absl::Status ErrnoError(std::string_view what) {
  return absl::UnavailableError(
      absl::StrCat(absl::string_view(what.data(), what.size()), ": ", std::strerror(errno)));
}

absl::Status WriteAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoError("cannot write");
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return absl::OkStatus();
}

// The file a path names, through a symbolic link (renaming over the link would replace the link
// with a plain file).
absl::StatusOr<std::string> ResolveLink(const std::string& path) {
  struct stat info;
  if (lstat(path.c_str(), &info) != 0) return ErrnoError("cannot stat");
  if (!S_ISLNK(info.st_mode)) return path;
  char* resolved = realpath(path.c_str(), nullptr);
  if (resolved == nullptr) return ErrnoError("cannot resolve the symbolic link");
  std::string target = resolved;
  free(resolved);
  return target;
}

// Makes the rename itself durable. Best effort: some file systems refuse fsync on directories,
// and the new contents are already on disk.
void SyncDirectoryOf(const std::string& path) {
  size_t slash = path.find_last_of('/');
  std::string dir = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
  int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  fsync(fd);
  close(fd);
}

// Writes, sets the mode and owner, and flushes the temporary file; closes it in every case.
absl::Status FillTemporary(int fd, std::string_view bytes, const struct stat& original) {
  absl::Status status = WriteAll(fd, bytes);
  if (status.ok() && fchmod(fd, original.st_mode & 07777) != 0) {
    status = ErrnoError("cannot set the file mode");
  }
  // Keeping the owner only works for root (or for a group the caller is in); a file the caller
  // owns keeps its owner anyway, so a refusal changes nothing worth failing for.
  if (status.ok() && fchown(fd, original.st_uid, original.st_gid) != 0) errno = 0;
  if (status.ok() && fsync(fd) != 0) status = ErrnoError("cannot flush to disk");
  if (close(fd) != 0 && status.ok()) status = ErrnoError("cannot write");
  return status;
}

}  // namespace

absl::Status WriteFileAtomically(const std::string& path, std::string_view bytes) {
  absl::StatusOr<std::string> target = ResolveLink(path);
  if (!target.ok()) return target.status();
  struct stat info;
  if (stat(target->c_str(), &info) != 0) return ErrnoError("cannot stat");
  if (!S_ISREG(info.st_mode)) return absl::FailedPreconditionError("not a regular file");
  if ((info.st_mode & 0222) == 0 || access(target->c_str(), W_OK) != 0) {
    return absl::PermissionDeniedError("the file is read-only");
  }

  std::string pattern = absl::StrCat(*target, ".gbreak-tmp-XXXXXX");
  std::vector<char> temporary(pattern.begin(), pattern.end());
  temporary.push_back('\0');
  int fd = mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0) return ErrnoError("cannot create a temporary file beside it");
  absl::Status status = FillTemporary(fd, bytes, info);
  if (status.ok() && std::rename(temporary.data(), target->c_str()) != 0) {
    status = ErrnoError("cannot replace it");
  }
  if (!status.ok()) {
    unlink(temporary.data());
    return status;
  }
  SyncDirectoryOf(*target);
  return absl::OkStatus();
}

absl::Status WriteFileReplacing(const std::string& path, std::string_view bytes) {
  std::string pattern = absl::StrCat(path, ".gbreak-tmp-XXXXXX");
  std::vector<char> temporary(pattern.begin(), pattern.end());
  temporary.push_back('\0');
  int fd = mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0) return ErrnoError("cannot create a temporary file beside it");
  absl::Status status = WriteAll(fd, bytes);
  if (status.ok() && fchmod(fd, 0644) != 0) status = ErrnoError("cannot set the file mode");
  if (close(fd) != 0 && status.ok()) status = ErrnoError("cannot write");
  if (status.ok() && std::rename(temporary.data(), path.c_str()) != 0) {
    status = ErrnoError("cannot replace it");
  }
  if (!status.ok()) unlink(temporary.data());
  return status;
}

}  // namespace gbreak
