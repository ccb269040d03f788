import Caliper
import Testing

/// First-line and hanging indents, by hand from Noto Sans's advances at 16 pt (hb-shape
/// Fonts/NotoSans-Regular.ttf: a 561, b 615, c 480, space 260 units of 1000): "aaaa"
/// 35.904, "bbbb" 39.36, "cccc" 30.72, a space 4.16 pt. Pango 1.50 (Scripts/pango-style,
/// set_indent 20 at 60 and −30 at 80) breaks the same lines, 55.9023 and 79.4219 wide.
@Suite struct IndentTests {
  static let aaaa = 4 * 561 * 16 / 1000.0
  static let bbbb = 4 * 615 * 16 / 1000.0
  static let cccc = 4 * 480 * 16 / 1000.0
  static let space = 260 * 16 / 1000.0

  func prepare(_ text: String, first: Double = 0, head: Double = 0) throws -> PreparedText {
    let paragraph = ParagraphStyle(firstLineHeadIndent: first, headIndent: head)
    return try TestFonts.library.get().prepare(
      text, style: TextStyle(size: 16, paragraph: paragraph))
  }

  func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

  @Test func firstLineIndentNarrowsTheFirstLine() throws {
    let text = try prepare("aaaa bbbb cccc", first: 20)
    // At 60: 20 + aaaa = 55.904 fits, + space + bbbb does not; bbbb + space + cccc = 74.24
    // does not fit either.
    let measured = text.measure(ProposedViewSize(width: 60, height: nil))
    #expect(measured.lines.map(\.text) == ["aaaa ", "bbbb ", "cccc"])
    #expect(measured.lines.map(\.indent) == [20, 0, 0])
    #expect(near(measured.lines[0].width, Self.aaaa))
    #expect(near(measured.size.width, 20 + Self.aaaa))
    // At 80 "aaaa bbbb" (79.424) would fit without the indent; with it, aaaa stays alone.
    let at80 = text.measure(ProposedViewSize(width: 80, height: nil))
    #expect(at80.lines.map(\.text) == ["aaaa ", "bbbb cccc"])
    #expect(near(text.idealSize.width, 20 + Self.aaaa + Self.bbbb + Self.cccc + 2 * Self.space))
  }

  @Test func hangingIndentMovesTheOtherLines() throws {
    let text = try prepare("aaaa bbbb cccc", head: 30)
    // At 80: aaaa bbbb = 79.424 fits; the next line is 30 + cccc = 60.72.
    let measured = text.measure(ProposedViewSize(width: 80, height: nil))
    #expect(measured.lines.map(\.text) == ["aaaa bbbb ", "cccc"])
    #expect(measured.lines.map(\.indent) == [0, 30])
    #expect(near(measured.size.width, Self.aaaa + Self.space + Self.bbbb))
    // Min width: the widest word where it would start a line (bbbb after the first line).
    #expect(near(text.minWidth, 30 + Self.bbbb))
  }

  @Test func everyParagraphHasAFirstLine() throws {
    let text = try prepare("aaaa\nbbbb\n", first: 20, head: 5)
    let lines = text.measure(.unspecified).lines
    #expect(lines.map(\.indent) == [20, 20, 20])
    // The empty line after the trailing break has no content: its indent adds no width.
    #expect(near(text.idealSize.width, 20 + Self.bbbb))
  }

  @Test func reportedWidthsGiveTheSameLines() throws {
    let text = try prepare("aaaa bbbb cccc aaaa bbbb", first: 12, head: 24)
    for proposal in [50.0, 70, 90, 120] {
      let measured = text.measure(ProposedViewSize(width: proposal, height: nil))
      let again = text.measure(ProposedViewSize(width: measured.size.width, height: nil))
      #expect(again.lines.map(\.text) == measured.lines.map(\.text))
      for line in measured.lines { #expect(line.indent + line.width <= proposal + 1e-6) }
    }
  }

  @Test func tabStopsCountFromTheEdgeNotTheIndent() throws {
    // Indent 20, then a (8.976) → 28.976 → the first default stop 33.28, + b (9.84).
    let text = try prepare("a\tb", first: 20)
    #expect(near(text.idealSize.width, 8 * Self.space + 615 * 16 / 1000.0))
  }

  @Test func negativeIndentsAreErrors() throws {
    #expect(throws: CaliperError.self) { try prepare("a", first: -1) }
    #expect(throws: CaliperError.self) { try prepare("a", head: .infinity) }
  }
}
