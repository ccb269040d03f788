import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// A class-based (format 2) context rule that names class 0 matches every glyph its class
/// definition lists nowhere, the space among them, though HarfBuzz's `collect_glyphs` does
/// not collect it: where that position has another after it in the rule's span, the rule
/// can reach across the space from one word to the next (`LayoutGlyphs`, `SpaceWakers`).
/// The faces are `Fixtures/class-zero/make-fonts.py`'s (glyphs a 500, space 250, b 600
/// units wide, 1000 units per em; one chained positioning rule that adds 300 to a glyph's
/// advance), their widths `hb-shape --font-size=1000`'s (HarfBuzz 6.0.0).
@Suite struct ClassZeroContextTests {
  static let before = TestFonts.fixtures + "/class-zero/class-zero-before.ttf"
  static let after = TestFonts.fixtures + "/class-zero/class-zero-after.ttf"
  static let made = TestFonts.fixtures + "/class-zero/class-zero-made.ttf"

  /// The width of `text` set in `path` at 16 pt, on one line.
  static func width(_ text: String, in path: String) throws -> Double {
    let library = try TestFonts.library.get()
    let style = TextStyle(size: 16, fonts: [.file(path)])
    return try library.prepare(text, style: style)
      .measure(ProposedViewSize(width: nil, height: nil)).size.width
  }

  /// "b after a class-0 glyph" (backtrack class 0): in "a b" the glyph before b is the
  /// space, so b is 900 wide: `hb-shape` gives [a=0+500|space=1+250|b=2+900], 1650 units,
  /// 26.4 pt at 16 pt; shaped word by word ("a " and "b" alone, [a=0+500|space=1+250] and
  /// [b=0+600]) it would be 1350 units, 21.6 pt, as it was before the class-0 position
  /// counted. b is the one glyph the rule starts at, so only a run holding b is shaped in
  /// context; "b b" is [b=0+600|space=1+250|b=2+900], 1750 units, 28 pt.
  @Test func classZeroBeforeAGlyphWakesTheSpace() throws {
    #expect(abs(try Self.width("a b", in: Self.before) - 26.4) < 1e-9)
    #expect(abs(try Self.width("b b", in: Self.before) - 28) < 1e-9)
    let font = try TestFonts.library.get().font(path: Self.before)
    #expect(!font.spaceIsInert)
    #expect(font.spaceWakers?.scalars == [0x62])
  }

  /// "a before a class-0 glyph" (lookahead class 0, the last position of the rule's span):
  /// the space it can match is the one after a, which is shaped with a's word, so the face
  /// still shapes word by word: `hb-shape` gives "a b" [a=0+800|space=1+250|b=2+600], and
  /// "a " alone [a=0+800|space=1+250] and "b" [b=0+600]: 1650 units, 26.4 pt either way.
  @Test func classZeroAtTheEndOfTheSpanLeavesTheSpaceInert() throws {
    #expect(abs(try Self.width("a b", in: Self.after) - 26.4) < 1e-9)
    let font = try TestFonts.library.get().font(path: Self.after)
    #expect(font.spaceIsInert)
  }

  /// class-zero-before's rule, and a GSUB ligature (liga) that makes b of "aa": a run
  /// without b can hold b once substituted, so b is no waker to look for in the text and the
  /// face has none (GSUB makes a glyph the rule starts at from other glyphs: the closure
  /// `SpaceWakers` runs over that lookup reaches b). "aa aa" holds no b, and `hb-shape`
  /// gives [b=0+600|space=2+250|b=3+900] (the second b after the space), 1750 units,
  /// 28 pt; shaped word by word ("aa " [b=0+600|space=2+250] and "aa" [b=0+600]) it would
  /// be 1450 units, 23.2 pt.
  @Test func classZeroGlyphMadeBySubstitutionLeavesNoWakers() throws {
    #expect(abs(try Self.width("aa aa", in: Self.made) - 28) < 1e-9)
    let font = try TestFonts.library.get().font(path: Self.made)
    #expect(!font.spaceIsInert)
    #expect(font.spaceWakers == nil)
  }
}
