#include "source/encoding.h"

#include <gtest/gtest.h>

namespace gbreak {
namespace {

TEST(EncodingTest, FindsPep263DeclarationOnFirstTwoLines) {
  EXPECT_EQ(DeclaredEncoding("# -*- coding: latin-1 -*-\nx = 1\n"), "latin-1");
  EXPECT_EQ(DeclaredEncoding("#!/usr/bin/env python\n# vim: set fileencoding=UTF-8 :\n"),
            "utf-8");
  EXPECT_EQ(DeclaredEncoding("x = 1\ny = 2\n# coding: latin-1\n"), "");
  EXPECT_EQ(DeclaredEncoding(""), "");
}

TEST(EncodingTest, RecognizesUtf8Aliases) {
  EXPECT_TRUE(IsUtf8EncodingName("UTF-8"));
  EXPECT_TRUE(IsUtf8EncodingName("utf8"));
  EXPECT_TRUE(IsUtf8EncodingName("utf-8-sig"));
  EXPECT_FALSE(IsUtf8EncodingName("latin-1"));
}

TEST(EncodingTest, AcceptsWellFormedUtf8) {
  EXPECT_FALSE(FindInvalidUtf8("plain ascii").has_value());
  EXPECT_FALSE(FindInvalidUtf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80").has_value());
}

TEST(EncodingTest, FindsTheFirstInvalidByte) {
  EXPECT_EQ(FindInvalidUtf8("caf\xe9!").value(), 3u);
  EXPECT_EQ(FindInvalidUtf8("ok\xc3").value(), 2u);              // truncated sequence
  EXPECT_EQ(FindInvalidUtf8("\xc0\xaf").value(), 0u);             // overlong encoding
  EXPECT_EQ(FindInvalidUtf8("a\xed\xa0\x80").value(), 1u);        // UTF-16 surrogate
  EXPECT_EQ(FindInvalidUtf8("ab\xf5\x80\x80\x80").value(), 2u);   // beyond U+10FFFF
}

TEST(EncodingTest, FindsNulBytes) {
  EXPECT_EQ(FindNulByte(std::string_view("ab\0c", 4)).value(), 2u);
  EXPECT_FALSE(FindNulByte("abc").has_value());
}

// toml++ 3.3 reaches __builtin_unreachable() testing "é" or "あ" for whitespace (found by
// fuzz/config); only strings and comments may hold them, so anything else is refused first.
TEST(EncodingTest, FindsNonAsciiTomlOutsideStringsAndComments) {
  EXPECT_EQ(FindTomlNonAsciiOutsideStrings("[\xCC\x9Bme"), 1u);
  EXPECT_EQ(FindTomlNonAsciiOutsideStrings("a = 1 \xC3\xA9\n"), 6u);
  // A quote inside a bare value opens no string for toml++ (found by fuzz/config).
  EXPECT_EQ(FindTomlNonAsciiOutsideStrings("r= 6B\"/\xCE\xA0"), 7u);
  EXPECT_EQ(FindTomlNonAsciiOutsideStrings("s =6'['..>>\xEF\xBB\xBEtl\"]\n"), 11u);
  EXPECT_EQ(FindTomlNonAsciiOutsideStrings("c = [0.=[\"x\xEF\xB9\xBF\"]"), 11u);
  EXPECT_FALSE(FindTomlNonAsciiOutsideStrings("k=\"\xC3\xA9\"\n  k2='\xC3\xA9'").has_value());
  EXPECT_FALSE(FindTomlNonAsciiOutsideStrings(
                   "a = \"\xC3\xA9\" # \xC3\xA9\nb = '\xC3\xA9'\n"
                   "c = '''\xC3\xA9'''\nd = \"\"\"\xC3\xA9\"\"\"\n")
                   .has_value());
  // After a line-ending backslash toml++ tests the blanks and line breaks and the first character
  // after them (found by fuzz/config).
  EXPECT_EQ(FindTomlNonAsciiOutsideStrings("d = \"\"\"x\\\n  \xC3\xA9\"\"\""), 12u);
  EXPECT_EQ(FindTomlNonAsciiOutsideStrings("d = \"\"\"x\\\xC3\xA9\"\"\""), 9u);
  EXPECT_EQ(FindTomlNonAsciiOutsideStrings("d = \"\"\"x\\\n\n \xC3\xA9\"\"\""), 12u);
  EXPECT_EQ(TomlNonAsciiError("a = 1\n[\xC3\xA9]\n", "pyproject.toml"),
            "pyproject.toml:2:2: a non-ASCII character outside a string or comment; TOML allows "
            "one only in a quoted string or a comment");
  EXPECT_EQ(TomlNonAsciiError("a = 1\n", "pyproject.toml"), "");
}

}  // namespace
}  // namespace gbreak
