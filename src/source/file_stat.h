#ifndef GBREAK_SOURCE_FILE_STAT_H_
#define GBREAK_SOURCE_FILE_STAT_H_

#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace gbreak {

// What a stat call says of a file that tells a change of its bytes: size, modification and
// status-change times and inode (git's index keeps the same). Discovery takes it of every file it
// finds, and the result cache compares it with what it recorded, so a warm run asks once a file.
struct FileStat {
  uint64_t size = 0;
  int64_t mtime_ns = 0, ctime_ns = 0;
  uint64_t inode = 0;
  bool operator==(const FileStat&) const = default;

  static FileStat Of(const struct stat& info) {
    return FileStat{static_cast<uint64_t>(info.st_size), Nanoseconds(Modified(info)),
                    Nanoseconds(Changed(info)), static_cast<uint64_t>(info.st_ino)};
  }

 private:
  static int64_t Nanoseconds(const struct timespec& t) {
    return static_cast<int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
  }
  // macOS names the fields differently.
  static const struct timespec& Modified(const struct stat& info) {
#ifdef __APPLE__
    return info.st_mtimespec;
#else
    return info.st_mtim;
#endif
  }
  static const struct timespec& Changed(const struct stat& info) {
#ifdef __APPLE__
    return info.st_ctimespec;
#else
    return info.st_ctim;
#endif
  }
};

// The FileStat of `path`, following symbolic links.
inline absl::StatusOr<FileStat> StatFile(const std::string& path) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) return absl::NotFoundError(std::strerror(errno));
  return FileStat::Of(info);
}

}  // namespace gbreak

#endif  // GBREAK_SOURCE_FILE_STAT_H_
