import CHarfBuzz
import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// A lookup that skips the space (its flag ignores the space's GDEF class, or its mark
/// attachment class or mark filtering set leaves the space out; mark-to-base attachment and
/// the legacy `kern` table skip marks whatever the flag) matches the glyphs on both sides
/// of it as if they touched, without naming the space, so shaping word by word gives other
/// advances than HarfBuzz shaping the run whole (`SpaceSkips`). The faces are
/// `Fixtures/skipped-space/make-fonts.py`'s (a 500, space 250, b 600, c 700 units wide,
/// 1000 units per em), their widths `hb-shape --font-size=1000`'s (HarfBuzz 6.0.0) at 16 pt.
@Suite struct SkippedSpaceTests {
  /// A fixture face, the text, its width as `hb-shape` shapes it whole, and that shaping.
  struct Case: CustomTestStringConvertible, Sendable {
    let face: String
    let text: String
    let width: Double
    let hbShape: String
    var testDescription: String { face }
  }

  /// Each face's "a b" shaped whole; shaped word by word ("a " and "b" alone) each is the
  /// plain advances: 500 + 250 + 600 = 1350 units, 21.6 pt, or where the space is a mark
  /// (HarfBuzz zeroes a mark's advance) 500 + 0 + 600 = 1100 units, 17.6 pt.
  static let cases: [Case] = [
    // The space a base; a pair lookup (a b +300) IgnoreBaseGlyphs: 1650 units.
    Case(face: "skip-base", text: "a b", width: 26.4, hbShape: "[a=0+800|space=1+250|b=2+600]"),
    // The same lookup inside an extension lookup (GPOS 9).
    Case(
      face: "skip-extension", text: "a b", width: 26.4,
      hbShape: "[a=0+800|space=1+250|b=2+600]"),
    // The space a ligature; the pair lookup IgnoreLigatures.
    Case(
      face: "skip-ligature", text: "a b", width: 26.4, hbShape: "[a=0+800|space=1+250|b=2+600]"),
    // The space a mark; the pair lookup IgnoreMarks: 800 + 0 + 600 = 1400 units.
    Case(face: "skip-mark", text: "a b", width: 22.4, hbShape: "[a=0+800|space=1+0|b=2+600]"),
    // The space a mark of attachment class 0; the lookup MarkAttachmentType (acutecomb's).
    Case(
      face: "skip-attachment", text: "a b", width: 22.4, hbShape: "[a=0+800|space=1+0|b=2+600]"),
    // The space a mark outside the lookup's mark filtering set.
    Case(face: "skip-filter", text: "a b", width: 22.4, hbShape: "[a=0+800|space=1+0|b=2+600]"),
    // GSUB ligature a b -> c over the space (IgnoreBaseGlyphs): 700 + 250 = 950 units.
    Case(face: "skip-ligature-subst", text: "a b", width: 15.2, hbShape: "[c=0+700|space=0+250]"),
    // GSUB 8 (reverse chaining): a -> c before b, over the space: 700 + 250 + 600 = 1550.
    Case(
      face: "skip-reverse", text: "a b", width: 24.8, hbShape: "[c=0+700|space=1+250|b=2+600]"),
    // GPOS 8 (chained context a, b) calling a +300 on a, over the space: 1650 units.
    Case(face: "skip-chain", text: "a b", width: 26.4, hbShape: "[a=0+800|space=1+250|b=2+600]"),
    // GPOS 3 (cursive): a's exit (400, 0) joins b's entry (100, 0) over the space (a mark,
    // IgnoreMarks): a's advance becomes 400, b's 600 − 100: 400 + 0 + 500 = 900 units.
    Case(
      face: "skip-cursive", text: "a b", width: 14.4, hbShape: "[a=0+400|space=1+0|b=2@-100,0+500]"),
    // The legacy kern table (no GPOS), the space a mark: HarfBuzz kerns a b (+300) over it,
    // half on each side: 650 + 0 + 750 = 1400 units.
    Case(
      face: "kern", text: "a b", width: 22.4,
      hbShape: "[a=0+650|space=1@-250,0+0|b=2@150,0+750]"),
    // The legacy kern table naming the space (space b −100), no GDEF: 500 + 200 + 550 = 1250.
    Case(
      face: "kern-space", text: "a b", width: 20, hbShape: "[a=0+500|space=1+200|b=2@-50,0+550]"),
  ]

  static func path(_ face: String) -> String {
    TestFonts.fixtures + "/skipped-space/" + face + ".ttf"
  }

  /// The width of `text` set in `face` at 16 pt, on one line.
  static func width(_ text: String, in face: String) throws -> Double {
    let library = try TestFonts.library.get()
    let style = TextStyle(size: 16, fonts: [.file(path(face))])
    return try library.prepare(text, style: style)
      .measure(ProposedViewSize(width: nil, height: nil)).size.width
  }

  /// Each case measures `hb-shape`'s width of the whole run (word by word it would be
  /// 21.6 pt, or 17.6 pt where the space is a mark), and its face's space is not inert.
  @Test(arguments: cases) func aLookupThatSkipsTheSpaceReachesAcrossIt(_ row: Case) throws {
    #expect(abs(try Self.width(row.text, in: row.face) - row.width) < 1e-9, "\(row.hbShape)")
    let font = try TestFonts.library.get().font(path: Self.path(row.face))
    #expect(!font.spaceIsInert)
  }

  /// Where the skipping lookup is one of GSUB or GPOS, the glyphs it can start at are
  /// wakers (its input as `hb_ot_layout_lookup_collect_glyphs` gives it: a and b for the
  /// pairs, the ligature and the cursive attachment, a alone for the chained context and
  /// the reverse chaining substitution, whose b is lookahead), so text without them still
  /// shapes word by word: "c c" is 700 + 250 + 700 units (or 700 + 0 + 700 where the space
  /// is a mark) either way, `hb-shape` [c=0+700|space=1+250|c=2+700]. The legacy kern table
  /// gives none.
  @Test(arguments: cases) func theSkippingLookupsGlyphsAreWakers(_ row: Case) throws {
    let font = try TestFonts.library.get().font(path: Self.path(row.face))
    if row.face.hasPrefix("kern") {
      #expect(font.spaceWakers == nil)
    } else {
      let lookahead = ["skip-chain", "skip-reverse"].contains(row.face)
      #expect(font.spaceWakers?.scalars == (lookahead ? [0x61] : [0x61, 0x62]))
      let cc = row.hbShape.contains("space=1+0") ? 22.4 : 26.4
      #expect(abs(try Self.width("c c", in: row.face) - cc) < 1e-9)
      let scalars = Array("c c".unicodeScalars)
      #expect(Shaper.spaceSleeps(in: 0..<3, of: scalars, font: font))
    }
  }

  /// Controls: the space a mark in the lookup's mark filtering set, and a base an
  /// IgnoreMarks lookup sees: no lookup skips it, so the face stays word by word, and
  /// `hb-shape` shapes "a b" the same whole and by words: kept-filter
  /// [a=0+500|space=1+0|b=2+600] (1100 units, 17.6 pt), kept-base [a=0+500|space=1+250|b=2+600]
  /// (1350 units, 21.6 pt).
  @Test func aLookupThatSeesTheSpaceLeavesItInert() throws {
    let fonts = try TestFonts.library.get()
    for (face, width) in [("kept-filter", 17.6), ("kept-base", 21.6)] {
      #expect(abs(try Self.width("a b", in: face) - width) < 1e-9, "\(face)")
      #expect(try fonts.font(path: Self.path(face)).spaceIsInert, "\(face)")
    }
  }

  /// GPOS 4 (mark to base) with no flag: HarfBuzz finds a mark's base skipping marks, so
  /// where the space is a mark, the acute after it attaches to a before it: `hb-shape`
  /// "a \u{301}" [a=0+500|space=1+0|acutecomb=1@-250,200+0], the acute drawn at
  /// 500 − 250 = 250 units right and 200 up (4 pt and 3.2 pt at 16 pt); shaped alone
  /// ("a " and the acute, [acutecomb=0+0]) it would sit at 500 units on the baseline.
  @Test func aMarkFindsItsBaseAcrossASpaceThatIsAMark() throws {
    let library = try TestFonts.library.get()
    let face = "skip-mark-base"
    let style = TextStyle(size: 16, fonts: [.file(Self.path(face))])
    let text = try library.prepare("a \u{301}", style: style)
    let line = try #require(text.measure(ProposedViewSize(width: nil, height: nil)).lines.first)
    let glyphs = text.glyphRuns(in: line).flatMap(\.glyphs)
    #expect(glyphs.count == 3)
    #expect(glyphs.map { ($0.x * 1000 / 16).rounded() } == [0, 500, 250])
    #expect(glyphs.map { ($0.y * 1000 / 16).rounded() } == [0, 0, 200])
    #expect(!(try library.font(path: Self.path(face)).spaceIsInert))
  }

  /// GPOS 6 (mark to mark) for acutecomb's attachment class, where the space is a mark of
  /// class 0: the acute after the space finds the acute before it, `hb-shape`
  /// "a\u{301} \u{301}" [a=0+500|acutecomb=0+0|space=1+0|acutecomb=1@0,400+0] (the second
  /// acute 400 units up, 6.4 pt at 16 pt; alone, [acutecomb=0+0], on the baseline). The
  /// control's lookup is IgnoreMarks instead, which mark-to-mark attachment does not apply
  /// when it looks for the first mark: the space stops it, whole or by words
  /// ([a=0+500|acutecomb=0+0|space=1+0|acutecomb=1+0]), and the face stays word by word.
  @Test func aMarkFindsTheMarkBeforeASpaceOfAnotherClass() throws {
    let library = try TestFonts.library.get()
    for (face, lifted) in [("skip-mark-mark", 400.0), ("kept-mark-mark", 0)] {
      let style = TextStyle(size: 16, fonts: [.file(Self.path(face))])
      let text = try library.prepare("a\u{301} \u{301}", style: style)
      let line = try #require(text.measure(ProposedViewSize(width: nil, height: nil)).lines.first)
      let glyphs = text.glyphRuns(in: line).flatMap(\.glyphs)
      #expect(glyphs.map { ($0.y * 1000 / 16).rounded() } == [0, 0, 0, lifted], "\(face)")
      #expect(try library.font(path: Self.path(face)).spaceIsInert == (lifted == 0), "\(face)")
    }
  }

  /// No bundled face has a lookup that skips its space or another table that sees it, so
  /// none changes how it is shaped: the Noto faces' spaces are in no GDEF class (HarfBuzz
  /// skips an unclassified glyph never), Droid Sans Fallback's is a base (GDEF class 1)
  /// but its lookups that ignore bases see one glyph each, Noto Color Emoji's (no GDEF: a
  /// synthesized base) has no such lookup either, and NanumGothic's `kern` table (113
  /// pairs, `ttx -t kern`) names no space and its space (a synthesized base) is no mark.
  @Test(arguments: LayoutGlyphsTests.files) func bundledFacesSkipNothing(_ file: String) throws {
    let font = try TestFonts.library.get().font(path: TestFonts.directory + "/" + file)
    var space: hb_codepoint_t = 0
    #expect(hb_font_get_nominal_glyph(font.hbFont, 0x20, &space) != 0)
    #expect(SpaceSkips.of(face: hb_font_get_face(font.hbFont), space: space) == SpaceSkips())
  }
}
