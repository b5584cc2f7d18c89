#include "cache/msgpack_reader.h"

#include "absl/strings/str_cat.h"

namespace gbreak {

void MsgpackReader::Fail(std::string_view what) const {
  throw MsgpackError(absl::StrCat("expected ", std::string(what), " at byte ", at_));
}

uint8_t MsgpackReader::Byte() {
  if (at_ >= bytes_.size()) Fail("more bytes");
  return static_cast<uint8_t>(bytes_[at_++]);
}

uint64_t MsgpackReader::BigEndian(size_t width) {
  std::string_view raw = Take(width);
  uint64_t value = 0;
  for (char c : raw) value = (value << 8) | static_cast<uint8_t>(c);
  return value;
}

std::string_view MsgpackReader::Take(size_t length) {
  if (length > bytes_.size() - at_) Fail(absl::StrCat(length, " more bytes"));
  std::string_view taken = bytes_.substr(at_, length);
  at_ += length;
  return taken;
}

size_t MsgpackReader::Count(uint64_t count) {
  if (count > bytes_.size() - at_) Fail("no more elements than bytes left");
  return static_cast<size_t>(count);
}

size_t MsgpackReader::ArrayHeader() {
  uint8_t tag = Byte();
  if ((tag & 0xf0) == 0x90) return Count(tag & 0x0f);
  if (tag == 0xdc) return Count(BigEndian(2));
  if (tag == 0xdd) return Count(BigEndian(4));
  --at_;
  Fail("an array");
}

void MsgpackReader::ExpectArray(size_t count) {
  size_t start = at_;
  if (ArrayHeader() != count) {
    at_ = start;
    Fail(absl::StrCat("an array of ", count));
  }
}

size_t MsgpackReader::MapHeader() {
  uint8_t tag = Byte();
  if ((tag & 0xf0) == 0x80) return Count(tag & 0x0f);
  if (tag == 0xde) return Count(BigEndian(2));
  if (tag == 0xdf) return Count(BigEndian(4));
  --at_;
  Fail("a map");
}

std::string_view MsgpackReader::String() {
  uint8_t tag = Byte();
  if ((tag & 0xe0) == 0xa0) return Take(tag & 0x1f);
  if (tag == 0xd9) return Take(BigEndian(1));
  if (tag == 0xda) return Take(BigEndian(2));
  if (tag == 0xdb) return Take(BigEndian(4));
  --at_;
  Fail("a string");
}

std::string_view MsgpackReader::Binary() {
  uint8_t tag = Byte();
  if (tag == 0xc4) return Take(BigEndian(1));
  if (tag == 0xc5) return Take(BigEndian(2));
  if (tag == 0xc6) return Take(BigEndian(4));
  --at_;
  Fail("a binary value");
}

bool MsgpackReader::Boolean() {
  uint8_t tag = Byte();
  if (tag == 0xc2) return false;
  if (tag == 0xc3) return true;
  --at_;
  Fail("a boolean");
}

bool MsgpackReader::Nil() {
  if (at_ < bytes_.size() && static_cast<uint8_t>(bytes_[at_]) == 0xc0) {
    ++at_;
    return true;
  }
  return false;
}

uint64_t MsgpackReader::RawInteger(bool& negative) {
  uint8_t tag = Byte();
  negative = false;
  if (tag <= 0x7f) return tag;  // positive fixint
  if (tag >= 0xe0) {            // negative fixint
    negative = true;
    return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int8_t>(tag)));
  }
  switch (tag) {
    case 0xcc: return BigEndian(1);
    case 0xcd: return BigEndian(2);
    case 0xce: return BigEndian(4);
    case 0xcf: return BigEndian(8);
    case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
      size_t width = size_t{1} << (tag - 0xd0);
      uint64_t bits = BigEndian(width);
      int shift = static_cast<int>(64 - 8 * width);  // sign-extend from `width` bytes
      auto value = static_cast<int64_t>(bits << shift) >> shift;
      negative = value < 0;
      return static_cast<uint64_t>(value);
    }
    default:
      --at_;
      Fail("an integer");
  }
}

void MsgpackReader::ExpectEnd() const {
  if (!AtEnd()) Fail("the end of the value");
}

}  // namespace gbreak
