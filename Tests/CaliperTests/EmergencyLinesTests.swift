import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// The emergency lines of the table's loop (`LineBreaker+EmergencyLines`: a word wider than
/// the line cut at grapheme boundaries inside the loop, then the line its rest opens)
/// against the general scan (`searchesPlainLines` off), whose lines `PangoAgreementTests`
/// checks against Pango: the same size, bit for bit, and the same range of widths, at the
/// narrow widths where words are cut, over the corpus, long URLs, and hostile words —
/// combining marks, emoji ZWJ sequences, zero-width clusters, kerned pairs and ligatures
/// at the cuts (unsafe to break: reshaped), whitespace inside a segment, a line opening
/// on whitespace — in one face and in several (each line's metrics from its faces). An
/// equivalence test: the scan is the expected value.
@Suite struct EmergencyLinesTests {
  /// The same widths on every run.
  typealias Random = ShortestDecimalTests.SeededGenerator

  /// Words that are cut, each in a paragraph of a few.
  static let hostile: [String] = [
    "see https://example.com/a/very/long/path/with-many_segments?query=1&x=y#fragment here",
    "AVAVAVAVAWAWAWATaTaTaYoYoYoVAVAVAffiffiffioffice AVATAR TaTaTa",
    "e\u{301}\u{323}a\u{308}\u{304}o\u{302}\u{303}u\u{30A}\u{327}i\u{301}\u{301}\u{301}n\u{303}x",
    "👩‍👩‍👧‍👦👨‍💻🏳️‍🌈👩‍👩‍👧‍👦👨‍💻🏳️‍🌈👩‍👩‍👧‍👦 family",
    "abc\u{0}\u{0}\u{0}defghijklmnop\u{0}\u{0}qrstuvwxyz\u{0}",
    "((( (( supercalifragilisticexpialidocious )))",
    "   supercalifragilisticexpialidocious and more",
    "a\u{200D}b\u{200D}c\u{200D}d\u{200D}e\u{200D}f\u{200D}g\u{200D}h\u{200D}i\u{200D}j",
    "x\u{AD}y\u{AD}z wordwithasofthyphen\u{AD}",
    "W",
    "Wide",
  ]

  /// The texts: hostile words, every sixth corpus paragraph (short ones are cut at the
  /// narrow widths), the first URLs and the first fallback-heavy lines.
  static let texts: [String] = {
    func lines(_ name: String, _ count: Int) -> [String] {
      let path = TestFonts.root + "/Benchmarks/Corpus/" + name
      let contents = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      return contents.split(separator: "\n").prefix(count).map(String.init)
    }
    return hostile + TestFonts.paragraphs.enumerated().filter { $0.offset % 6 == 0 }.map(\.element)
      + lines("urls-unbreakable.txt", 12) + lines("fallback-heavy.txt", 12)
  }()

  static let styles: [(name: String, style: TextStyle)] = [
    ("default", TextStyle()),
    ("9 pt", TextStyle(size: 9)),
    ("CSS, overflow-wrap anywhere", TextStyle(breakRules: .css, overflowWrap: .anywhere)),
    ("CSS, overflow-wrap break-word", TextStyle(breakRules: .css, overflowWrap: .breakWord)),
    ("vertical", ClusterPiecesTests.style(vertical: true, rules: .unicode)),
  ]

  /// The widest segment's content width: past it no word is cut.
  static func widestWord(_ text: PreparedText) -> Double {
    text.segments.map { text.advanceSum($0.start..<$0.contentEnd) }.max() ?? 0
  }

  /// Widths at which words are cut: random ones up to a little past the widest word, small
  /// ones, and the scan's range edges at some of them (where a `fits` test flips) and just
  /// inside them.
  static func widths(_ text: PreparedText, _ random: inout Random) -> [Double] {
    let widest = widestWord(text)
    var widths: [Double] = [0, 0.5, 3]
    for _ in 0..<14 { widths.append(Double.random(in: 0...(widest * 1.1), using: &random)) }
    return widths + PlainLineIndexTests.rangeEdges(text, at: widths.suffix(6))
  }

  /// Expects the size and range of widths at `width` through the table's loop to be the
  /// general scan's, bit for bit; returns how many of the scan's lines are emergency ones,
  /// and how many of those have an edge where breaking is unsafe (measured reshaped).
  static func expectScansSize(
    _ text: PreparedText, table: UnsafeMutablePointer<PlainLineIndex>, width: Double,
    _ note: @autoclosure () -> String
  ) -> (cut: Int, unsafe: Int) {
    var scan = LineBreaker(limit: width)
    scan.searchesPlainLines = false
    let lines = scan.breakLines(text.widths)
    let expected = LineFit(lines)
    var sized = LineBreaker(limit: width)
    sized.plainIndex = UnsafePointer(table)
    var fit = LineFit()
    #if DEBUG
      let looped = text.breakCache.indexedScans.load(ordering: .relaxed)
    #endif
    sized.breakLines(LineWidths(untabbed: text), intoSize: &fit)
    // The table's loop gave the size, not the general scan it falls back to (counted in
    // debug builds only: `Scripts/sanitize` builds the tests optimized).
    #if DEBUG
      #expect(text.breakCache.indexedScans.load(ordering: .relaxed) == looped + 1, "\(note())")
    #endif
    let same =
      fit.count == expected.count && fit.widest.bitPattern == expected.widest.bitPattern
      && fit.height.bitPattern == expected.height.bitPattern
      && fit.firstAscent.bitPattern == expected.firstAscent.bitPattern
      && fit.lastBelowBaseline.bitPattern == expected.lastBelowBaseline.bitPattern
    #expect(same, "width \(width): \(fit) against \(expected): \(note())")
    let limits = sized.validLimits
    let scanned = scan.validLimits
    #expect(
      limits.lowerBound.bitPattern == scanned.lowerBound.bitPattern
        && limits.upperBound.bitPattern == scanned.upperBound.bitPattern,
      "width \(width): \(limits) against \(scanned): \(note())")
    let widths = text.widths
    let cut = lines.filter(\.emergency)
    let unsafe = cut.filter {
      widths.isUnsafeStart($0.start)
        || ($0.end < text.unsafeBefore.count && text.unsafeBefore[$0.end])
    }
    return (cut.count, unsafe.count)
  }

  @Test(arguments: 0..<styles.count)
  func emergencyLinesAreTheScans(_ styleIndex: Int) throws {
    let (name, style) = Self.styles[styleIndex]
    let library = try TestFonts.library.get()
    var random = Random(state: UInt64(900 + styleIndex))
    var indexed = 0
    var cutBreakings = 0
    var emergencyLines = 0
    var unsafeEdges = 0
    var severalFaces = 0
    for paragraph in Self.texts {
      let text = try library.prepare(paragraph, style: style)
      let facts = text.storage.breakFacts
      // The texts the table's loop takes (`breakLines(_:intoSize:)`).
      guard !facts.contains(.indents),
        facts.contains([.plainLines, .sameLineMetrics]) || facts.contains(.plainFaces),
        let table = PlainLineIndexTests.table(text)
      else { continue }
      defer { PlainLineIndex.destroy(table) }
      indexed += 1
      for width in Self.widths(text, &random) {
        let cut = Self.expectScansSize(
          text, table: table, width: width, "\(name): \(paragraph.prefix(40))")
        if cut.cut > 0 { cutBreakings += 1 }
        if cut.cut > 0, facts.contains(.plainFaces) { severalFaces += 1 }
        emergencyLines += cut.cut
        unsafeEdges += cut.unsafe
      }
    }
    // Not vacuous: the texts take the table's loop, many breakings cut words, many cuts
    // are at edges unsafe to break, and texts of several faces are cut.
    #expect(indexed * 2 > Self.texts.count, "\(name)")
    #expect(cutBreakings > 150, "\(name)")
    #expect(emergencyLines > 1000, "\(name)")
    #expect(unsafeEdges > 100, "\(name)")
    #expect(severalFaces > 20, "\(name)")
  }
}
