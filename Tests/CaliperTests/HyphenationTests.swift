import Caliper
import CaliperTestSupport
import Testing

/// Automatic hyphenation (`TextStyle.hyphenation`): libhyphen's points, and lines that break
/// at them as Pango breaks at the same points given as soft hyphens.
///
/// Expected values: Tests/CaliperTests/Fixtures/hyphenation.json, written by
/// `Scripts/hyphenation-reference`: libhyphen 2.8.8's own `hnj_hyphen_hyphenate3` (through
/// Python's ctypes, minimums 2/2, Debian's hyphen-en-us, -de, -fr and -nl dictionaries) for
/// word lists, and Pango 1.50's lines for paragraphs with U+00AD inserted at those points.
@Suite struct HyphenationTests {
  struct Fixture: Decodable {
    struct Word: Decodable {
      let word: String
      let points: [Int]
    }
    struct Paragraph: Decodable {
      let locale: String
      let text: String
      let results: [Result]
    }
    struct Result: Decodable {
      let width: Double
      let emergency: Bool
      let lines: [PangoLine]
    }
    struct PangoLine: Decodable {
      let start: Int
      let hyphen: Bool
      let width: Double
    }
    let words: [String: [Word]]
    let paragraphs: [Paragraph]
  }

  static let fixture = Result { try PangoFixtures.load("hyphenation.json", as: Fixture.self) }

  @Test(arguments: ["en", "de", "fr", "nl"])
  func pointsAreLibhyphens(locale: String) throws {
    let fixture = try Self.fixture.get()
    let dictionary = try HyphenationDictionary.forLocale(locale)
    let words = try #require(fixture.words[locale])
    #expect(words.count >= 10)
    #expect(words.contains { !$0.points.isEmpty })
    for word in words {
      #expect(dictionary.points(in: Array(word.word.unicodeScalars)) == word.points, "\(word.word)")
    }
  }

  @Test func dictionaryIsChosenByLocale() throws {
    // Debian's hyphen-de links hyph_de_CH.dic to hyph_de_DE.dic; "de-CH-1996" drops its
    // variant, "fr_CA.UTF-8@x" its encoding and keywords, "en" finds hyph_en.dic.
    #expect(try HyphenationDictionary.forLocale("de-CH-1996").path.hasSuffix("/hyph_de_CH.dic"))
    #expect(try HyphenationDictionary.forLocale("fr_CA.UTF-8@x=y").path.hasSuffix("/hyph_fr_CA.dic"))
    #expect(try HyphenationDictionary.forLocale("en").path.hasSuffix("/hyph_en.dic"))
    #expect(try HyphenationDictionary.forLocale("nl-NL").path.hasSuffix("/hyph_nl_NL.dic"))
  }

  @Test(arguments: ["xx", "tlh-Latn", "", "../../etc/passwd", "en/../x"])
  func aMissingDictionaryIsAnError(locale: String) {
    #expect {
      _ = try HyphenationDictionary.forLocale(locale)
    } throws: { error in
      guard case .hyphenationDictionary(let name, _)? = error as? CaliperError else { return false }
      return name == locale && "\(error)".contains("no hyphenation dictionary")
    }
  }
}
