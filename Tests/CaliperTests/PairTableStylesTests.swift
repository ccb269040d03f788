import CHarfBuzz
import CaliperTestSupport
import Testing

@testable import Caliper

/// The pair path (`PairTable`, `SimpleGlyphs`) under the plans a style other than the
/// default makes, and the process-wide bound on its tables.
@Suite struct PairTableStylesTests {
  /// A style's label and the style.
  struct Case: CustomStringConvertible, Sendable {
    let description: String
    let style: @Sendable () throws -> TextStyle
  }

  static func file(_ name: String) -> [FontReference] {
    [.file(TestFonts.directory + "/" + name)]
  }

  /// Plans other than a default style's: letter spacing (optional ligatures off, so Noto
  /// Sans's f is simple too), a user fraction feature (its lookups then count), the
  /// ligatures off by hand, a language with its own lookups (Catalan's `locl` in Inter), and
  /// an instance of a variable face.
  static let cases: [Case] = [
    Case(description: "Noto Sans, letter spacing") {
      var style = TextStyle(size: 16, fonts: file("NotoSans-Regular.ttf"))
      style.letterSpacing = 1.5
      return style
    },
    Case(description: "Noto Sans, frac") {
      TextStyle(
        size: 16, fonts: file("NotoSans-Italic.ttf"), features: [try FontFeature(tag: "frac")])
    },
    Case(description: "Noto Sans Bold, liga off") {
      TextStyle(
        size: 16, fonts: file("NotoSans-Bold.ttf"),
        features: [try FontFeature(tag: "liga", value: 0)])
    },
    Case(description: "Inter, Catalan") {
      TextStyle(size: 16, fonts: file("Inter-roman.var.ttf"), locale: "ca")
    },
    Case(description: "Inter, wght 700") {
      TextStyle(
        size: 16, fonts: file("Inter-roman.var.ttf"),
        variations: [try FontVariation(parsing: "wght=700")])
    },
  ]

  /// Seeded random strings of printable ASCII (spaces, punctuation and the `f`, `l`, `·`
  /// sequences Catalan and the ligatures care about among them) and every corpus line,
  /// prepared with each style by a library with the pair path and one without: the same
  /// prefix sums of advances, cluster starts and unsafe-to-break flags.
  @Test(arguments: cases)
  func styledPreparationIsHarfBuzz(_ styled: Case) throws {
    let style = try styled.style()
    let limits = CacheLimits(preparedBytes: 0)
    let pairs = try FontLibrary(fontsDirectory: TestFonts.directory, limits: limits)
    let harfBuzz = try FontLibrary(fontsDirectory: TestFonts.directory, limits: limits)
    harfBuzz.shapes.setPairs(false)
    let ascii = (0x20...0x7E).compactMap(Unicode.Scalar.init(_:))
    let random = RandomScalars.strings(
      rounds: 600, longest: 60, taken: ascii.map(\.value) + [0x66, 0x66, 0x69, 0x6C, 0xB7],
      refused: [], seed: 0x9a1c
    ).map { String(String.UnicodeScalarView($0)) }
    var compared = 0
    for text in random + PairShapingTests.corpusLines {
      let same = PairShapingTests.sameShaping(
        try pairs.prepare(text, style: style), try harfBuzz.prepare(text, style: style))
      #expect(same, "\(styled): \(text.prefix(80))")
      if !same { return }
      compared += 1
    }
    #expect(compared > 600)
  }

  /// `PairTable.make` gives no table at its limit, and a freed table leaves the count: more
  /// than `liveLimit` tables made and freed one at a time are all made. (Holding the limit's
  /// tables here would take them from other tests running meanwhile.)
  @Test func liveTablesAreBounded() {
    #expect(PairTable.make(simple: .none, limit: 0) == nil)
    let held = (0..<8).compactMap { _ in PairTable.make(simple: .none, limit: .max) }
    #expect(held.count == 8 && PairTable.liveCount >= 8)
    var made = 0
    for _ in 0...PairTable.liveLimit where PairTable.make(simple: .none) != nil { made += 1 }
    #expect(made == PairTable.liveLimit + 1)
  }

  /// A shaper's buffer hands back the last plan's pair table without a plan lookup
  /// (`ShapingBuffer.keptPairTable`) only for the font's plans, direction and script it
  /// was found for: another script, direction or font asks again (nil), and a new plan
  /// forgets it until its own table is asked for.
  @Test func keptTableIsTheLastPlans() throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let regular = try library.font(path: TestFonts.directory + "/NotoSans-Regular.ttf")
    let bold = try library.font(path: TestFonts.directory + "/NotoSans-Bold.ttf")
    let buffer = ShapingBuffer()
    let latin = PairShapingTests.plan(regular, HB_SCRIPT_LATIN)
    let table = try #require(PairTable.make(simple: .none, limit: .max))
    _ = buffer.plan(regular.shapePlans, direction: HB_DIRECTION_LTR, script: HB_SCRIPT_LATIN) {
      latin
    }
    #expect(
      buffer.keptPairTable(regular.shapePlans, direction: HB_DIRECTION_LTR, script: HB_SCRIPT_LATIN)
        == nil)
    #expect(buffer.pairTable { .some(table) } === table)
    let kept = buffer.keptPairTable(
      regular.shapePlans, direction: HB_DIRECTION_LTR, script: HB_SCRIPT_LATIN)
    #expect(kept.map { $0 === table } == true)
    for (plans, direction, script) in [
      (regular.shapePlans, HB_DIRECTION_LTR, HB_SCRIPT_GREEK),
      (regular.shapePlans, HB_DIRECTION_RTL, HB_SCRIPT_LATIN),
      (bold.shapePlans, HB_DIRECTION_LTR, HB_SCRIPT_LATIN),
    ] {
      #expect(buffer.keptPairTable(plans, direction: direction, script: script) == nil)
    }
    let greek = PairShapingTests.plan(regular, HB_SCRIPT_GREEK)
    _ = buffer.plan(regular.shapePlans, direction: HB_DIRECTION_LTR, script: HB_SCRIPT_GREEK) {
      greek
    }
    #expect(
      buffer.keptPairTable(regular.shapePlans, direction: HB_DIRECTION_LTR, script: HB_SCRIPT_GREEK)
        == nil)
    #expect(
      buffer.keptPairTable(regular.shapePlans, direction: HB_DIRECTION_LTR, script: HB_SCRIPT_LATIN)
        == nil)
  }
}
