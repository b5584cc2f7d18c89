#include "report/fingerprint.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace gbreak {
namespace {

using ::testing::ElementsAre;

// The expected values are github/codeql-action's own (src/fingerprints.test.ts), so our hashes are
// the ones its upload step would compute for the same files.
TEST(FingerprintTest, EmptyFileHasOneLine) {
  EXPECT_THAT(LineHashes(""), ElementsAre("c129715d7a2bc9a3:1"));
}

TEST(FingerprintTest, SpacesAndTabsAreSkipped) {
  EXPECT_THAT(LineHashes(" a\nb\n  \t\tc\n d"),
              ElementsAre("271789c17abda88f:1", "54703d4cd895b18:1", "180aee12dab6264:1",
                          "a23a3dc5e078b07b:1"));
}

TEST(FingerprintTest, NoTrailingNewline) {
  EXPECT_THAT(LineHashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End"),
              ElementsAre("8b7cf3e952e7aeb2:1", "b1ae1287ec4718d9:1", "bff680108adb0fcc:1",
                          "c6805c5e1288b612:1", "b86d3392aea1be30:1", "e6ceba753e1a442:1"));
}

TEST(FingerprintTest, LineEndingsAreNormalized) {
  const auto expected = ElementsAre("e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1",
                                    "ce8ba1a563dcdaca:1", "e20e36e16fcb0cc8:1",
                                    "b3edc88f2938467e:1", "c8e28b0b4002a3a0:1",
                                    "c129715d7a2bc9a3:1");
  EXPECT_THAT(LineHashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n"), expected);
  EXPECT_THAT(LineHashes(" hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r"), expected);
  EXPECT_THAT(LineHashes(" hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n"),
              expected);
  EXPECT_THAT(LineHashes(" hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n"), expected);
}

TEST(FingerprintTest, RepeatedLinesAreCounted) {
  std::string text;
  for (int i = 0; i < 10; ++i) text += "Lorem ipsum dolor sit amet.\n";
  EXPECT_THAT(LineHashes(text),
              ElementsAre("a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3",
                          "a7f2ff13bc495cf2:4", "a7f2ff13bc495cf2:5", "a7f2ff13bc495cf2:6",
                          "a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1", "55ec222b86bcae53:1",
                          "cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"));
}

TEST(FingerprintTest, Utf8IsHashedAsUtf16CodeUnits) {
  // U+00E9 is one UTF-16 unit, U+1F600 two (a surrogate pair), as JavaScript strings count them.
  EXPECT_EQ(Utf8ToUtf16("\xC3\xA9"), std::u16string(u"\u00E9"));
  EXPECT_EQ(Utf8ToUtf16("\xF0\x9F\x98\x80"), std::u16string(u"\U0001F600"));
  EXPECT_EQ(LineHashes("\xC3\xA9\n").size(), 2u);
}

TEST(FingerprintTest, InvalidUtf8BecomesReplacementCharacters) {
  EXPECT_EQ(Utf8ToUtf16("a\xFF" "b"), std::u16string(u"a\uFFFDb"));
  // A truncated sequence is one replacement; the byte after it starts afresh.
  EXPECT_EQ(Utf8ToUtf16("\xE2\x82" "a"), std::u16string(u"\uFFFDa"));
  EXPECT_EQ(Utf8ToUtf16("\xC3"), std::u16string(u"\uFFFD"));
}

}  // namespace
}  // namespace gbreak
