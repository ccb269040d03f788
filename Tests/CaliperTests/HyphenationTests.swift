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
    #expect(
      try HyphenationDictionary.forLocale("fr_CA.UTF-8@x=y").path.hasSuffix("/hyph_fr_CA.dic"))
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

  static func prepare(_ text: String, locale: String = "en", hyphenation: Hyphenation = .auto)
    throws -> PreparedText
  {
    try TestFonts.library.get().prepare(
      text, style: TextStyle(size: 16, locale: locale, hyphenation: hyphenation))
  }

  /// Every line as Pango breaks the paragraph with U+00AD at libhyphen's points: the same
  /// starts, the same hyphens shown, the same widths.
  @Test func linesAgreeWithPangoGivenThePointsAsSoftHyphens() throws {
    let fixture = try Self.fixture.get()
    var compared = 0
    var hyphenated = 0
    for paragraph in fixture.paragraphs {
      let text = try Self.prepare(paragraph.text, locale: paragraph.locale)
      for result in paragraph.results where !result.emergency {
        let lines = text.measure(ProposedViewSize(width: result.width, height: nil)).lines
        let context = "\(paragraph.locale) at \(result.width): \(lines.map(\.text))"
        #expect(lines.map(\.range.lowerBound) == result.lines.map(\.start), "\(context)")
        #expect(lines.map(\.endsWithHyphen) == result.lines.map(\.hyphen), "\(context)")
        for (line, pango) in zip(lines, result.lines) {
          // Pango rounds each glyph's advance to 1/1024 pt: up to 0.0005 pt a glyph.
          let tolerance = 0.0005 * Double(line.range.count) + 0.001
          #expect(
            abs(line.width - pango.width) < tolerance, "\(context): \(line.text) \(pango.width)")
        }
        compared += 1
        hyphenated += lines.count { $0.endsWithHyphen }
      }
    }
    #expect(compared >= 40)
    #expect(hyphenated >= 40)
  }

  /// A line broken at a point shows U+2010 after its syllable, and the hyphen counts.
  /// "hyphenation" is hy-phen-ation (libhyphen, hyph_en_US.dic); in Noto Sans at 16 pt
  /// (hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf "hyphen‐"): h 618 y 510 p 615
  /// h 618 e 564 n 618, ‐ 322 = 3865 units = 61.84 pt.
  @Test func aHyphenatedLineShowsAndCountsItsHyphen() throws {
    let text = try Self.prepare("hyphenation")
    let result = text.measure(ProposedViewSize(width: 70, height: nil))
    #expect(result.lines.map(\.text) == ["hyphen\u{2010}", "ation"])
    #expect(result.lines.map(\.range) == [0..<6, 6..<11])
    #expect(result.lines[0].endsWithHyphen && !result.lines[1].endsWithHyphen)
    #expect(abs(result.lines[0].width - 3865.0 * 16 / 1000) < 1e-9)
    // Without hyphenation the word is emergency-broken with no hyphen.
    let plain = try Self.prepare("hyphenation", hyphenation: .none)
    let broken = plain.measure(ProposedViewSize(width: 70, height: nil)).lines
    #expect(broken.first?.endsInEmergencyBreak == true && broken.first?.endsWithHyphen == false)
    // minWidth is the widest syllable with its hyphen (CSS min-content under hyphens: auto):
    // "phen‐" 615 + 618 + 564 + 618 + 322 = 2737 units = 43.792 pt, wider than "hy‐" (618
    // + 510 + 322) and "ation" (561 + 361 + 258 + 605 + 618).
    #expect(abs(text.minWidth - 2737.0 * 16 / 1000) < 1e-9)
  }

  /// TextKit's hyphenationFactor: hyphenate only where the line, broken without
  /// hyphenation, would be filled less than the factor. "a hyphenation" at 100 pt (Noto
  /// Sans, hb-shape units): "a hyphen‐" is 561 + 260 + 3865 = 4686 units = 74.976 pt and
  /// fits; "hyphenation" (5946 units, 95.136 pt) fits alone; "a" (561 units, 8.976 pt; the
  /// trailing space does not count) fills 0.08976 of the line.
  @Test(arguments: [(0.05, false), (0.08, false), (0.09, true), (0.5, true), (1.0, true)])
  func factorDecidesWhetherToHyphenate(factor: Double, hyphenates: Bool) throws {
    let text = try Self.prepare("a hyphenation", hyphenation: Hyphenation(factor: factor))
    let lines = text.measure(ProposedViewSize(width: 100, height: nil)).lines
    #expect(
      lines.map(\.text) == (hyphenates ? ["a hyphen\u{2010}", "ation"] : ["a ", "hyphenation"]))
  }

  @Test func aMissingDictionaryFailsPreparing() throws {
    #expect(throws: CaliperError.self) { try Self.prepare("hyphenation", locale: "xx") }
    // Without hyphenation the locale needs no dictionary.
    _ = try Self.prepare("hyphenation", locale: "xx", hyphenation: .none)
  }

  @Test(arguments: [-0.1, 1.5, Double.nan])
  func aFactorOutsideZeroToOneIsRefused(factor: Double) throws {
    #expect(throws: CaliperError.self) {
      try Self.prepare("hyphenation", hyphenation: Hyphenation(factor: factor))
    }
  }
}
