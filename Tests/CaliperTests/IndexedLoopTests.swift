import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// The table's loop (`LineBreaker.breakLines(_:intoSize:)` over a `PlainLineIndex`) against
/// the general scan (`searchesPlainLines` off, whose lines `PangoAgreementTests` checks
/// against Pango), to the bit: the size's five numbers and the range of widths with the
/// same lines. On the benchmark corpus's classes and on hostile texts (segments of no
/// width, so equal positions; one segment; spaces alone; words that may not be broken), at
/// random widths, at the widths where a line's test flips (a segment's end less a line's
/// start, less the tolerance, and the numbers either side) and at hostile ones. An
/// equivalence test: the scan is the expected value.
@Suite struct IndexedLoopTests {
  typealias Widths = ShortestDecimalTests.SeededGenerator

  /// Expects the loop's size and range at `width` to be the scan's, bit for bit; returns
  /// whether the loop gave the size (rather than the general scan it falls back to).
  @discardableResult
  static func expectScans(
    _ text: PreparedText, table: UnsafeMutablePointer<PlainLineIndex>, width: Double,
    _ note: @autoclosure () -> String
  ) -> Bool {
    var scan = LineBreaker(limit: width)
    scan.searchesPlainLines = false
    var expected = LineFit()
    scan.breakLines(text.widths, into: &expected)
    var sized = LineBreaker(limit: width)
    sized.plainIndex = UnsafePointer(table)
    var found = LineFit()
    #if DEBUG
      let looped = text.breakCache.indexedScans.load(ordering: .relaxed)
    #endif
    sized.breakLines(LineWidths(untabbed: text), intoSize: &found)
    let numbers = { (fit: LineFit) in
      [fit.widest, fit.height, fit.firstAscent, fit.lastBelowBaseline].map(\.bitPattern)
    }
    let same =
      found.count == expected.count && numbers(found) == numbers(expected)
      && sized.lowest.bitPattern == scan.lowest.bitPattern
      && sized.highest.bitPattern == scan.highest.bitPattern
    #expect(
      same,
      "width \(width) (\(width.bitPattern)): \(found) \(sized.validLimits), scan \(expected) \(scan.validLimits): \(note())"
    )
    // Counted in debug builds only (`Scripts/sanitize` builds the tests optimized, where
    // the answers are still compared but which path gave them is not known).
    #if DEBUG
      return text.breakCache.indexedScans.load(ordering: .relaxed) == looped + 1
    #else
      return true
    #endif
  }

  /// Where a line's test flips: for lines from a few segments' starts, each later segment's
  /// end less the start, that less the tolerance (the threshold `fits` compares with), the
  /// numbers either side of it, and the width plus the tolerance.
  static func edges(_ text: PreparedText, _ random: inout Widths) -> [Double] {
    let segments = text.segments
    let prefix = text.prefix
    var widths: [Double] = []
    for _ in 0..<3 {
      let first = Int.random(in: 0..<segments.count, using: &random)
      for last in first..<min(segments.count, first + 12) {
        let width = prefix[segments[last].contentEnd] - prefix[segments[first].start]
        let threshold = width - LineBreaker.tolerance
        widths += [width, threshold, threshold.nextUp, threshold.nextDown]
        widths.append(width + LineBreaker.tolerance)
      }
    }
    return widths
  }

  /// Random widths up to a little past the ideal width, the edges, and hostile ones.
  static func widths(_ text: PreparedText, _ random: inout Widths) -> [Double] {
    var widths: [Double] = [
      0, -0.0, -1, .leastNonzeroMagnitude, .nan, .infinity, -.infinity,
      .greatestFiniteMagnitude, LineBreaker.tolerance, -LineBreaker.tolerance,
    ]
    for _ in 0..<16 {
      widths.append(Double.random(in: 0...(text.idealWidth * 1.05), using: &random))
    }
    return widths + edges(text, &random)
  }

  /// Breaks `text` at its widths through its table (where it gets one); returns whether
  /// the loop gave every size (the loop counted each, `LineBreakCache.indexedScans`).
  @discardableResult
  static func compare(_ text: PreparedText, _ random: inout Widths, _ note: String) -> Bool {
    guard let table = text.makePlainLineIndex() else { return false }
    defer { PlainLineIndex.destroy(table) }
    var looped = true
    for width in widths(text, &random) {
      looped = expectScans(text, table: table, width: width, note) && looped
    }
    return looped
  }

  /// The benchmark corpus's classes, in the styles the benchmarks use (vertical Japanese
  /// in columns): every class's paragraphs sampled.
  @Test(arguments: [
    "gatsby-opening.txt", "synthetic-mixed.txt", "urls-unbreakable.txt", "fallback-heavy.txt",
    "vertical-japanese.txt",
  ])
  func corpusClassesGiveTheScansSize(_ file: String) throws {
    let corpus = try String(
      contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/" + file, encoding: .utf8)
    let paragraphs = corpus.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    let vertical = file.hasPrefix("vertical")
    let style =
      vertical ? ClusterPiecesTests.style(vertical: true, rules: .unicode) : TextStyle()
    let library = try TestFonts.library.get()
    var random = Widths(state: UInt64(file.utf8.count))
    let step = max(1, paragraphs.count / 40)
    var looped = 0
    var texts = 0
    for (number, paragraph) in paragraphs.enumerated() where number % step == 0 {
      let text = try library.prepare(paragraph, style: style)
      if Self.compare(text, &random, "\(file) \(number)") { looped += 1 }
      texts += 1
    }
    // Not vacuous: most of each class takes the loop.
    #expect(looped * 2 > texts, "\(looped) of \(texts)")
  }

  /// Hostile texts: one segment, segments of no width (equal positions), spaces alone,
  /// alike segments by the thousand, a wide word among narrow ones; in the default style,
  /// with words that may not be broken (CSS `overflow-wrap: normal`) and at 23 pt.
  static let hostile: [String] = [
    "a", "W", "\u{200B}", "   ", "a b", "Supercalifragilisticexpialidocious",
    String(repeating: "\u{200B}", count: 40),
    String(repeating: "a\u{200B}", count: 30) + " b c",
    "\u{200B} \u{200B} \u{200B} x \u{200B} y",
    "     leading spaces then words",
    String(repeating: "x ", count: 400),
    String(repeating: "i ", count: 50) + "Pneumonoultramicroscopicsilicovolcanoconiosis "
      + String(repeating: "i ", count: 50),
    String(repeating: "W", count: 300) + String(repeating: " i", count: 200),
    "e\u{301} e\u{301}e\u{301} e\u{301}e\u{301}e\u{301}",
    "a \u{FE0F} \u{FE0F} \u{FE0F} b \u{034F} \u{034F} c",
    "x " + String(repeating: "\u{FE0F} ", count: 30) + "y",
  ]

  @Test(arguments: 0..<3)
  func hostileTextsGiveTheScansSize(_ styleIndex: Int) throws {
    let styles = [
      TextStyle(), TextStyle(breakRules: .css, overflowWrap: .normal), TextStyle(size: 23),
    ]
    let library = try TestFonts.library.get()
    var random = Widths(state: UInt64(200 + styleIndex))
    var looped = 0
    for (number, paragraph) in Self.hostile.enumerated() {
      let text = try library.prepare(paragraph, style: styles[styleIndex])
      if Self.compare(text, &random, "hostile \(number)") { looped += 1 }
    }
    #expect(looped * 4 > Self.hostile.count * 3, "\(looped) of \(Self.hostile.count)")
  }

  /// Not vacuous: the hostile texts have segments of no width (a default-ignorable
  /// variation selector, HarfBuzz's zero advance, and its trailing space), whose content's
  /// start and end are one position, and texts of one segment.
  @Test func hostileTextsHaveSegmentsOfNoWidth() throws {
    let library = try TestFonts.library.get()
    var empty = 0
    var single = 0
    for paragraph in Self.hostile {
      let text = try library.prepare(paragraph)
      guard let table = text.makePlainLineIndex() else { continue }
      defer { PlainLineIndex.destroy(table) }
      let count = text.segments.count
      let ends = table.pointee.endPositions
      let starts = table.pointee.startPositions
      empty += (0..<count).count { ends[$0] == starts[$0] }
      if count == 1 { single += 1 }
    }
    #expect(empty >= 30)
    #expect(single >= 4)
  }
}
