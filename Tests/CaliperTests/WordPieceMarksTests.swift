import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// A word piece (`RunPieces.words`, `.wordsAlone`) starts after spaces only where a
/// grapheme starts: a combining mark after a space is in the space's grapheme, and HarfBuzz
/// puts it in the space's cluster, so a piece cut between the two shapes the mark apart
/// from the cluster it is in when the run is shaped whole. The expected values are the
/// run's shaped whole with the paragraph as context (a library with no shape cache, which
/// `ClusterPiecesTests` compares with the cached pieces for the corpora), as HarfBuzz gives
/// them: `hb-shape Fonts/DroidSansFallbackFull.ttf --unicodes=U+FF21,U+0020,U+3099,U+FF22`
/// gives `[gid28355=0+256|gid2=1+67|gid200=1+256|gid28356=3+256]` (256 units an em): the
/// mark's glyph, 256 units wide, in cluster 1 with the space, nothing in cluster 2.
@Suite struct WordPieceMarksTests {
  static let texts = [
    // Fullwidth Latin in Droid Sans Fallback (a face that joins no clusters: by word).
    "\u{FF21} \u{3099}\u{FF22}",
    // Latin in Noto Sans (a space in no lookup the text wakes: by word).
    "a \u{0301}b", "word \u{0301}\u{0302}next more",
    // Kana between Latin words: the Latin run's words are shaped alone.
    "\u{30A2} \u{0301}\u{30A4}",
  ]

  @Test(arguments: [BreakRules.unicode, .css])
  func aMarkAfterASpaceStaysInItsPiece(rules: BreakRules) throws {
    let pieces = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let whole = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    var style = TextStyle(size: 16, locale: "ja")
    style.breakRules = rules
    for text in Self.texts {
      let byWord = try pieces.prepare(text, style: style)
      let byRun = try whole.prepare(text, style: style)
      // Not vacuous: the text has a run cut into words.
      #expect(
        byWord.runs.contains {
          [.words, .wordsAlone].contains(ClusterPiecesTests.pieces(of: $0, in: byWord))
        }, "\(text)")
      #expect(byWord.storage.prefix == byRun.storage.prefix, "\(text)")
      #expect(byWord.storage.clusterStart == byRun.storage.clusterStart, "\(text)")
      for width in [10.0, 30, 1000] {
        let proposal = ProposedViewSize(width: width, height: nil)
        let first = byWord.measure(proposal)
        let second = byRun.measure(proposal)
        #expect(first.size == second.size, "\(text) at \(width)")
        #expect(first.lines.map(\.range) == second.lines.map(\.range), "\(text) at \(width)")
        for (one, other) in zip(first.lines, second.lines) {
          #expect(
            byWord.glyphRuns(in: one).flatMap(\.glyphs)
              == byRun.glyphRuns(in: other).flatMap(\.glyphs), "\(text) \(one.range)")
        }
      }
    }
  }

  /// hb-shape's advances for the Droid Sans Fallback case (the suite's comment), at 16 pt
  /// with 256 units an em: the space's cluster holds the space and the mark (67 + 256
  /// units), the mark's own offset none.
  @Test func droidMarkAdvanceIsInTheSpacesCluster() throws {
    let library = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let style = TextStyle(size: 16, fonts: [.family("Droid Sans Fallback")], locale: "ja")
    let text = try library.prepare("\u{FF21} \u{3099}\u{FF22}", style: style)
    #expect(try #require(text.cascadeFonts[0]).unitsPerEm == 256)
    let points = { (units: Double) in units * 16 / 256 }
    #expect(
      text.storage.prefix == [0, points(256), points(256 + 67 + 256), points(579), points(835)])
  }
}
