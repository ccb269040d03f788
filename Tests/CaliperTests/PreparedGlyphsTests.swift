import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// Drawing reads the glyphs of the pieces whose advances measuring summed.
///
/// Between a line's reshaped edges, its width is a sum of the advances preparing shaped:
/// each word (up to and including its trailing spaces) alone where the face's space takes
/// part in no lookup, else the run whole with the paragraph as context, in pieces cut at
/// safe offsets. HarfBuzz promises that shaping the line's middle anew gives the same
/// glyphs, so what these tests check is the mechanism: the HarfBuzz calls drawing makes
/// (`ShapingLog`, debug builds) are those pieces, never one call over several words with the
/// paragraph as context (what drawing did before); and the glyphs drawn are each word's
/// glyphs as `hb-shape` gives them for that word alone.
@Suite struct PreparedGlyphsTests {
  /// The word pieces of `scalars` as the tests see them: from each non-space after a space
  /// (or the start) up to the next such offset.
  static func words(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var starts = [0]
    for index in scalars.indices.dropFirst()
    where scalars[index - 1].value == 0x20 && scalars[index].value != 0x20 {
      starts.append(index)
    }
    return zip(starts, starts.dropFirst() + [scalars.count]).map { $0..<$1 }
  }

  /// Whether `range` holds a word boundary strictly inside: a call over it shapes two words
  /// as one.
  static func spansWords(_ range: Range<Int>, _ scalars: [Unicode.Scalar]) -> Bool {
    range.dropFirst().contains { scalars[$0 - 1].value == 0x20 && scalars[$0].value != 0x20 }
  }

  #if DEBUG
    /// The HarfBuzz calls `body` makes (the log exists in debug builds only, so the
    /// sanitizers' optimized test builds compile without it).
    static func calls(_ body: () throws -> Void) rethrows -> [ShapingLog.Call] {
      let log = ShapingLog()
      try ShapingLog.$current.withValue(log) { try body() }
      return log.calls
    }
  #endif

  /// Word shaping (the default library, whose shape cache is on): every Gatsby paragraph at
  /// three widths draws each line with one call per word piece on it, each word alone (its
  /// context is itself), as preparing shaped it; a call with the paragraph as context (a
  /// reshaped unsafe edge) never spans two words. Before, each line's middle was one call
  /// over all its words with the paragraph as context.
  @Test func wordsAreDrawnFromTheirOwnShaping() throws {
    #if DEBUG
      let library = try TestFonts.library.get()
      var lines = 0
      var wordCalls = 0
      for paragraph in TestFonts.paragraphs.prefix(40) {
        let text = try library.prepare(paragraph)
        let scalars = text.analysis.scalars
        let words = Set(Self.words(scalars))
        for width in [90.0, 240, 480] {
          for line in text.measure(ProposedViewSize(width: width, height: nil)).lines {
            let calls = Self.calls { _ = text.glyphRuns(in: line) }
            lines += 1
            let shown = Self.words(scalars).filter { word in
              let onLine = word.clamped(to: line.range)
              return !onLine.isEmpty && scalars[onLine].contains { $0.value != 0x20 }
            }
            for call in calls where call.context != 0..<scalars.count {
              #expect(words.contains(call.range), "\(call) in \(line.range)")
              #expect(call.context == call.range, "\(call)")
              wordCalls += 1
            }
            for call in calls where call.context == 0..<scalars.count {
              #expect(!Self.spansWords(call.range, scalars), "\(call) in \(line.range)")
            }
            // Every word with content on the line is drawn from its own shaping.
            for word in shown {
              #expect(calls.contains { $0.range == word }, "\(word) in \(line.range)")
            }
          }
        }
      }
      #expect(lines > 300)
      #expect(wordCalls > 3000)
    #endif
  }

  /// Run shaping (no shape cache): a run longer than `Shaper.longestPiece` is shaped in
  /// pieces cut at safe offsets, and each drawn line reshapes only the pieces preparing
  /// shaped (the same calls, ranges and context), resumed at preparing's cut — not the run
  /// from its start, and not the line's middle as a call of its own.
  @Test func longRunIsDrawnFromPreparedPieces() throws {
    #if DEBUG
      let library = try FontLibrary(
        fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0)
      )
      let paragraph = TestFonts.paragraphs.prefix(30).joined(separator: " ")
      var text: PreparedText?
      let prepared = Set(try Self.calls { text = try library.prepare(paragraph) })
      let prepare = try #require(text)
      let scalars = prepare.analysis.scalars
      #expect(prepare.runs.count == 1)
      #expect(scalars.count > 3 * Shaper.longestPiece)
      #expect(prepare.storage.cutPieces.map(\.range) == [0..<scalars.count])
      #expect(prepare.storage.cutPieces.first?.cuts.count ?? 0 >= 3)
      var drawn = Set<ShapingLog.Call>()
      for line in prepare.measure(ProposedViewSize(width: 300, height: nil)).lines {
        let calls = Self.calls { _ = prepare.glyphRuns(in: line) }
        for call in calls where !prepared.contains(call) {
          // Only a reshaped edge, inside one word.
          #expect(!Self.spansWords(call.range, scalars), "\(call) in \(line.range)")
        }
        // At most two pieces (one cut inside the line), each possibly twice (the trailing
        // whitespace run), and the edges.
        #expect(calls.count <= 6, "\(calls) for \(line.range)")
        drawn.formUnion(calls.filter(prepared.contains))
      }
      // Every piece preparing shaped was drawn from.
      #expect(drawn == prepared)
    #endif
  }

  /// A word longer than `Shaper.longestPiece` (10,000 scalars without a space, shaped alone
  /// in pieces): each line drawn inside it shapes at most the one or two pieces it falls in
  /// (each at most `longestPiece` scalars), resumed at preparing's cut, and its reshaped
  /// edges — never the word from its start. Its pieces are the calls preparing made.
  @Test func longWordIsDrawnFromItsPiecesOnly() throws {
    #if DEBUG
      let library = try FontLibrary(
        fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
      // Every piece through HarfBuzz, so that each is a logged call: the pair path
      // (`PairTable`) shapes " end" without one.
      library.shapes.setPairs(false)
      let word = String(repeating: "office", count: 1700) + " end"
      var text: PreparedText?
      let prepared = Set(try Self.calls { text = try library.prepare(word) })
      let prepare = try #require(text)
      let count = prepare.analysis.scalars.count
      #expect(prepare.storage.cutPieces.map(\.range) == [0..<count - 3])
      var lines = 0
      var drawn = Set<ShapingLog.Call>()
      for line in prepare.measure(ProposedViewSize(width: 300, height: nil)).lines {
        let calls = Self.calls { _ = prepare.glyphRuns(in: line) }
        let shaped = calls.reduce(0) { $0 + $1.range.count }
        #expect(shaped <= 2 * Shaper.longestPiece + 2 * LineWidths.longestReshape, "\(calls)")
        for call in calls where !prepared.contains(call) {
          #expect(call.context == 0..<count && call.range.count <= LineWidths.longestReshape)
        }
        drawn.formUnion(calls.filter(prepared.contains))
        lines += 1
      }
      #expect(lines > 100)
      #expect(drawn == prepared)
    #endif
  }

  /// The glyphs drawn for "office AVAWAY. Wafer fjord" in Noto Sans at 16 pt, over two
  /// lines, are each word's own: ids, and x and advances in points, from `hb-shape` of
  /// each word with its trailing space (HarfBuzz 6.0.0, units per em 1000):
  /// `hb-shape --font-size=1000 --no-glyph-names Fonts/NotoSans-Regular.ttf 'office '` →
  /// [82=0+605|1969=1+946|70=4+480|72=5+564|3=6+260] (the ffi ligature, 1969, one glyph),
  /// 'AVAWAY. ' → [36=0+599|57=1+560|36=2+599|58=3+890|36=4+579|60=5+506|17=6+268|3=7+260]
  /// (kerned: A alone is 639), 'Wafer ' → [58=0+910|68=1+561|73=2+344|72=3+564|85=4+413|
  /// 3=5+260], 'fjord' → [73=0+344|77=1+258|82=2+605|85=3+393|71=4+615].
  @Test func drawnGlyphsAreEachWordsHBShape() throws {
    let words: [[(id: UInt32, advance: Double)]] = [
      [(82, 605), (1969, 946), (70, 480), (72, 564), (3, 260)],
      [(36, 599), (57, 560), (36, 599), (58, 890), (36, 579), (60, 506), (17, 268), (3, 260)],
      [(58, 910), (68, 561), (73, 344), (72, 564), (85, 413), (3, 260)],
      [(73, 344), (77, 258), (82, 605), (85, 393), (71, 615)],
    ]
    let text = try TestFonts.prepare("office AVAWAY. Wafer fjord")
    // Two words a line: "office AVAWAY." is (605+946+480+564+260 + 599+560+599+890+579+506+268)
    // × 16/1000 = 109.696 pt; with " Wafer" it would be 158.528, more than 120.
    let lines = text.measure(ProposedViewSize(width: 120, height: nil)).lines
    #expect(lines.count == 2)
    for (index, line) in lines.enumerated() {
      let glyphs = text.glyphRuns(in: line).sorted { $0.x < $1.x }.flatMap(\.glyphs)
      let expected = Array(words[2 * index..<2 * index + 2].joined())
      #expect(glyphs.map(\.id) == expected.map(\.id))
      var x = 0.0
      for (glyph, want) in zip(glyphs, expected) {
        #expect(abs(glyph.x - x) < 1e-9, "\(glyph) at \(x)")
        #expect(abs(glyph.advance - want.advance * 16 / 1000) < 1e-9, "\(glyph)")
        x += want.advance * 16 / 1000
      }
    }
  }
}
