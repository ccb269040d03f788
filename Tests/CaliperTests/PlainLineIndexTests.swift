import Testing

@testable import Caliper

/// The table of line ends (`PlainLineIndex`) and the loop over it (`LineBreaker+Indexed`)
/// against the general scan (`searchesPlainLines` off, whose lines `PangoAgreementTests`
/// checks against Pango): the same lines, size and range of widths at random widths over
/// the test corpus, in styles that keep texts plain and in styles that do not (negative
/// word spacing makes advances fall; indents and line heights take the other paths). An
/// equivalence test: the scan is the expected value.
@Suite struct PlainLineIndexTests {
  /// The same widths on every run.
  typealias Widths = ShortestDecimalTests.SeededGenerator

  static let styles: [(name: String, style: TextStyle, step: Int)] = [
    ("default", TextStyle(), 2),
    ("9 pt", TextStyle(size: 9), 7),
    ("negative word spacing", TextStyle(wordSpacing: -2), 7),
    ("indents", TextStyle(paragraph: ParagraphStyle(firstLineHeadIndent: 12, headIndent: 5)), 13),
    ("line heights", TextStyle(paragraph: ParagraphStyle(lineHeightMultiple: 1.3)), 13),
    ("CSS, overflow-wrap normal", TextStyle(breakRules: .css, overflowWrap: .normal), 13),
  ]

  /// Random widths up to a little past the ideal width, and the scan's range edges at
  /// some of them (where a `fits` test flips) and just inside them.
  static func widths(_ text: PreparedText, _ random: inout Widths) -> [Double] {
    var widths: [Double] = [0, 1]
    for _ in 0..<24 {
      widths.append(Double.random(in: 0...(text.idealWidth * 1.05), using: &random))
    }
    return widths + rangeEdges(text, at: widths.prefix(8))
  }

  /// The general scan's range of limits with the same lines at each of `widths`: its ends
  /// (where a `fits` test flips) and the number just inside the upper one, where finite and
  /// not negative.
  static func rangeEdges(_ text: PreparedText, at widths: some Sequence<Double>) -> [Double] {
    var edges: [Double] = []
    for width in widths {
      var scan = LineBreaker(limit: width)
      scan.searchesPlainLines = false
      var fit = LineFit()
      scan.breakLines(text.widths, into: &fit)
      let range = scan.validLimits
      for edge in [range.lowerBound, range.upperBound, range.upperBound.nextDown]
      where edge.isFinite && edge >= 0 {
        edges.append(edge)
      }
    }
    return edges
  }

  /// The table of `text` (nil where it gets none), for the caller to free.
  static func table(_ text: PreparedText) -> UnsafeMutablePointer<PlainLineIndex>? {
    text.makePlainLineIndex()
  }

  /// Expects the size and range of widths at `width` through the table's loop to be the
  /// general scan's; returns the scan's lines and range.
  @discardableResult
  static func expectScansSize(
    _ text: PreparedText, table: UnsafeMutablePointer<PlainLineIndex>?, width: Double,
    _ note: String
  ) -> (lines: [LineBreaker.Span], limits: Range<Double>) {
    var scan = LineBreaker(limit: width)
    scan.searchesPlainLines = false
    let lines = scan.breakLines(text.widths)
    var sized = LineBreaker(limit: width)
    sized.plainIndex = UnsafePointer(table)
    var fit = LineFit()
    sized.breakLines(LineWidths(untabbed: text), intoSize: &fit)
    #expect(fit == LineFit(lines), "width \(width): \(note)")
    #expect(sized.validLimits == scan.validLimits, "width \(width): \(note)")
    return (lines, scan.validLimits)
  }

  @Test(arguments: 0..<styles.count)
  func tableGivesTheScansLines(_ styleIndex: Int) throws {
    let (name, style, step) = Self.styles[styleIndex]
    let library = try TestFonts.library.get()
    var random = Widths(state: UInt64(styleIndex))
    var indexed = 0
    var breakings = 0
    for (number, paragraph) in TestFonts.paragraphs.enumerated() where number % step == 0 {
      let text = try library.prepare(paragraph, style: style)
      let table = Self.table(text)
      defer { if let table { PlainLineIndex.destroy(table) } }
      if table != nil, text.storage.breakFacts.contains(.plainLines) { indexed += 1 }
      for width in Self.widths(text, &random) {
        // The size through the table's loop, where the text takes it.
        let (scanned, limits) = Self.expectScansSize(
          text, table: table, width: width, "\(name): \(paragraph.prefix(40))")
        // The lines through `breakPlainLines` with the table.
        var lined = LineBreaker(limit: width)
        lined.plainIndex = UnsafePointer(table)
        #expect(lined.breakLines(text.widths) == scanned, "\(name), width \(width)")
        #expect(lined.validLimits == limits, "\(name), width \(width)")
        breakings += 1
      }
    }
    // Not vacuous: in the default style most of the corpus is plain and takes the table.
    if name == "default" { #expect(indexed * 10 >= TestFonts.paragraphs.count / step * 7) }
    #expect(breakings > 500)
  }

  /// Texts of several faces whose lines are otherwise plain (`BreakFacts.plainFaces`), in
  /// columns and across: vertical Japanese (kana and ideographs in one face, sideways Latin
  /// and punctuation in others) and the corpus's CJK paragraphs, at random column lengths.
  /// The size through the table's loop, each line's metrics from its faces, against the
  /// general scan's.
  @Test(arguments: [true, false])
  func severalFacesGiveTheScansSize(_ vertical: Bool) throws {
    let library = try TestFonts.library.get()
    var random = Widths(state: vertical ? 7 : 8)
    var indexed = 0
    var breakings = 0
    let style = ClusterPiecesTests.style(vertical: vertical, rules: vertical ? .unicode : .css)
    for paragraph in ClusterPiecesTests.paragraphs {
      let text = try library.prepare(paragraph, style: style)
      guard text.storage.breakFacts.contains(.plainFaces) else { continue }
      indexed += 1
      let table = Self.table(text)
      defer { if let table { PlainLineIndex.destroy(table) } }
      for width in Self.widths(text, &random) {
        Self.expectScansSize(text, table: table, width: width, String(paragraph.prefix(30)))
        breakings += 1
      }
    }
    // Not vacuous: most of these paragraphs have several faces and plain lines.
    #expect(indexed * 2 > ClusterPiecesTests.paragraphs.count)
    #expect(breakings > 1000)
  }

  /// A line's faces through the table's runs of equal faces (`PlainLineIndex.packedFaces`)
  /// against the union of every segment's, over random ranges of segments of texts in
  /// several faces (columns and across) and in one (Gatsby's style: no runs kept).
  @Test(arguments: [true, false])
  func faceRunsGiveEachRangesFaces(_ vertical: Bool) throws {
    let library = try TestFonts.library.get()
    var random = Widths(state: vertical ? 17 : 18)
    let style = ClusterPiecesTests.style(vertical: vertical, rules: vertical ? .unicode : .css)
    var withRuns = 0
    var ranges = 0
    for paragraph in ClusterPiecesTests.paragraphs + TestFonts.paragraphs.prefix(20) {
      let text = try library.prepare(paragraph, style: style)
      guard let table = Self.table(text) else { continue }
      defer { PlainLineIndex.destroy(table) }
      let count = text.segments.count
      let several = text.segments.contains { $0.packedFaces != text.segments[0].packedFaces }
      #expect((table.pointee.faceRunEnds != nil) == several, "\(paragraph.prefix(30))")
      if several { withRuns += 1 }
      text.segments.withUnsafeBufferPointer { segments in
        for _ in 0..<40 {
          let first = Int.random(in: 0..<count, using: &random)
          let last = Int.random(in: first..<min(count, first + 1 + count / 3), using: &random)
          var expected: UInt32 = 0
          for index in first...last { expected |= segments[index].packedFaces }
          let found = table.pointee.packedFaces(segments, from: first, through: last)
          #expect(found == expected, "\(first)...\(last): \(paragraph.prefix(30))")
          ranges += 1
        }
      }
    }
    // Not vacuous: most of these paragraphs have several faces.
    #expect(withRuns * 2 > ClusterPiecesTests.paragraphs.count)
    #expect(ranges > 2000)
  }

  /// Widths around the widest word's (`minWidth`), where words are wider than the line:
  /// breakable ones emergency-broken by the general scan inside the table's loop, ones
  /// that may not be broken (CSS `overflow-wrap: normal`, one grapheme) the line whatever
  /// the width. The size and range of widths through the loop against the general scan's,
  /// in several styles and in columns; and not vacuous: both kinds of line occur.
  @Test(arguments: 0..<5)
  func wordsWiderThanTheLine(_ styleIndex: Int) throws {
    let styles: [(TextStyle, [String])] = [
      (TextStyle(), TestFonts.paragraphs),
      (TextStyle(wordSpacing: -2), TestFonts.paragraphs),
      (TextStyle(breakRules: .css, overflowWrap: .normal), TestFonts.paragraphs),
      (TextStyle(size: 23), TestFonts.paragraphs),
      (ClusterPiecesTests.style(vertical: true, rules: .unicode), ClusterPiecesTests.paragraphs),
    ]
    let (style, paragraphs) = styles[styleIndex]
    let library = try TestFonts.library.get()
    var random = Widths(state: UInt64(100 + styleIndex))
    var emergency = 0
    var overflowing = 0
    var breakings = 0
    for (number, paragraph) in paragraphs.enumerated() where number % 3 == 0 {
      let text = try library.prepare(paragraph, style: style)
      let table = Self.table(text)
      defer { if let table { PlainLineIndex.destroy(table) } }
      let widest = text.minWidth
      for _ in 0..<12 {
        let width = Double.random(in: 0...(widest * 1.2), using: &random)
        let lines = Self.expectScansSize(
          text, table: table, width: width, String(paragraph.prefix(30))
        ).lines
        emergency += lines.count { $0.emergency }
        overflowing += lines.count { !$0.emergency && $0.width > width + LineBreaker.tolerance }
        breakings += 1
      }
    }
    #expect(breakings > 100)
    if styleIndex == 2 {
      #expect(overflowing > 50)
    } else {
      #expect(emergency > 50)
    }
  }

  /// Through the public API: a text asked for its size at many new widths (the table made
  /// at the second) answers as a text asked once at each width, whose one breaking is the
  /// search's without a table.
  @Test func relayoutsAnswerAsFirstBreakings() throws {
    let library = try TestFonts.library.get()
    var random = Widths(state: 99)
    var compared = 0
    for (number, paragraph) in TestFonts.paragraphs.enumerated() where number % 5 == 0 {
      let text = try library.prepare(paragraph)
      let fresh = try library.prepare(paragraph)
      for width in Self.widths(text, &random) {
        let proposal = ProposedViewSize(width: width, height: nil)
        fresh.breakCache.removeAll()
        let expected = fresh.sizeThatFits(proposal)
        let found = text.sizeThatFits(proposal)
        #expect(found.size == expected.size, "width \(width): \(paragraph.prefix(40))")
        #expect(found.lineCount == expected.lineCount)
        #expect(found.lineBreakRange == expected.lineBreakRange)
        #expect(found.tightWidth == expected.tightWidth)
        compared += 1
      }
      if text.storage.breakFacts.contains(.plainLines), text.segments.count > 1 {
        #expect(text.breakCache.plainIndexBytes > 0)
        #expect(fresh.breakCache.plainIndexBytes == 0)
      }
    }
    #expect(compared > 200)
  }

  /// Columns through the public API: vertical Japanese asked for its size at many new
  /// column lengths (the table made at the second, each line's faces gathered) answers as a
  /// text asked once at each length, which takes the general scan.
  @Test func columnsAnswerAsFirstBreakings() throws {
    let library = try TestFonts.library.get()
    var random = Widths(state: 41)
    let style = ClusterPiecesTests.style(vertical: true, rules: .unicode)
    var compared = 0
    var indexed = 0
    for (number, paragraph) in ClusterPiecesTests.paragraphs.enumerated() where number % 2 == 0 {
      let text = try library.prepare(paragraph, style: style)
      let fresh = try library.prepare(paragraph, style: style)
      for height in Self.widths(text, &random) {
        let proposal = ProposedViewSize(width: nil, height: height)
        fresh.breakCache.removeAll()
        let expected = fresh.sizeThatFitsColumns(proposal)
        let found = text.sizeThatFitsColumns(proposal)
        #expect(found == expected, "height \(height): \(paragraph.prefix(20))")
        compared += 1
      }
      if text.storage.breakFacts.contains(.plainFaces), text.breakCache.plainIndexBytes > 0 {
        indexed += 1
      }
    }
    #expect(compared > 300)
    #expect(indexed * 2 > ClusterPiecesTests.paragraphs.count / 2)
  }
}
