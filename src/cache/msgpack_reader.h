#ifndef GBREAK_CACHE_MSGPACK_READER_H_
#define GBREAK_CACHE_MSGPACK_READER_H_

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

namespace gbreak {

// Reads MessagePack (https://msgpack.org) value by value, straight into the caller's fields.
//
// Why not nlohmann::json::from_msgpack, which writes the cache's entries: it builds a document of
// every value first, one allocation per string and array, and then copies it into the structs.
// Measured on a run over transformers with one file changed, decoding the 2,859 other files'
// call-graph summaries that way took 280 ms of the run's 640; this reader takes the bytes where
// they lie. It reads what nlohmann writes (no floats, no extension types: the cache has none).
//
// Every read checks the type and the bytes left and throws MsgpackError, saying what and where,
// when they do not hold: the cache treats such an entry as corrupt.
class MsgpackError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class MsgpackReader {
 public:
  explicit MsgpackReader(std::string_view bytes) : bytes_(bytes) {}

  // The element count of the array that comes next.
  size_t ArrayHeader();
  // The same, when the array must have `count` elements (a struct's fields).
  void ExpectArray(size_t count);
  // The pair count of the map that comes next.
  size_t MapHeader();
  std::string_view String();
  std::string_view Binary();
  bool Boolean();
  // True (and consumed) when a nil comes next.
  bool Nil();
  // An integer of any width, checked to fit T.
  template <std::integral T>
  T Integer() {
    bool negative = false;
    uint64_t magnitude = RawInteger(negative);
    if (negative) {
      if constexpr (std::is_signed_v<T>) {
        auto value = static_cast<int64_t>(magnitude);
        if (value >= std::numeric_limits<T>::min()) return static_cast<T>(value);
      }
    } else if (magnitude <= static_cast<uint64_t>(std::numeric_limits<T>::max())) {
      return static_cast<T>(magnitude);
    }
    Fail("an integer out of range");
  }

  bool AtEnd() const { return at_ == bytes_.size(); }
  // Fails unless every byte was read (a value with trailing bytes is not the value).
  void ExpectEnd() const;

 private:
  // The integer's two's-complement bits; `negative` when it is below zero.
  uint64_t RawInteger(bool& negative);
  uint8_t Byte();
  uint64_t BigEndian(size_t width);
  std::string_view Take(size_t length);
  // An element count, checked against the bytes left (each element takes one at least).
  size_t Count(uint64_t count);
  [[noreturn]] void Fail(std::string_view what) const;

  std::string_view bytes_;
  size_t at_ = 0;
};


// Runs `read` over all of `bytes` (what it returns is the value): a MsgpackError, or bytes left
// over, is DataLoss saying what could not be decoded (`what`) and why.
template <typename Read>
auto ReadWhole(std::string_view bytes, std::string_view what, Read read)
    -> absl::StatusOr<decltype(read(std::declval<MsgpackReader&>()))> {
  try {
    MsgpackReader r(bytes);
    auto value = read(r);
    r.ExpectEnd();
    return value;
  } catch (const MsgpackError& error) {
    return absl::DataLossError(
        absl::StrCat("cannot decode ", std::string(what), ": ", error.what()));
  }
}

}  // namespace gbreak

#endif  // GBREAK_CACHE_MSGPACK_READER_H_
