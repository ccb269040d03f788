import CaliperTestSupport
import Testing

@testable import Caliper

/// Words longer than the shape cache keeps (`ShapeCache.longestWord` scalars: a URL, a
/// hash, an unbroken identifier) are shaped alone at every preparation and never looked
/// up or stored: unique long words would only fill the cache and cost a whole key each.
/// They measure what HarfBuzz gives the whole word, with the cache on and off.
///
/// Expected widths from HarfBuzz 6.0.0 (Debian 12), from the repository root:
///   hb-shape --font-size=1000 --no-glyph-names --no-clusters Fonts/NotoSans-Regular.ttf 'WORD'
/// summing the x advances (Noto Sans has 1000 units per em): width = sum × 16 / 1000.
@Suite struct LongWordShapingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let word: String
    let hbShapeSum: Double
    var testDescription: String { "\(word.unicodeScalars.count) scalars: \(word)" }
  }

  /// The URL corpus's first URL (73 scalars), and a hyphenated identifier one scalar above
  /// and exactly at the limit (its "fi" is a ligature: 48 scalars, 47 glyphs).
  static let url = Case(
    word: "https://example.com/jblaqp1g/cwtg4pjrahr0?id=50926&q=f25yr0qll9lon1gl9wn5",
    hbShapeSum: 37655)
  static let aboveLimit = Case(
    word: "akvfi2l-y0rn-sh0lb-4mcda-2gutswb6u-ffy-8vq-f2t89w", hbShapeSum: 24443)
  static let atLimit = Case(
    word: "akvfi2l-y0rn-sh0lb-4mcda-2gutswb6u-ffy-8vq-f2t89", hbShapeSum: 23657)

  static func libraries() throws -> (cached: FontLibrary, uncached: FontLibrary) {
    (
      try FontLibrary(fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0)),
      try FontLibrary(
        fontsDirectory: TestFonts.directory,
        limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    )
  }

  @Test func theCasesStraddleTheLimit() {
    #expect(Self.url.word.unicodeScalars.count > ShapeCache.longestWord)
    #expect(Self.aboveLimit.word.unicodeScalars.count == ShapeCache.longestWord + 1)
    #expect(Self.atLimit.word.unicodeScalars.count == ShapeCache.longestWord)
  }

  /// A word above the limit, prepared twice with the cache and once without, is as wide as
  /// hb-shape's whole word; the cache neither looked it up nor kept it.
  @Test(arguments: [url, aboveLimit])
  func longWordMeasuresAsHBShapeAndIsNotCached(_ item: Case) throws {
    let (cached, uncached) = try Self.libraries()
    let expected = item.hbShapeSum * 16 / 1000
    for library in [cached, cached, uncached] {
      let text = try library.prepare(item.word)
      #expect(abs(text.idealWidth - expected) < 0.001, "\(text.idealWidth) vs \(expected)")
    }
    let shapes = cached.cacheStatistics.shapes
    #expect(shapes.entries == 0 && shapes.hits == 0 && shapes.misses == 0, "\(shapes)")
  }

  /// A word at the limit is kept: the second preparation is a hit, and as wide as
  /// hb-shape's whole word both times.
  @Test func wordAtTheLimitIsCached() throws {
    let (cached, uncached) = try Self.libraries()
    let expected = Self.atLimit.hbShapeSum * 16 / 1000
    for library in [cached, cached, uncached] {
      let text = try library.prepare(Self.atLimit.word)
      #expect(abs(text.idealWidth - expected) < 0.001, "\(text.idealWidth) vs \(expected)")
    }
    let shapes = cached.cacheStatistics.shapes
    #expect(shapes.entries == 1 && shapes.hits == 1 && shapes.misses == 1, "\(shapes)")
  }

  /// Long words between short ones, in a paragraph broken inside them (240 pt, the URL
  /// class's W2 width, and 60 pt): the cached library's advances, flags and lines are the
  /// uncached one's (which shapes the run whole, in context), and only the short words and
  /// the word at the limit are kept.
  @Test func longWordsInAParagraphEqualRunShaping() throws {
    let (cached, uncached) = try Self.libraries()
    let paragraph = [
      "see", Self.url.word, "and", Self.aboveLimit.word, "or", "see", Self.atLimit.word,
    ].joined(separator: " ")
    try ShapeCacheLookupTests.expectCachedEqualsUncached(
      [paragraph], cached: cached, uncached: uncached)
    // "see " (twice), "and ", "or " and the word at the limit, which ends the text (with a
    // space after it, it would be one scalar too long).
    #expect(cached.cacheStatistics.shapes.entries == 4, "\(cached.cacheStatistics.shapes)")
    let word = try cached.prepare(paragraph)
    let run = try uncached.prepare(paragraph)
    for width in [240.0, 60] {
      let proposal = ProposedViewSize(width: width, height: nil)
      #expect(word.measure(proposal).size == run.measure(proposal).size)
      let (wordLines, runLines) = (word.measure(proposal).lines, run.measure(proposal).lines)
      #expect(wordLines.count > 1)
      #expect(wordLines.map(\.range) == runLines.map(\.range))
      #expect(wordLines.map(\.width) == runLines.map(\.width))
    }
  }
}
