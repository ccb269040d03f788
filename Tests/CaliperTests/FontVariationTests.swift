import Caliper
import Testing

/// Variable-font axes reach HarfBuzz, through a font instance per (face, axis values).
@Suite struct FontVariationTests {
  static let interPath = TestFonts.directory + "/Inter-roman.var.ttf"
  static let interUnits = 2816.0
  static let text = "Hamburgefonstiv"
  /// hb-shape Fonts/Inter-roman.var.ttf Hamburgefonstiv (also with --variations=wght=400,
  /// the default instance).
  static let regular = [
    2084, 1588, 2448, 1748, 1636, 1000, 1716, 1640, 952, 1680, 1648, 1472, 1024, 668, 1568,
  ]
  /// hb-shape --variations=wght=700 Fonts/Inter-roman.var.ttf Hamburgefonstiv; Pango with
  /// "Inter @wght=700" gives the same 136.3125 pt (Scripts/pango-style).
  static let bold = [
    2101, 1634, 2568, 1789, 1751, 1079, 1783, 1683, 1032, 1728, 1751, 1582, 1094, 766, 1650,
  ]

  func width(_ variations: [String], library: FontLibrary? = nil) throws -> Double {
    let style = TextStyle(
      size: 16, fonts: [.file(Self.interPath)],
      variations: try variations.map { try FontVariation(parsing: $0) })
    return try (library ?? TestFonts.library.get()).prepare(Self.text, style: style).idealSize.width
  }

  func points(_ advances: [Int]) -> Double { Double(advances.reduce(0, +)) * 16 / Self.interUnits }

  @Test func weightAxisChangesAdvances() throws {
    #expect(abs(try width([]) - points(Self.regular)) < 1e-9)
    #expect(abs(try width(["wght=400"]) - points(Self.regular)) < 1e-9)
    #expect(abs(try width(["wght=700"]) - points(Self.bold)) < 1e-9)
  }

  @Test func variationsArePartOfTheCacheKeys() throws {
    for order in [[[], ["wght=700"]], [["wght=700"], []]] {
      let library = try FontLibrary(fontsDirectory: TestFonts.directory)
      for _ in 0..<2 {
        for variations in order {
          let expected = points(variations.isEmpty ? Self.regular : Self.bold)
          #expect(abs(try width(variations, library: library) - expected) < 1e-9)
        }
      }
      #expect(library.cacheStatistics.prepared.hits == 2)
    }
  }

  @Test func instancesAreSharedAndReportTheirAxes() throws {
    let library = try TestFonts.library.get()
    let wght700 = try FontVariation(parsing: "wght=700")
    let bold = try library.font(path: Self.interPath, variations: [wght700])
    // The same axis values, given differently (a duplicate, last one winning), share it.
    let again = try library.font(
      path: Self.interPath, variations: [try FontVariation(tag: "wght", value: 300), wght700])
    #expect(bold === again)
    #expect(bold.variations == [wght700])
    let base = try library.font(path: Self.interPath)
    #expect(base !== bold && base.variations.isEmpty)
    // Inter 4.0 beta 7's fvar: one axis, wght 100…900, default 400.
    #expect(
      base.variationAxes.map { [$0.minimum, $0.defaultValue, $0.maximum] } == [[100, 400, 900]])
    #expect(base.variationAxes.map(\.tag) == ["wght"])
    // A face without the axis is its own default font.
    let noto = TestFonts.directory + "/NotoSans-Regular.ttf"
    #expect(try library.font(path: noto, variations: [wght700]) === library.font(path: noto))
    #expect(try library.font(path: noto).variationAxes.isEmpty)
  }

  @Test func preparedTextsUseTheVariedFace() throws {
    let style = TextStyle(
      fonts: [.file(Self.interPath)], variations: [try FontVariation(parsing: "wght=700")])
    let prepared = try TestFonts.library.get().prepare(Self.text, style: style)
    #expect(prepared.faces.map(\.variations) == [[try FontVariation(tag: "wght", value: 700)]])
  }

  @Test(arguments: ["", "wght", "=700", "wght=abc", "toolong=3"])
  func refusesBadSettings(_ text: String) {
    #expect(throws: CaliperError.self) { try FontVariation(parsing: text) }
  }

  @Test func parsesHarfBuzzSyntax() throws {
    let parsed = try FontVariation(parsing: "wdth=75.5")
    #expect(parsed.tag == "wdth" && parsed.value == 75.5)
    #expect(try FontVariation(parsing: "wght=700").description == "wght=700")
    #expect(throws: CaliperError.self) { try FontVariation(tag: "wght", value: .nan) }
  }
}
