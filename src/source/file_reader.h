#ifndef GBREAK_SOURCE_FILE_READER_H_
#define GBREAK_SOURCE_FILE_READER_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"

namespace gbreak {

// Reads a whole file. Fails with kResourceExhausted (message says the size and the limit) when it
// is larger than max_bytes, and with the OS's reason when it cannot be opened or read.
absl::StatusOr<std::string> ReadFileBytes(const std::string& path, uint64_t max_bytes);

}  // namespace gbreak

#endif  // GBREAK_SOURCE_FILE_READER_H_
