import Caliper
import Testing

/// Characters that are not drawn are not missing glyphs: a tab, line and paragraph
/// separators, other controls and a soft hyphen that is not shown. HarfBuzz gives a tab
/// `.notdef` and U+2028 Noto Sans's visible uni2028 glyph (`hb-shape
/// Fonts/NotoSans-Regular.ttf $'a\tb\u2028c'` → [a=0+561|.notdef=1+600|b=2+615|uni2028=3+600|
/// c=4+480]); Caliper draws them as nothing, as Pango does (it sets PANGO_GLYPH_EMPTY), and
/// counts no missing glyph. Widths by hand from Noto Sans's advances (units per em 1000):
/// a 561, b 615, space 260, at 16 pt.
@Suite struct UndrawnCharacterTests {
  static let unit = 16.0 / 1000

  @Test(arguments: [
    "a\tb", "a\u{2028}b", "a\u{2029}b", "a\u{AD}b", "a\u{1}b", "a\u{7F}b", "a\u{85}b", "\t",
    "a\r\nb",
  ])
  func undrawnCharacterIsNoMissingGlyph(_ string: String) throws {
    let text = try TestFonts.prepare(string)
    #expect(text.missingGlyphCount == 0)
    #expect(text.missing.isEmpty)
    for line in text.measure(.unspecified).lines {
      #expect(text.glyphRuns(in: line).allSatisfy { $0.notdefCount == 0 })
    }
  }

  @Test func controlHasNoWidth() throws {
    // Before: U+0001 measured as Noto Sans's .notdef, 600 units.
    let text = try TestFonts.prepare("a\u{1}b")
    #expect(abs(text.idealWidth - (561 + 615) * Self.unit) < 1e-9)
  }

  /// A word after a space is shaped on its own (through the shaped-word cache), where
  /// HarfBuzz's clusters count from the word's start: the control inside "wo\u{1}rld" was
  /// looked up at the text's offset 2 ("l"), so it kept .notdef's 600 units there, though 0
  /// in the first word. `hb-shape Fonts/NotoSans-Regular.ttf "hello world"` gives h 618,
  /// e 564, l 258, o 605, space 260, w 786, r 413, d 615.
  @Test(arguments: ["hello wo\u{1}rld", "he\u{1}llo world", "hello world\u{3}"])
  func controlInsideALaterWordHasNoWidth(_ string: String) throws {
    let text = try TestFonts.prepare(string)
    let hello = 618 + 564 + 258 + 258 + 605
    let world = 786 + 605 + 413 + 258 + 615
    #expect(abs(text.idealWidth - Double(hello + 260 + world) * Self.unit) < 1e-9)
  }

  /// The other side of the same mistake: a word's first glyph was checked against the
  /// text's first scalar, so after a control at the start, a missing glyph opening a later
  /// word (U+E000, which no bundled face but Inter has; Noto Sans alone gives it .notdef,
  /// 600 units: `hb-shape Fonts/NotoSans-Regular.ttf $'\ue000'`) was drawn as nothing.
  @Test func missingGlyphAfterALeadingControlKeepsItsWidth() throws {
    let path = TestFonts.directory + "/NotoSans-Regular.ttf"
    let text = try TestFonts.prepare("\u{1} \u{E000}", fonts: [.file(path)])
    #expect(text.missingGlyphCount == 1)
    #expect(abs(text.idealWidth - Double(260 + 600) * Self.unit) < 1e-9)
  }

  @Test func tabIsDrawnAsNothingAtItsStop() throws {
    // The default stop is 8 spaces: 8 × 260 units; "b" starts there.
    let text = try TestFonts.prepare("a\tb")
    let line = try #require(text.measure(.unspecified).lines.first)
    let glyphs = text.glyphRuns(in: line).flatMap(\.glyphs)
    #expect(glyphs.count == 3)
    #expect(glyphs[1].id != 0)
    #expect(abs(glyphs[2].x - 8 * 260 * Self.unit) < 1e-9)
    #expect(abs(line.width - (8 * 260 + 615) * Self.unit) < 1e-9)
  }
}
