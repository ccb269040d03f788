import CaliperTestSupport
import Testing

@testable import Caliper

/// A locale is bounded in length and must be a BCP 47 tag with an optional POSIX codeset
/// and optional ICU keywords
/// (`LocaleTag`): anything else is refused by `prepare` with one line, before HarfBuzz keeps
/// it for the life of the process.
@Suite struct LocaleTagTests {
  func problem(_ locale: String) throws -> String? {
    do {
      _ = try TestFonts.library.get().prepare("x", style: TextStyle(size: 16, locale: locale))
      return nil
    } catch .invalidStyle(let message) {
      return message
    }
  }

  /// Tags in use: CLDR's, ICU's with keywords and underscores, private use, POSIX modifiers.
  @Test(arguments: [
    "en", "ja@lb=strict", "de_CH", "en-US", "zh-Hant-TW", "sr-Latn", "ca-ES-valencia",
    "en-US-u-lb-strict", "und", "en-x-7", "xx", "sr@latin",
    "de-DE@collation=phonebook;calendar=islamic-civil",
    // POSIX locales as $LANG holds them (AutomaticHyphenation.md names the last).
    "en_US.UTF-8", "de_DE.utf8", "fr_CA.UTF-8@x",
  ])
  func wellFormedTagsAreTaken(_ locale: String) throws {
    #expect(try problem(locale) == nil)
  }

  @Test(arguments: [
    "", "en US", "en\nUS", "-en", "en-", "en--US", "1en", "abcdefghi", "en-abcdefghi", "en@",
    "en@lb=", "en@=strict", "ja@lb=strict;", "ja@lb=st rict", "ja@@lb=strict", "en\u{0}",
    "fr-ç", "../../etc", "en.", ".UTF-8", "en.UTF 8", "en.UTF-8.x", "en_US.@x",
  ])
  func malformedTagsAreRefused(_ locale: String) throws {
    let message = try #require(try problem(locale))
    #expect(message.hasPrefix("locale \(locale.debugDescription) is not a BCP 47 language tag"))
    #expect(!message.contains("\n"))
  }

  /// 128 bytes is the limit: a well-formed tag of 128 bytes is taken, one of 129 and a
  /// megabyte are refused by their length.
  @Test func lengthIsBounded() throws {
    // "en" and 14 subtags of "-abcdefgh" (9 bytes each): 2 + 126 = 128 bytes.
    let longest = "en" + String(repeating: "-abcdefgh", count: 14)
    #expect(longest.utf8.count == 128)
    #expect(try problem(longest) == nil)
    #expect(
      try problem(longest + "i") == "locale of 129 bytes is longer than the limit of 128")
    let huge = String(repeating: "a", count: 1 << 20)
    #expect(
      try problem(huge) == "locale of 1048576 bytes is longer than the limit of 128")
  }
}
