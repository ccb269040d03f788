import CaliperTestSupport
import Testing

@testable import Caliper

/// Caliper keeps a font's HarfBuzz shape plans itself, a bounded number of them: HarfBuzz's
/// own list (what `hb_shape` uses) grew by one plan for every locale ever shaped and was
/// searched at every call, so a server given a new locale per request slowed without end.
@Suite struct ShapePlanTests {
  /// Noto Sans's Serbian `locl` form of б: hb-shape --language=sr
  /// Fonts/NotoSans-Regular.ttf бгдпт gives 604 + 403 + 581 + 624 + 476 units, and with
  /// --language=en (or a language the font has no forms for) б is 599 (as in LocaleTests).
  func width(_ fonts: FontLibrary, _ locale: String) throws -> Double {
    try fonts.prepare("бгдпт", style: TextStyle(size: 16, locale: locale)).idealSize.width
  }

  @Test func manyLocalesKeepFewPlansAndTheRightForms() throws {
    let fonts = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let serbian = Double(604 + 403 + 581 + 624 + 476) * 16 / 1000
    let other = Double(599 + 403 + 581 + 624 + 476) * 16 / 1000
    #expect(abs(try width(fonts, "sr") - serbian) < 1e-9)
    for n in 0..<(3 * ShapePlans.capacity) {
      #expect(abs(try width(fonts, "en-x-\(n)") - other) < 1e-9)
    }
    // Serbian's plan was dropped long ago: made again, it still selects the Serbian form.
    #expect(abs(try width(fonts, "sr") - serbian) < 1e-9)
    #expect(abs(try width(fonts, "en") - other) < 1e-9)
    let font = try fonts.font(family: "Noto Sans")
    #expect(font.shapePlans.count == ShapePlans.capacity)
  }

  /// A variable font's instance shapes with its own coordinates (`hb_shape` passes the
  /// font's): hb-shape Fonts/Inter-roman.var.ttf Hello gives 2084 + 1640 + 668 + 668 + 1680
  /// units and with --variations=wght=700 2101 + 1683 + 766 + 766 + 1728, of 2,816 per em
  /// (its head table).
  @Test func variableInstancesShapeWithTheirCoordinates() throws {
    let fonts = try TestFonts.library.get()
    func width(_ variations: [FontVariation]) throws -> Double {
      let style = TextStyle(size: 16, fonts: [FontReference("Inter")], variations: variations)
      return try fonts.prepare("Hello", style: style).idealSize.width
    }
    let regular = Double(2084 + 1640 + 668 + 668 + 1680) * 16 / 2816
    let bold = Double(2101 + 1683 + 766 + 766 + 1728) * 16 / 2816
    #expect(abs(try width([]) - regular) < 1e-9)
    #expect(abs(try width([FontVariation(tag: "wght", value: 700)]) - bold) < 1e-9)
    // Back and forth: each instance keeps its own plans.
    #expect(abs(try width([]) - regular) < 1e-9)
  }

  /// A shaper keeps its last call's plan for the next (`ShapingBuffer`), which must not
  /// serve a run of another script in the same font: Serbian Cyrillic between Latin words,
  /// runs alternating in one preparation, with the shape cache on and off (off: every run
  /// is a HarfBuzz call). hb-shape Fonts/NotoSans-Regular.ttf --language=sr gives "abc "
  /// with --script=latn 561 + 615 + 480 + 260 units and "бгдпт" with --script=cyrl 604 +
  /// 403 + 581 + 624 + 476 (its `locl` б; with the Latin plan б would be 599).
  @Test func alternatingScriptsInOneFontEachGetTheirPlan() throws {
    let latin = 561 + 615 + 480 + 260
    let serbian = 604 + 403 + 581 + 624 + 476
    let expected = Double(2 * latin + 2 * serbian + 260) * 16 / 1000
    for shapeBytes in [CacheLimits().shapeBytes, 0] {
      let fonts = try FontLibrary(
        fontsDirectory: TestFonts.directory,
        limits: CacheLimits(shapeBytes: shapeBytes, preparedBytes: 0))
      let text = try fonts.prepare(
        "abc бгдпт abc бгдпт", style: TextStyle(size: 16, locale: "sr"))
      #expect(abs(text.idealSize.width - expected) < 1e-9)
    }
  }
}
