import Caliper
import Testing

/// Whitespace with tabs at a line's end hangs as drawing hangs it, also when a tab splits it
/// into several segments (a tab is a break opportunity): a line of tabs and spaces alone has
/// no content and is 0 pt wide, and whitespace after the content counts nothing, wherever
/// the line breaks. CSS `pre`/`pre-wrap` keep their preserved whitespace (`CSSWhiteSpaceTests`,
/// Chromium's fixtures).
///
/// Hand calculations from Noto Sans's advances (units per em 1000; `hb-shape
/// --font-size=1000 Fonts/NotoSans-Regular.ttf "ab cd"`: a 561, b 615, space 260, c 480,
/// d 615) at 16 pt; a default tab stop is every 8 spaces, 33.28 pt.
@Suite struct TabOnlyLineTests {
  static func points(_ units: Double) -> Double { units * 16 / 1000 }

  static func lines(_ string: String, width: Double?) throws -> (PreparedText, [Line]) {
    let text = try TestFonts.library.get().prepare(string, style: TextStyle(size: 16))
    return (text, text.measure(ProposedViewSize(width: width, height: nil)).lines)
  }

  /// The advances of the glyphs drawn on `line` outside its hanging whitespace.
  static func drawn(_ text: PreparedText, _ line: Line) -> Double {
    text.glyphRuns(in: line).filter { !$0.isTrailingWhitespace }.flatMap(\.glyphs)
      .map(\.advance).reduce(0, +)
  }

  @Test(arguments: [nil, 40.0, 200])
  func aLineOfTabsAndSpacesHasNoContent(_ width: Double?) throws {
    let (text, lines) = try Self.lines("\t   \t   ", width: width)
    // Nothing but whitespace: it all hangs, on one line (no segment makes it wider).
    #expect(lines.map(\.text) == ["\t   \t   "])
    #expect(lines.map(\.width) == [0])
    #expect(Self.drawn(text, lines[0]) == 0)
  }

  @Test(arguments: [nil, 40.0])
  func tabsAndSpacesAfterTheContentHang(_ width: Double?) throws {
    let (text, lines) = try Self.lines("ab\t   \t   ", width: width)
    // "ab" alone: the tab after it and what follows hang.
    #expect(lines.map(\.text) == ["ab\t   \t   "])
    #expect(abs(lines[0].width - Self.points(561 + 615)) < 1e-9)
    #expect(Self.drawn(text, lines[0]) == lines[0].width)
  }

  @Test func whitespaceThatHangsDoesNotPushTheNextWordDown() throws {
    // At 40 pt "ab" (18.816) fits with everything up to "cd", which does not fit after the
    // tabs ("ab", tab to 33.28, 3 spaces, tab to 66.56, 3 spaces, "cd" = 96.56 pt).
    let (text, lines) = try Self.lines("ab\t   \t   cd", width: 40)
    #expect(lines.map(\.text) == ["ab\t   \t   ", "cd"])
    #expect(abs(lines[0].width - Self.points(561 + 615)) < 1e-9)
    #expect(abs(lines[1].width - Self.points(480 + 615)) < 1e-9)
    for line in lines { #expect(Self.drawn(text, line) == line.width) }
  }
}
