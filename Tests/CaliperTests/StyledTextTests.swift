import Caliper
import Testing

/// Styled spans: their own size, weight, slant and baseline offset inside one paragraph.
///
/// Expected values: `hb-shape --font-size=1000` advances on the bundled Noto Sans Regular,
/// Bold and Italic (units per em 1000; all three have hhea ascender 1069, descender −293,
/// line gap 0), confirmed by Pango 1.50 with the same fonts and markup: "Blue <b>tile</b>"
/// 63.7607 pt, "Blue <i>tile</i>" 59.1523, "Blue <span size='32768'>tile</span>" 83.7119 ×
/// 43.5840, "Blue <span rise='4096'>tile</span>" 60.6572 × 25.7920.
@Suite struct StyledTextTests {
  static func points(_ units: Double, size: Double = 16) -> Double { units * size / 1000 }
  /// "Blue " in Noto Sans Regular: 650 258 618 564 260.
  static let blue = 2350.0
  /// "tile": Regular 361 258 258 564; Bold 434 305 305 591; Italic 332 258 258 499.
  static let tile = 1441.0
  static let boldTile = 1635.0
  static let italicTile = 1347.0
  static let lineHeight = (1069.0 + 293) * 16 / 1000

  static func prepare(_ text: String, _ spans: [TextSpan]) throws -> PreparedText {
    try TestFonts.library.get().prepare(text, style: TextStyle(size: 16), spans: spans)
  }

  @Test func boldSpanMakesItsLineWider() throws {
    let plain = try Self.prepare("Blue tile", [])
    let bold = try Self.prepare("Blue tile", [TextSpan(5..<9, bold: true)])
    #expect(abs(plain.idealWidth - Self.points(Self.blue + Self.tile)) < 1e-9)
    #expect(abs(bold.idealWidth - Self.points(Self.blue + Self.boldTile)) < 1e-9)
    #expect(bold.idealWidth > plain.idealWidth)
    #expect(bold.faces.map(\.styleName) == ["Regular", "Bold"])
    let italic = try Self.prepare("Blue tile", [TextSpan(5..<9, italic: true)])
    #expect(abs(italic.idealWidth - Self.points(Self.blue + Self.italicTile)) < 1e-9)
  }

  @Test func largerSpanMakesItsLineTaller() throws {
    let text = try Self.prepare(
      "Blue tile with a longer local label", [TextSpan(5..<9, size: 32)])
    let ideal = text.measure(.unspecified)
    #expect(abs(ideal.size.height - Self.lineHeight * 2) < 1e-9)  // 32 pt: twice 21.792
    #expect(text.faceRuns.map(\.size) == [16, 32, 16])
    // At 120 pt, Pango's lines: "Blue tile " 83.7119 × 43.584, "with a longer " 98.8320,
    // "local label" 74.8467, the last two 21.792 tall: only the first holds the big span.
    let wrapped = text.measure(ProposedViewSize(width: 120, height: nil))
    #expect(wrapped.lines.map(\.text) == ["Blue tile ", "with a longer ", "local label"])
    #expect(abs(wrapped.lines[0].height - 2 * Self.lineHeight) < 1e-9)
    #expect(abs(wrapped.lines[1].height - Self.lineHeight) < 1e-9)
    #expect(abs(wrapped.lines[1].y - 2 * Self.lineHeight) < 1e-9)
    // "Blue " at 16 + "tile" at 32 = 2350 × 16/1000 + 1441 × 32/1000; "with a longer":
    // 786 258 361 618 260 561 260 258 605 618 615 564 413 = 6177 units at 16.
    let first = Self.points(Self.blue) + Self.points(Self.tile, size: 32)
    #expect(abs(wrapped.lines[0].width - first) < 1e-9)
    #expect(abs(wrapped.lines[1].width - Self.points(6177)) < 1e-9)
    // Ideal: that plus " with a longer local label" (11375 units) at 16.
    #expect(abs(text.idealWidth - first - Self.points(11375)) < 1e-9)
  }

  @Test func baselineOffsetMakesRoom() throws {
    for offset in [4.0, -4.0] {
      let text = try Self.prepare("Blue tile", [TextSpan(5..<9, baselineOffset: offset)])
      let line = try #require(text.measure(.unspecified).lines.first)
      #expect(abs(line.height - (Self.lineHeight + 4)) < 1e-9)
      #expect(abs(line.width - Self.points(Self.blue + Self.tile)) < 1e-9)
      #expect(abs(line.metrics.ascent - Self.points(1069) - max(0, offset)) < 1e-9)
      #expect(text.faceRuns.map(\.baselineOffset) == [0, offset])
      #expect(text.glyphRuns(in: line).map(\.baselineOffset) == [0, offset])
    }
  }

  @Test func laterSpansWin() throws {
    // Many overlapping spans: the last one covering a scalar sets its style. Here 3000
    // spans over the whole text alternate bold and regular, the last bold on "tile" only.
    var spans = (0..<3000).map { TextSpan(0..<9, bold: $0 % 2 == 0) }
    spans.append(TextSpan(5..<9, bold: true))
    let text = try Self.prepare("Blue tile", spans)
    #expect(abs(text.idealWidth - Self.points(Self.blue + Self.boldTile)) < 1e-9)
    #expect(text.faceRuns.map(\.text) == ["Blue ", "tile"])
  }

  @Test func spansAreCheckedAndCached() throws {
    let library = try TestFonts.library.get()
    #expect(throws: CaliperError.invalidSpan(3..<20, count: 9)) {
      try library.prepare("Blue tile", spans: [TextSpan(3..<20, bold: true)])
    }
    #expect(throws: CaliperError.invalidFontSize(0)) {
      try library.prepare("Blue tile", spans: [TextSpan(0..<4, size: 0)])
    }
    let cached = try FontLibrary(fontsDirectory: TestFonts.directory)
    let bold = try cached.prepare("Blue tile", spans: [TextSpan(5..<9, bold: true)])
    let plain = try cached.prepare("Blue tile")
    let again = try cached.prepare("Blue tile", spans: [TextSpan(5..<9, bold: true)])
    #expect(bold.idealWidth != plain.idealWidth && again.idealWidth == bold.idealWidth)
    // A span boundary inside a cluster moves to the cluster's end: "e\u{301}" stays whole.
    let accent = try library.prepare("Be\u{301}e", spans: [TextSpan(2..<4, bold: true)])
    #expect(accent.faceRuns.map(\.text) == ["Be\u{301}", "e"])
  }
}
