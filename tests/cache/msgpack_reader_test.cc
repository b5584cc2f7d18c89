// MsgpackReader reads what nlohmann::json writes (the cache's encoder), every width of every
// kind the cache uses, and refuses what does not hold: a wrong type, a truncated value, a count
// larger than the bytes left, an integer out of its field's range.

#include "cache/msgpack_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace gbreak {
namespace {

using nlohmann::json;

std::string Pack(const json& value) {
  std::vector<std::uint8_t> bytes = json::to_msgpack(value);
  return std::string(bytes.begin(), bytes.end());
}

TEST(MsgpackReaderTest, ReadsIntegersOfEveryWidthNlohmannWrites) {
  std::vector<int64_t> values = {0,       1,          127,         128,        255,
                                 256,     65535,      65536,       4294967295, 4294967296,
                                 -1,      -32,        -33,         -128,       -129,
                                 -32768,  -32769,     -2147483648, -2147483649,
                                 std::numeric_limits<int64_t>::min(),
                                 std::numeric_limits<int64_t>::max()};
  for (int64_t value : values) {
    std::string bytes = Pack(value);
    MsgpackReader r(bytes);
    EXPECT_EQ(r.Integer<int64_t>(), value) << value;
    EXPECT_TRUE(r.AtEnd());
  }
  std::string largest = Pack(std::numeric_limits<uint64_t>::max());
  MsgpackReader r(largest);
  EXPECT_EQ(r.Integer<uint64_t>(), std::numeric_limits<uint64_t>::max());
}

TEST(MsgpackReaderTest, AnIntegerOutOfItsFieldsRangeIsRefused) {
  std::string big = Pack(70000);
  EXPECT_THROW(MsgpackReader(big).Integer<uint16_t>(), MsgpackError);
  std::string negative = Pack(-1);
  EXPECT_THROW(MsgpackReader(negative).Integer<uint32_t>(), MsgpackError);
  std::string too_low = Pack(-129);
  EXPECT_THROW(MsgpackReader(too_low).Integer<int8_t>(), MsgpackError);
  std::string huge = Pack(std::numeric_limits<uint64_t>::max());
  EXPECT_THROW(MsgpackReader(huge).Integer<int64_t>(), MsgpackError);
}

TEST(MsgpackReaderTest, ReadsStringsBinariesAndContainersOfEverySize) {
  for (size_t length : {0, 1, 31, 32, 255, 256, 65535, 65536}) {
    std::string text(length, 'x');
    std::string bytes = Pack(text);
    MsgpackReader strings(bytes);
    EXPECT_EQ(strings.String(), text) << length;
    EXPECT_TRUE(strings.AtEnd());

    std::string binary = Pack(json::binary(std::vector<std::uint8_t>(length, 7)));
    MsgpackReader binaries(binary);
    EXPECT_EQ(binaries.Binary(), std::string(length, '\x07')) << length;

    std::string array = Pack(json(std::vector<int>(length, 1)));
    MsgpackReader arrays(array);
    EXPECT_EQ(arrays.ArrayHeader(), length);
    for (size_t i = 0; i < length; ++i) arrays.Integer<int>();
    EXPECT_TRUE(arrays.AtEnd());
  }
  for (size_t count : {0, 15, 16, 70000}) {
    json object = json::object();
    for (size_t i = 0; i < count; ++i) object[std::to_string(i)] = true;
    std::string bytes = Pack(object);
    MsgpackReader r(bytes);
    EXPECT_EQ(r.MapHeader(), count);
  }
}

TEST(MsgpackReaderTest, ReadsBooleansAndNil) {
  std::string bytes = Pack(json::array({true, false, nullptr, 5}));
  MsgpackReader r(bytes);
  r.ExpectArray(4);
  EXPECT_FALSE(r.Nil());
  EXPECT_TRUE(r.Boolean());
  EXPECT_FALSE(r.Boolean());
  EXPECT_TRUE(r.Nil());
  EXPECT_FALSE(r.Nil());
  EXPECT_EQ(r.Integer<int>(), 5);
  r.ExpectEnd();
}

TEST(MsgpackReaderTest, WhatDoesNotHoldIsRefusedSayingWhere) {
  std::string array = Pack(json::array({1, "two"}));
  MsgpackReader wrong_type(array);
  wrong_type.ExpectArray(2);
  wrong_type.Integer<int>();
  try {
    wrong_type.Boolean();
    FAIL() << "a string read as a boolean";
  } catch (const MsgpackError& error) {
    EXPECT_THAT(error.what(), ::testing::HasSubstr("expected a boolean at byte 2"));
  }
  EXPECT_THROW(MsgpackReader(array).ExpectArray(3), MsgpackError);
  EXPECT_THROW(MsgpackReader(array).MapHeader(), MsgpackError);

  std::string text = Pack(std::string(40, 'y'));
  EXPECT_THROW(MsgpackReader(std::string_view(text).substr(0, 10)).String(), MsgpackError);
  EXPECT_THROW(MsgpackReader("").Integer<int>(), MsgpackError);
  std::string wide = Pack(1u << 20);
  EXPECT_THROW(MsgpackReader(std::string_view(wide).substr(0, 3)).Integer<int>(), MsgpackError);
  // An array32 header claiming a billion elements in five bytes.
  EXPECT_THROW(MsgpackReader(std::string("\xdd\x40\x00\x00\x00", 5)).ArrayHeader(),
               MsgpackError);
  // Floats are not part of the cache's format.
  std::string real = Pack(1.5);
  EXPECT_THROW(MsgpackReader(real).Integer<int>(), MsgpackError);

  MsgpackReader trailing(array);
  trailing.ExpectArray(2);
  EXPECT_THROW(trailing.ExpectEnd(), MsgpackError);
}

}  // namespace
}  // namespace gbreak
