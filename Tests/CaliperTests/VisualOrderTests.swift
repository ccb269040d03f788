import Caliper
import Testing

/// Runs of mixed left-to-right and right-to-left lines in visual order, with x offsets.
///
/// Expected widths are hand sums of `hb-shape` advances (HarfBuzz 6.0.0, Debian 12), read
/// from the repository root with
///   hb-shape --font-size=1000 --no-glyph-names Fonts/FILE 'TEXT'
/// (units per em 1000 for every Noto face used here), so points = units × 16 / 1000:
///   Noto Sans: "abc " 1916, "abc" 1656, "def" 1523, " " 260
///   Noto Sans Hebrew: "שלום" 2227, "עולם" 2100, " " 270
/// A space chooses no face (Pango's rule, WhitespaceFaceTests): the one after "abc" stays
/// in Noto Sans; the one between "שלום" and "def" is a bidi run of its own (level 0 after
/// level 1) with no face chosen in it, so it takes the first face with a space, Noto Sans,
/// as `Scripts/pango-itemize "abc שלום def"` shows; "שלום " in a right-to-left paragraph
/// keeps its space in Noto Sans Hebrew (the script changes at "abc").
/// The visual order is UAX #9's, which Pango and browsers share: in a left-to-right paragraph
/// a Hebrew word between Latin words stays between them; in a right-to-left paragraph the
/// words run from right to left and the embedded Latin keeps its own order.
@Suite struct VisualOrderTests {
  static let point = 16.0 / 1000

  struct Expected {
    let text: String
    let units: Double  // the run's advance in font units
    let rightToLeft: Bool
  }

  /// The runs of the only line of `string` against `expected`, left to right, x offsets the
  /// running sum of the widths before each.
  func check(_ string: String, _ expected: [Expected], rightToLeftParagraph: Bool) throws {
    let text = try TestFonts.prepare(string)
    let line = try #require(text.measure(.unspecified).lines.first)
    #expect(text.isRightToLeftParagraph(line) == rightToLeftParagraph)
    let runs = text.runs(in: line)
    #expect(runs.map(\.text) == expected.map(\.text))
    #expect(runs.map(\.isRightToLeft) == expected.map(\.rightToLeft))
    var x = 0.0
    for (run, item) in zip(runs, expected) {
      #expect(abs(run.x - x) < 1e-9, "\(run.text): x \(run.x) vs \(x)")
      #expect(abs(run.width - item.units * Self.point) < 1e-9, "\(run.text): \(run.width)")
      x += item.units * Self.point
    }
    // Reordering moves runs; it never changes the line's width.
    #expect(abs(runs.map(\.width).reduce(0, +) - line.widthIncludingTrailingWhitespace) < 1e-9)
    #expect(abs(line.width - text.idealWidth) < 1e-12)
  }

  @Test func hebrewInsideLatin() throws {
    try check(
      "abc שלום def",
      [
        Expected(text: "abc ", units: 1916, rightToLeft: false),
        Expected(text: "שלום", units: 2227, rightToLeft: true),
        Expected(text: " ", units: 260, rightToLeft: false),
        Expected(text: "def", units: 1523, rightToLeft: false),
      ], rightToLeftParagraph: false)
  }

  @Test func latinInsideHebrew() throws {
    // Logical: "שלום " (Hebrew face, level 1), "abc" (level 2), " " (Noto Sans, level 1),
    // "עולם". Drawn: עולם at the left, then the space, abc, and "שלום " (its space on its
    // left) at the right.
    try check(
      "שלום abc עולם",
      [
        Expected(text: "עולם", units: 2100, rightToLeft: true),
        Expected(text: " ", units: 260, rightToLeft: true),
        Expected(text: "abc", units: 1656, rightToLeft: false),
        Expected(text: "שלום ", units: 2227 + 270, rightToLeft: true),
      ], rightToLeftParagraph: true)
  }

  @Test func trailingSpaceOfRightToLeftLineHangsLeft() throws {
    // "שלום עולם" at 40 pt: the first line is "שלום " (35.632 pt + its 4.32 pt space).
    let text = try TestFonts.prepare("שלום עולם")
    let lines = text.measure(ProposedViewSize(width: 40, height: nil)).lines
    #expect(lines.map(\.text) == ["שלום ", "עולם"])
    let runs = text.runs(in: lines[0])
    #expect(runs.map(\.text) == [" ", "שלום"])
    #expect(runs.map(\.isTrailingWhitespace) == [true, false])
    #expect(abs(runs[0].x + 270 * Self.point) < 1e-9)
    #expect(abs(runs[1].x) < 1e-12)
    #expect(abs(runs[1].width - lines[0].width) < 1e-9)
  }

  @Test func latinLineIsOneRunAtZero() throws {
    let text = try TestFonts.prepare("Blue tile with a longer local label")
    let line = text.measure(.unspecified).lines[0]
    let runs = text.runs(in: line)
    #expect(runs.count == 1)
    #expect(runs.first?.x == 0)
    #expect(runs.first.map { abs($0.width - line.width) < 1e-9 } == true)
  }

  @Test func glyphsOfRightToLeftRunGoRightToLeftInTheText() throws {
    // hb-shape of "שלום" in Noto Sans Hebrew: [23=3+684|124=2@-10,0+291|55=1+522|96=0+730]
    // (glyph=cluster@x,y offset+advance), first glyph leftmost; "abc" in Noto Sans:
    // [68=0+561|69=1+615|70=2+480].
    let text = try TestFonts.prepare("abc שלום")
    let line = text.measure(.unspecified).lines[0]
    let runs = text.glyphRuns(in: line)
    #expect(runs.map(\.text) == ["abc ", "שלום"])
    let hebrew = runs[1]
    #expect(hebrew.glyphs.map(\.id) == [23, 124, 55, 96])
    #expect(hebrew.glyphs.map(\.cluster) == [7, 6, 5, 4])
    let start = 1916 * Self.point
    let expectedX = [
      start, start + (684 - 10) * Self.point, start + (684 + 291) * Self.point,
      start + (684 + 291 + 522) * Self.point,
    ]
    for (glyph, x) in zip(hebrew.glyphs, expectedX) { #expect(abs(glyph.x - x) < 1e-9) }
    #expect(runs[0].glyphs.prefix(3).map(\.id) == [68, 69, 70])
    #expect(runs.allSatisfy { $0.notdefCount == 0 })
    #expect(hebrew.font.path.hasSuffix("NotoSansHebrew-Regular.ttf"))
    let advances = runs.flatMap(\.glyphs).map(\.advance).reduce(0, +)
    #expect(abs(advances - line.widthIncludingTrailingWhitespace) < 1e-9)
  }

  @Test func arabicWithDigitsKeepsDigitsLeftToRight() throws {
    // In a right-to-left paragraph "مرحبا 123" draws the number at the left, its digits in
    // their own left-to-right order (level 2), then the Arabic word with its space (one
    // run: one face, level 1).
    let text = try TestFonts.prepare("مرحبا 123")
    let line = text.measure(.unspecified).lines[0]
    let runs = text.runs(in: line)
    #expect(runs.map(\.text) == ["123", "مرحبا "])
    #expect(runs.map(\.bidiLevel) == [2, 1])
    #expect(runs.map(\.isRightToLeft) == [false, true])
    #expect(runs[0].x == 0)
  }
}
