#ifndef GBREAK_SOURCE_ATOMIC_FILE_H_
#define GBREAK_SOURCE_ATOMIC_FILE_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace gbreak {

// Replaces the contents of the existing regular file `path` with `bytes`, so that anyone reading
// it sees the old file or the new one, never a part of either: the bytes go to a new file
// `PATH.gbreak-tmp-XXXXXX` in the same directory (mkstemp), which gets the original's permission
// bits (and owner and group, where the system allows), is flushed to disk, and is renamed over
// the original. A symbolic link is followed: its target is rewritten and the link stays. (A hard
// link to the file keeps the old contents: rename makes a new inode.)
//
// A file the caller may not write is refused, and so is a file with no write permission bit at
// all, which root could otherwise overwrite: "read-only" is the owner's decision. On any failure
// the original is untouched, the temporary file is removed, and the message says why (without
// the path; the caller names the file).
absl::Status WriteFileAtomically(const std::string& path, std::string_view bytes);

// Writes `bytes` to `path`, created or replaced (mode 0644), the same way through a temporary
// file renamed into place: concurrent readers see the old file, the new one or none. Not flushed
// to disk, for speed: meant for files whose readers check them anyway (the result cache's
// entries carry checksums) and can be made again.
absl::Status WriteFileReplacing(const std::string& path, std::string_view bytes);

}  // namespace gbreak

#endif  // GBREAK_SOURCE_ATOMIC_FILE_H_
