@_spi(Benchmarks) import Caliper
import Testing

/// The style's locale reaches ICU's line breaker (CLDR's `lb` keyword) and HarfBuzz's
/// language (OpenType `locl` forms).
@Suite struct LocaleTests {
  func prepare(_ text: String, locale: String) throws -> PreparedText {
    try TestFonts.library.get().prepare(text, style: TextStyle(size: 16, locale: locale))
  }

  /// Break segments of "キャッシュ人々" (ka, small ya, small tsu, shi, small yu, a Han
  /// character, the iteration mark), by CSS Text 3's `line-break` rules that ICU's `ja`
  /// tailorings implement: strict forbids a break before small kana (class CJ), so only
  /// キャッ|シュ人々 is cut, before シ and before 人; normal allows a break before each kana
  /// (キ|ャ|ッ|シ|ュ|人々, 6) but not before 々; loose also allows one before the iteration
  /// mark 々 (7).
  @Test(arguments: [("ja@lb=strict", 3), ("ja@lb=normal", 6), ("ja", 6), ("ja@lb=loose", 7)])
  func japaneseLineBreakStrictness(_ locale: String, _ segments: Int) throws {
    #expect(try prepare("キャッシュ人々", locale: locale).segmentCount == segments)
  }

  @Test func strictnessChangesWhereLinesBreak() throws {
    // Droid Sans Fallback draws kana and Han 1 em wide (256 units of 256 per em, checked with
    // hb-shape Fonts/DroidSansFallbackFull.ttf キャッシュ), so at 16 pt each is 16 pt: at a
    // width of 40 pt (2.5 characters) strict must keep キャッ together and overflow to an
    // emergency break, while normal breaks after キャ.
    let proposal = ProposedViewSize(width: 40, height: nil)
    let strict = try prepare("キャッシュ", locale: "ja@lb=strict").measure(proposal)
    let normal = try prepare("キャッシュ", locale: "ja@lb=normal").measure(proposal)
    #expect(normal.lines.map(\.text) == ["キャ", "ッシ", "ュ"])
    #expect(strict.lines.map(\.text) == ["キャ", "ッ", "シュ"])
    #expect(strict.lines.map(\.endsInEmergencyBreak) == [true, false, false])
    #expect(normal.lines.map(\.endsInEmergencyBreak) == [false, false, false])
  }

  /// Noto Sans has a Serbian/Macedonian `locl` form of б (U+0431): hb-shape
  /// --language=sr (or mk) Fonts/NotoSans-Regular.ttf бгдпт gives uni0431.loclSRB 604, and
  /// with en, ru or bg uni0431 599; г 403, д 581, п 624, т 476 in every language. Pango
  /// with a `sr` / `en` language attribute: 43.0078 / 42.9277 (Scripts/pango-style).
  @Test(arguments: [
    ("en", 599), ("ru", 599), ("bg", 599), ("sr", 604), ("mk", 604), ("sr_RS", 604),
    ("sr-Cyrl-RS", 604), ("sr@lb=strict", 604),
  ])
  func harfBuzzLanguageSelectsLocalizedForms(_ locale: String, _ be: Int) throws {
    let width = try prepare("бгдпт", locale: locale).idealSize.width
    #expect(abs(width - Double(be + 403 + 581 + 624 + 476) * 16 / 1000) < 1e-9)
  }

  @Test func localeIsPartOfTheCacheKeys() throws {
    // The default library caches shaped words and prepared texts: each locale must still
    // get its own width, in either order (expected values as above).
    for order in [["en", "sr"], ["sr", "en"]] {
      let library = try FontLibrary(fontsDirectory: TestFonts.directory)
      for _ in 0..<2 {
        for locale in order {
          let style = TextStyle(size: 16, locale: locale)
          let width = try library.prepare("бгдпт бгдпт", style: style).idealSize.width
          let be = locale == "sr" ? 604 : 599
          #expect(abs(width - Double(2 * (be + 403 + 581 + 624 + 476) + 260) * 16 / 1000) < 1e-9)
        }
      }
    }
  }
}
