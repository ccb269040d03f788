import Caliper
import Testing

/// Letter and word spacing, line heights and paragraph spacing, by hand from Noto Sans's
/// tables at 16 pt (1000 units per em): hmtx via hb-shape Fonts/NotoSans-Regular.ttf
/// (a 561, b 615, c 480, space 260, no-break space 260, f 344, i 258; "AVAV" → A 599,
/// V 560 (kerned before A), A 599, V 600; "AV" alone → 599 + 600), and hhea ascender 1069,
/// descender −293, line gap 0: a line is 21.792 pt, its ascent 17.104 pt. Pango 1.50 agrees
/// on the line models (Scripts/pango-style, "a\nb"): spacing 4 → 47.584 tall; line-height
/// 1.5 → 65.377, first baseline 22.5518; absolute 30 → 60, first baseline 21.2070.
@Suite struct SpacingTests {
  static let unit = 16.0 / 1000
  static let line = 1362 * unit
  static let ascent = 1069 * unit

  func prepare(_ text: String, _ style: TextStyle) throws -> PreparedText {
    try TestFonts.library.get().prepare(text, style: style)
  }

  @Test func letterSpacingGoesBetweenClusters() throws {
    // n clusters on a line get n − 1 spacings, as in Pango 1.50 (Scripts/pango-style:
    // "abc" with letter_spacing 2 pt is 30.4951 = 26.496 + 4, to its 1/1024 pt).
    let abc = Double(561 + 615 + 480) * Self.unit
    let wide = try prepare("abc", TextStyle(size: 16, letterSpacing: 2))
    #expect(abs(wide.idealSize.width - (abc + 2 * 2)) < 1e-9)
    let tight = try prepare("abc", TextStyle(size: 16, letterSpacing: -0.5))
    #expect(abs(tight.idealSize.width - (abc - 2 * 0.5)) < 1e-9)
    // "e\u{301}a" is two grapheme clusters (hb-shape: eacute 564, a 561): one spacing.
    let accented = try prepare("e\u{301}a", TextStyle(size: 16, letterSpacing: 2))
    #expect(abs(accented.idealSize.width - (Double(564 + 561) * Self.unit + 2)) < 1e-9)
    // Each wrapped line drops its own last spacing (Pango: "abc abc" at 40 → two lines,
    // 30.4951 wide); the trailing space keeps its own.
    let lines = try prepare("abc abc", TextStyle(size: 16, letterSpacing: 2))
      .measure(ProposedViewSize(width: 40, height: nil)).lines
    #expect(lines.map(\.text) == ["abc ", "abc"])
    for line in lines { #expect(abs(line.width - (abc + 4)) < 1e-9) }
    #expect(abs(lines[0].widthIncludingTrailingWhitespace - (abc + 260 * Self.unit + 6)) < 1e-9)
  }

  @Test func letterSpacingReachesReshapedLineEdges() throws {
    // At 22 pt "AVAV" breaks inside the word: each line is "AV" shaped alone (599 + 600,
    // not the paragraph's 599 + 560) plus one letter spacing of 1 = 20.184.
    let text = try prepare("AVAV", TextStyle(size: 16, letterSpacing: 1))
    let lines = text.measure(ProposedViewSize(width: 22, height: nil)).lines
    #expect(lines.map(\.text) == ["AV", "AV"])
    for line in lines { #expect(abs(line.width - (1199 * Self.unit + 1)) < 1e-9) }
  }

  @Test func letterSpacingTurnsOffOptionalLigatures() throws {
    // With ligatures "ffi" is one HarfBuzz cluster (hb-shape: f_f_i) and takes one letter
    // spacing at most; letter spacing turns `liga` off (as Pango does: Scripts/pango-style
    // gives "ffi" with 1 pt spacing 17.1357 = 946 × 0.016 + 2, three clusters), so at width
    // 0 it splits in three, each f 344 or i 258 alone on its line (no spacing after a
    // line's last cluster); a `liga` feature turns it back on: one cluster, no spacing
    // inside it nor after it at the line's end.
    let spaced = try prepare("ffi", TextStyle(size: 16, letterSpacing: 1))
    let lines = spaced.measure(ProposedViewSize(width: 0, height: nil)).lines
    #expect(lines.map(\.text) == ["f", "f", "i"])
    #expect(abs(spaced.idealSize.width - (946 * Self.unit + 2)) < 1e-9)
    let expected = [344 * Self.unit, 344 * Self.unit, 258 * Self.unit]
    #expect(zip(lines.map(\.width), expected).allSatisfy { abs($0 - $1) < 1e-9 })
    let ligated = try prepare(
      "ffi", TextStyle(size: 16, features: [try FontFeature(tag: "liga")], letterSpacing: 1))
    #expect(abs(ligated.idealSize.width - 946 * Self.unit) < 1e-9)
  }

  @Test func wordSpacingIsAddedToWordSeparators() throws {
    let style = TextStyle(size: 16, wordSpacing: 3)
    #expect(
      abs(try prepare("a b", style).idealSize.width - (Double(561 + 260 + 615) * Self.unit + 3))
        < 1e-9)
    #expect(
      abs(
        try prepare("a\u{A0}b", style).idealSize.width - (Double(561 + 260 + 615) * Self.unit + 3))
        < 1e-9)
    // A wrapped line's trailing space hangs, spacing included.
    let lines = try prepare("a b", style).measure(ProposedViewSize(width: 10, height: nil)).lines
    #expect(lines.map(\.text) == ["a ", "b"])
    #expect(abs(lines[0].width - 561 * Self.unit) < 1e-9)
    #expect(abs(lines[0].widthIncludingTrailingWhitespace - (821 * Self.unit + 3)) < 1e-9)
  }

  func lines(_ text: String, _ paragraph: ParagraphStyle, width: Double? = nil) throws
    -> TextMeasurement
  {
    try prepare(text, TextStyle(size: 16, paragraph: paragraph))
      .measure(ProposedViewSize(width: width, height: nil))
  }

  @Test func lineSpacingGoesBetweenLines() throws {
    let measured = try lines("a\nb", ParagraphStyle(lineSpacing: 4))
    #expect(abs(measured.size.height - (2 * Self.line + 4)) < 1e-9)
    #expect(abs(measured.lines[1].y - (Self.line + 4)) < 1e-9)
    // A trailing hard break's empty line is a line like any other.
    #expect(
      abs(try lines("a\n", ParagraphStyle(lineSpacing: 4)).size.height - (2 * Self.line + 4)) < 1e-9
    )
    #expect(abs(try lines("a", ParagraphStyle(lineSpacing: 4)).size.height - Self.line) < 1e-9)
  }

  @Test func lineHeightMultipleAndFixedLineHeight() throws {
    let tall = try lines("a\nb", ParagraphStyle(lineHeightMultiple: 1.5))
    #expect(abs(tall.size.height - 2 * 1.5 * Self.line) < 1e-9)
    // Half the extra height goes above the glyphs: the baseline moves down 0.25 × 21.792.
    #expect(abs(tall.lines[0].baseline - (Self.ascent + 0.25 * Self.line)) < 1e-9)
    let fixed = try lines("a\nb", ParagraphStyle(lineHeight: 30))
    #expect(abs(fixed.size.height - 60) < 1e-9)
    #expect(abs(fixed.lines[1].y - 30) < 1e-9)
    #expect(abs(fixed.lines[0].baseline - (Self.ascent + (30 - Self.line) / 2)) < 1e-9)
    // A fixed height wins over the multiple; spacing adds to either.
    let both = try lines(
      "a\nb", ParagraphStyle(lineSpacing: 2, lineHeightMultiple: 3, lineHeight: 20))
    #expect(abs(both.size.height - (20 + 2 + 20)) < 1e-9)
  }

  @Test func paragraphSpacingGoesBetweenHardBreakParagraphs() throws {
    // At 50 pt "aaaa bbbb\ncc" wraps to "aaaa ", "bbbb\n", "cc" (aaaa 35.904 + space 4.16
    // + bbbb 39.36 > 50): the spacing follows only the paragraph's last line.
    let measured = try lines("aaaa bbbb\ncc", ParagraphStyle(paragraphSpacing: 10), width: 50)
    #expect(measured.lines.map(\.text) == ["aaaa ", "bbbb\n", "cc"])
    let tops = [0, Self.line, 2 * Self.line + 10]
    #expect(zip(measured.lines.map(\.y), tops).allSatisfy { abs($0 - $1) < 1e-9 })
    #expect(abs(measured.size.height - (3 * Self.line + 10)) < 1e-9)
    #expect(
      abs(
        try lines("a\nb\nc", ParagraphStyle(paragraphSpacing: 10)).size.height
          - (3 * Self.line + 20))
        < 1e-9)
  }

  @Test func badSpacingIsAnError() throws {
    let styles = [
      TextStyle(letterSpacing: .nan), TextStyle(wordSpacing: .infinity),
      TextStyle(paragraph: ParagraphStyle(lineSpacing: -1)),
      TextStyle(paragraph: ParagraphStyle(lineHeightMultiple: 0)),
      TextStyle(paragraph: ParagraphStyle(lineHeight: -3)),
      TextStyle(paragraph: ParagraphStyle(paragraphSpacing: .nan)),
    ]
    for style in styles {
      #expect(throws: CaliperError.self) { try prepare("a b", style) }
    }
  }
}
