import Caliper
import CaliperTestSupport
import Testing

/// Inline placeholders (`TextSpan.placeholder`): a box that breaks as one cluster, widens
/// its line by its width and makes its line tall enough to hold it.
///
/// Expected values: a hand calculation from Noto Sans's advances (`hb-shape
/// --font-size=1000 Fonts/NotoSans-Regular.ttf "Blue tile"`: B 650, l 258, u 618, e 564,
/// space 260, t 361, i 258; units per em 1000) and ascent and descent (hhea 1069 and 293
/// units), and Pango 1.50's inline boxes (`pango_attr_shape_new` over U+FFFC) recorded in
/// Tests/CaliperTests/Fixtures/pango-placeholders.json by `Scripts/pango-placeholders`.
/// SkParagraph could not be asked: skia-python 144.1 binds no placeholder API.
@Suite struct PlaceholderTests {
  /// Points at 16 pt of `units` Noto Sans units (1000 per em).
  static func points(_ units: Double) -> Double { units * 16 / 1000 }
  static let blue = points(650 + 258 + 618 + 564)  // 33.44
  static let space = points(260)  // 4.16
  static let tile = points(361 + 258 + 258 + 564)  // 23.056
  static let ascent = points(1069)  // 17.104
  static let descent = points(293)  // 4.688

  static func prepare(_ box: Placeholder, text: String = "Blue \u{FFFC} tile") throws
    -> PreparedText
  {
    try TestFonts.library.get().prepare(
      text, style: TextStyle(size: 16), spans: [TextSpan(5..<6, placeholder: box)])
  }

  @Test(arguments: [10.0, 30.0, 60.0])
  func theIdealWidthCountsTheBoxesWidth(width: Double) throws {
    let text = try Self.prepare(Placeholder(width: width, height: 12))
    let expected = Self.blue + Self.space + width + Self.space + Self.tile
    #expect(abs(text.idealWidth - expected) < 1e-9)
    // The box is one cluster: the narrowest the text can be is its widest word or box.
    #expect(abs(text.minWidth - max(width, Self.blue)) < 1e-9)
  }

  /// At 70 pt "Blue ￼ " fits while the box is at most 70 − 37.6 = 32.4 wide; a wider box
  /// goes to the next line, alone when " tile" does not fit after it either.
  @Test(arguments: [
    (10.0, ["Blue \u{FFFC} ", "tile"]), (30.0, ["Blue \u{FFFC} ", "tile"]),
    (40.0, ["Blue ", "\u{FFFC} tile"]), (60.0, ["Blue ", "\u{FFFC} ", "tile"]),
  ])
  func theBoxBreaksAsOneCluster(width: Double, lines: [String]) throws {
    let text = try Self.prepare(Placeholder(width: width, height: 12))
    let measured = text.measure(ProposedViewSize(width: 70, height: nil))
    #expect(measured.lines.map(\.text) == lines)
    let boxLine = measured.lines.first { $0.text.unicodeScalars.contains("\u{FFFC}") }!
    let expected =
      boxLine.range.lowerBound == 0
      ? Self.blue + Self.space + width : width + (lines.count == 2 ? Self.space + Self.tile : 0)
    #expect(abs(boxLine.width - expected) < 1e-9)
  }

  /// At width 0 every word breaks into graphemes, but the box stays whole.
  @Test func theBoxIsNeverSplit() throws {
    let text = try TestFonts.library.get().prepare(
      "a[img]b", style: TextStyle(size: 16),
      spans: [TextSpan(1..<6, placeholder: Placeholder(width: 20, height: 10))])
    let lines = text.measure(ProposedViewSize(width: 0, height: nil)).lines
    #expect(lines.map(\.range) == [0..<1, 1..<6, 6..<7])
    #expect(abs(lines[1].width - 20) < 1e-9)
  }

  /// A 24 pt box on the baseline is taller than Noto Sans's 17.104 pt ascent: its line is
  /// 24 + 4.688 pt high, the others 21.792; the box's top is the line's top.
  @Test func theLineGrowsToHoldTheBox() throws {
    let text = try Self.prepare(Placeholder(width: 30, height: 24, label: "img"))
    let measured = text.measure(ProposedViewSize(width: 40, height: nil))
    #expect(measured.lines.map(\.text) == ["Blue ", "\u{FFFC} ", "tile"])
    let heights = measured.lines.map(\.height)
    let plain = Self.ascent + Self.descent
    #expect(zip(heights, [plain, 24 + Self.descent, plain]).allSatisfy { abs($0 - $1) < 1e-9 })
    let placed = text.characterGeometry(of: measured).placeholders
    #expect(placed.count == 1)
    #expect(placed[0].range == 5..<6 && placed[0].label == "img" && placed[0].line == 1)
    let rect = placed[0].rect
    #expect(abs(rect.minY - plain) < 1e-9 && rect.minX == 0)
    #expect(rect.width == 30 && rect.height == 24)
  }

  /// SkParagraph's alignments, by hand at 16 pt (ascent 17.104, descent 4.688), for a box
  /// 30 × 30: the box's top above the baseline.
  @Test(arguments: [
    (Placeholder.Alignment.baseline, 30.0), (.aboveBaseline, 30), (.belowBaseline, 0),
    (.top, 17.104), (.bottom, 30 - 4.688), (.middle, 15 + (17.104 - 4.688) / 2),
  ])
  func alignmentsPlaceTheBox(alignment: Placeholder.Alignment, ascent: Double) throws {
    let text = try Self.prepare(Placeholder(width: 30, height: 30, alignment: alignment))
    let measured = text.measure(.unspecified)
    let line = measured.lines[0]
    #expect(abs(line.metrics.ascent - max(ascent, Self.ascent)) < 1e-9)
    #expect(abs(line.metrics.descent - max(30 - ascent, Self.descent)) < 1e-9)
    let rect = text.characterGeometry(of: measured).placeholders[0].rect
    #expect(abs(rect.minY - (line.baseline - ascent)) < 1e-9)
    #expect(abs(rect.minX - (Self.blue + Self.space)) < 1e-9)
  }

  @Test func overlappingOrEmptyPlaceholdersAreRefused() throws {
    let fonts = try TestFonts.library.get()
    let box = Placeholder(width: 10, height: 10)
    #expect(throws: CaliperError.self) {
      try fonts.prepare(
        "ab", spans: [TextSpan(0..<2, placeholder: box), TextSpan(1..<2, placeholder: box)])
    }
    #expect(throws: CaliperError.self) {
      try fonts.prepare("ab", spans: [TextSpan(1..<1, placeholder: box)])
    }
    #expect(throws: CaliperError.self) {
      try fonts.prepare(
        "ab", spans: [TextSpan(0..<1, placeholder: Placeholder(width: -1, height: 1))])
    }
  }
}
