import Caliper
import CaliperTestSupport
import Testing

/// `text-box-trim` and `text-box-edge` with `.unicode` break rules (unrounded edges), by
/// hand from the fonts' tables (read with fontTools): Noto Sans has 1000 units per em, hhea
/// ascender 1069 and descender 293 (no line gap), OS/2 sCapHeight 714 and sxHeight 536; at
/// 16 pt a line is (1069 + 293) × 0.016 = 21.792 pt with its baseline 17.104 pt down, the cap
/// height 11.424 pt and the x-height 8.576 pt. Droid Sans Fallback: 256 units per em, hhea
/// 267 and 68, OS/2 sCapHeight 183: at 16 pt ascent 16.6875, descent 4.25, cap 11.4375.
@Suite struct TextBoxTrimTests {
  static func measure(
    _ string: String, width: Double? = nil, trim: TextBoxTrim, edge: TextBoxEdge = .auto,
    fonts: [FontReference] = [], configure: (inout TextStyle) -> Void = { _ in }
  ) throws -> (text: PreparedText, measured: TextMeasurement) {
    var style = TextStyle(size: 16, fonts: fonts)
    style.paragraph.textBoxTrim = trim
    style.paragraph.textBoxEdge = edge
    configure(&style)
    let text = try TestFonts.library.get().prepare(string, style: style)
    return (text, text.measure(ProposedViewSize(width: width, height: nil)))
  }

  static let capAlphabetic = TextBoxEdge(over: .cap, under: .alphabetic)

  @Test(arguments: [
    // One line: from the cap height (or x-height, or ascent) to the baseline (or descent).
    (TextBoxTrim.trimBoth, capAlphabetic, 11.424),
    (.trimBoth, TextBoxEdge(over: .ex, under: .alphabetic), 8.576),
    (.trimStart, capAlphabetic, 11.424 + 4.688),
    (.trimEnd, capAlphabetic, 21.792 - 4.688),
    (.trimBoth, TextBoxEdge.auto, 21.792),  // no line gap: nothing to trim
    (.none, capAlphabetic, 21.792),
  ])
  func oneLine(trim: TextBoxTrim, edge: TextBoxEdge, height: Double) throws {
    let (_, measured) = try Self.measure("Hxg", trim: trim, edge: edge)
    #expect(abs(measured.size.height - height) < 1e-9)
    #expect(abs(measured.usedRect.height - height) < 1e-9)
  }

  /// Three lines: only the first line's top and the last line's bottom go; every line moves
  /// up by the top trim, so the first baseline is at the cap height.
  @Test func onlyTheOuterEdgesAreTrimmed() throws {
    let (_, measured) = try Self.measure(
      "Hxg Hxg Hxg", width: 40, trim: .trimBoth, edge: Self.capAlphabetic)
    #expect(measured.lineCount == 3)
    #expect(abs(measured.size.height - (3 * 21.792 - (17.104 - 11.424) - 4.688)) < 1e-9)
    #expect(abs(measured.lines[0].y - -(17.104 - 11.424)) < 1e-9)
    #expect(abs(measured.lines[0].baseline - 11.424) < 1e-9)
    #expect(abs(measured.lines[2].baseline - (11.424 + 2 * 21.792)) < 1e-9)
  }

  /// SkParagraph's `kDisableFirstAscent | kDisableLastDescent` is trim-both to `text`: with a
  /// line height of 1.5 × 21.792, the half-leading (0.25 × 21.792 = 5.448) goes above the
  /// first line and below the last.
  @Test func skParagraphsTextHeightBehavior() throws {
    let (_, measured) = try Self.measure("Hxg Hxg", width: 40, trim: .trimBoth) {
      $0.paragraph.lineHeightMultiple = 1.5
    }
    #expect(measured.lineCount == 2)
    #expect(abs(measured.size.height - (2 * 1.5 * 21.792 - 2 * 5.448)) < 1e-9)
    #expect(abs(measured.lines[0].baseline - 17.104) < 1e-9)
  }

  /// The edges are the first font's, whatever a line draws with: Droid Sans Fallback's.
  @Test func edgesAreTheFirstFonts() throws {
    let (_, measured) = try Self.measure(
      "中文 Hxg", trim: .trimBoth, edge: Self.capAlphabetic, fonts: [.family("Droid Sans Fallback")])
    #expect(abs(measured.size.height - 183 * 16 / 256) < 1e-9)
    let (_, text) = try Self.measure(
      "中文 Hxg", trim: .trimBoth, fonts: [.family("Droid Sans Fallback")])
    #expect(abs(text.size.height - (267 + 68) * 16 / 256) < 1e-9)
  }

  @Test func emptyTextStaysEmpty() throws {
    let (_, measured) = try Self.measure("", trim: .trimBoth, edge: Self.capAlphabetic)
    #expect(measured.size == .zero)
  }
}
