import Caliper
import Testing

/// A soft hyphen inside a ligature: HarfBuzz skips the invisible U+00AD when it forms
/// ligatures, so "of\u{AD}fice" draws "f_f_i" across it, and under a right-to-left override
/// (shaped in visual order) "f_f". The break after the soft hyphen then lies inside one
/// HarfBuzz cluster, whose whole advance sits on its first scalar.
///
/// The rule, as Pango's: a line that goes on past the soft hyphen keeps the ligature (Pango
/// 1.50.12 draws glyph 1969 "f_f_i" across it, 946 units, and SkParagraph (skia-python
/// 144.1) paints "of\u{AD}fice" pixel for pixel as "office", in both directions); a line
/// broken there shows its hyphen with both sides shaped on their own ("of‐" | "fic"), and
/// whether the syllable fits is decided with that width, as for an emergency break.
/// Before, the breaker decided with the ligature's advance on the line ("of" + "f_f_i":
/// 605 + 946 units), so "of‐" did not fit at 21 pt where Pango takes it, and in the
/// right-to-left text it fitted at 21 pt but not at its own reported width.
///
/// Advances from `hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf` (Noto Sans has 1000
/// units per em; × 16 / 1000 for points at 16 pt), `--direction=rtl` for the overridden text:
///   of\u{AD}fice  ltr [o=0+605|f_f_i=1+946|space=1+0|c=5+480|e=6+564]          2595
///   of\u{AD}fice  rtl [e=6+564|c=5+480|i=4+258|f_f=1+688|space=1+0|o=0+605]    2595
///   of‐           ltr [o=0+605|f=1+344|uni2010=2+322], rtl the same advances   1271
///   fic           ltr [fi=0+602|c=2+480], rtl [c=2+480|i=1+258|f=0+344]        1082
///   e             [e=0+564]                                                    564
/// Pango 1.50.12 (set up as `Scripts/pango-breaks`, hyphen insertion on) breaks both texts
/// at 21 and at 20.336 pt after the soft hyphen with a first line "of‐" of 20.3359375 pt (it
/// then hyphenates the emergency break too, "fi‐" | "ce", which Caliper does not).
@Suite struct SoftHyphenLigatureTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    let width: Double
    /// The lines' text and width in font units.
    let lines: [(text: String, units: Double)]
    var testDescription: String { "\(text.debugDescription) in \(width) pt" }
  }

  static let ltr = "of\u{AD}fice"
  static let rtl = "\u{202E}of\u{AD}fice"

  static func points(_ units: Double) -> Double { units * 16 / 1000 }

  static let cases: [Case] = [
    Case(text: ltr, width: 21, lines: [("of\u{2010}", 1271), ("fic", 1082), ("e", 564)]),
    Case(text: ltr, width: 20.336, lines: [("of\u{2010}", 1271), ("fic", 1082), ("e", 564)]),
    Case(text: rtl, width: 21, lines: [("\u{202E}of\u{2010}", 1271), ("fic", 1082), ("e", 564)]),
    Case(
      text: rtl, width: 20.336, lines: [("\u{202E}of\u{2010}", 1271), ("fic", 1082), ("e", 564)]),
  ]

  @Test(arguments: cases) func breakInsideLigatureIsDecidedWithTheBrokenWidth(_ item: Case) throws {
    let text = try TestFonts.prepare(item.text)
    let result = text.measure(ProposedViewSize(width: item.width, height: nil))
    #expect(result.lines.map(\.text) == item.lines.map(\.text))
    #expect(result.lines.map(\.endsWithHyphen) == [true, false, false])
    for (line, expected) in zip(result.lines, item.lines) {
      #expect(abs(line.width - Self.points(expected.units)) < 1e-9, "\(line.text): \(line.width)")
    }
  }

  @Test(arguments: [ltr, rtl]) func lineBrokenInsideLigatureRoundTrips(_ string: String) throws {
    let text = try TestFonts.prepare(string)
    let first = text.measure(ProposedViewSize(width: 21, height: nil))
    #expect(abs(first.size.width - Self.points(1271)) < 1e-9)
    let again = text.measure(ProposedViewSize(width: first.size.width, height: nil))
    #expect(again.lines.map(\.range) == first.lines.map(\.range))
    #expect(again.size == first.size)
  }

  @Test(arguments: [(ltr, UInt32(1969)), (rtl, UInt32(1966))])
  func unbrokenLineKeepsTheLigature(_ string: String, ligature: UInt32) throws {
    // The ideal line is one line of 2595 units with the ligature's glyph (hb-shape
    // --no-glyph-names: 1969 is f_f_i, 1966 is f_f).
    let text = try TestFonts.prepare(string)
    let line = try #require(text.measure(ProposedViewSize(width: nil, height: nil)).lines.first)
    #expect(abs(line.width - Self.points(2595)) < 1e-9)
    #expect(text.glyphRuns(in: line).flatMap(\.glyphs).map(\.id).contains(ligature))
  }
}
