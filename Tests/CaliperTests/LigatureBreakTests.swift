import Caliper
import Testing

/// Emergency breaks inside a HarfBuzz cluster of several graphemes (Noto Sans's "fi"
/// ligature), against Pango 1.50.12 with the bundled fonts, WRAP_WORD_CHAR, unhinted
/// (set up as `Scripts/pango-breaks` does). Lines and widths printed by `pango-view`'s
/// equivalent in Python, `layout.get_lines_readonly()` with `line.get_extents()`:
///   FONT_SIZE=48 width 60: "infinity" → inf 58.5595703125 | ini 54.431640625 | ty 41.80859375
///   FONT_SIZE=48 width 200: "unspecified" → unspecif 190.84765625 | ied 68.9755859375
///   FONT_SIZE=16 width 2: "infinity" → i 4.1279296875 | n 9.8876953125 | f 5.50390625 | …
/// Before, Caliper kept "fi" whole: "in" | "fin" | "ity" at 60 pt, and a 9.6 pt line "fi"
/// at 2 pt where "f" (5.504) and "i" (4.128) each fit better.
@Suite struct LigatureBreakTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    let size: Double
    let width: Double
    let lines: [(text: String, width: Double)]
    var testDescription: String { "\(text) at \(Int(size)) pt in \(width) pt" }
  }

  static let cases: [Case] = [
    Case(
      text: "infinity", size: 48, width: 60,
      lines: [("inf", 58.5595703125), ("ini", 54.431640625), ("ty", 41.80859375)]),
    Case(
      text: "unspecified", size: 48, width: 200,
      lines: [("unspecif", 190.84765625), ("ied", 68.9755859375)]),
    Case(
      text: "infinity", size: 16, width: 2,
      lines: [
        ("i", 4.1279296875), ("n", 9.8876953125), ("f", 5.50390625), ("i", 4.1279296875),
        ("n", 9.8876953125), ("i", 4.1279296875), ("t", 5.7763671875), ("y", 8.16015625),
      ]),
  ]

  @Test(arguments: cases) func breaksInsideLigatureAsPangoDoes(_ item: Case) throws {
    let text = try TestFonts.prepare(item.text, size: item.size)
    let lines = text.measure(ProposedViewSize(width: item.width, height: nil)).lines
    #expect(lines.map(\.text) == item.lines.map(\.text))
    for (line, expected) in zip(lines, item.lines) {
      #expect(abs(line.width - expected.width) < 0.002, "\(line.text): \(line.width)")
    }
  }

  @Test func drawnGlyphsOfBrokenLigatureAreTheLetters() throws {
    // The line "inf" is drawn with an "f" glyph, not the "fi" ligature cut short
    // (hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf inf: i 258, n 618, f 344 =
    // 1220 units, × 48/1000 = 58.56; in "infinity" the ligature "fi" is 602), and its
    // glyphs' advances add up to the measured width.
    let text = try TestFonts.prepare("infinity", size: 48)
    let line = try #require(text.measure(ProposedViewSize(width: 60, height: nil)).lines.first)
    let glyphs = text.glyphRuns(in: line).flatMap(\.glyphs)
    #expect(glyphs.count == 3)
    #expect(abs(line.width - 1220 * 48 / 1000.0) < 1e-9)
    #expect(abs(glyphs.map(\.advance).reduce(0, +) - line.width) < 1e-9)
  }

  @Test func conjunctStaysWhole() throws {
    // Unicode 15.1's GB9c (ICU 72 predates it): स्त and म्भ are one grapheme each, so even
    // at width 0 no line ends in a visible virama. (Pango 1.50 breaks after the virama.)
    let text = try TestFonts.prepare("स्तम्भ")
    #expect(text.measure(.zero).lines.map(\.text) == ["स्त", "म्भ"])
  }
}
