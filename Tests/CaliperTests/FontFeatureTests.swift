import Caliper
import Testing

/// OpenType features reach HarfBuzz. Expected widths are `hb-shape` advances (at its
/// default scale, the font's units per em) × 16 pt / units per em, with the command that
/// printed them next to each.
@Suite struct FontFeatureTests {
  static let inter: [FontReference] = [.file(TestFonts.directory + "/Inter-roman.var.ttf")]
  /// Inter's units per em (head table; the advances below are in these units).
  static let interUnits = 2816.0

  func width(
    _ text: String, features: [String] = [], fonts: [FontReference] = [],
    library: FontLibrary? = nil
  ) throws -> Double {
    let style = TextStyle(
      size: 16, fonts: fonts, features: try features.map { try FontFeature(parsing: $0) })
    return try (library ?? TestFonts.library.get()).prepare(text, style: style).idealSize.width
  }

  @Test func tabularDigitsMakeOnesAsWideAsZeros() throws {
    // hb-shape Fonts/Inter-roman.var.ttf 1111 → 4 × 1308; 0000 → 4 × 1760;
    // with --features=tnum both → 4 × 1824 (uniE072, uniE071). Pango 1.50 agrees to its
    // 1/1024 pt (Scripts/pango-style: 29.7266, 40.0000, and 41.4531 for both with tnum).
    let ones = try width("1111", fonts: Self.inter)
    let zeros = try width("0000", fonts: Self.inter)
    #expect(abs(ones - 4 * 1308 * 16 / Self.interUnits) < 1e-9)
    #expect(abs(zeros - 4 * 1760 * 16 / Self.interUnits) < 1e-9)
    #expect(ones != zeros)
    let tabularOnes = try width("1111", features: ["tnum"], fonts: Self.inter)
    let tabularZeros = try width("0000", features: ["tnum"], fonts: Self.inter)
    #expect(abs(tabularOnes - 4 * 1824 * 16 / Self.interUnits) < 1e-9)
    #expect(tabularOnes == tabularZeros)
  }

  @Test func kerningCanBeTurnedOff() throws {
    // hb-shape Fonts/NotoSans-Regular.ttf "To AV": T 486, o 605, space 260, A 599, V 600;
    // with --features=kern=0: T 556, A 639 (the pairs T–o and A–V are kerned). Pango:
    // 40.7988 and 42.5586 (Scripts/pango-style).
    let kerned = try width("To AV")
    let unkerned = try width("To AV", features: ["kern=0"])
    #expect(abs(kerned - Double(486 + 605 + 260 + 599 + 600) * 16 / 1000) < 1e-9)
    #expect(abs(unkerned - Double(556 + 605 + 260 + 639 + 600) * 16 / 1000) < 1e-9)
  }

  @Test func smallCapitalsAndFractions() throws {
    // hb-shape --features=smcp Fonts/NotoSans-Regular.ttf Small: S 549, m.sc 736, a.sc 528,
    // l.sc 439, l.sc 439 (without: m 935, a 561, l 258, l 258). Pango: 43.0576.
    #expect(abs(try width("Small") - Double(549 + 935 + 561 + 258 + 258) * 16 / 1000) < 1e-9)
    #expect(
      abs(try width("Small", features: ["smcp"]) - Double(549 + 736 + 528 + 439 + 439) * 16 / 1000)
        < 1e-9)
    // hb-shape --features=frac … "1/2 1/2": one.numr 350, fraction 130, two.dnom 350 for
    // each fraction; space 260. Pango: 30.7188.
    #expect(
      abs(try width("1/2 1/2", features: ["frac"]) - Double(830 + 260 + 830) * 16 / 1000) < 1e-9)
  }

  @Test func aRangedFeatureAppliesToItsScalarsOnly() throws {
    // hb-shape --features='frac[0:3]' Fonts/NotoSans-Regular.ttf "1/2 1/2": the first
    // fraction 350 + 130 + 350, space 260, then one 572, slash 372, two 572.
    let expected = Double(830 + 260 + 572 + 372 + 572) * 16 / 1000
    #expect(abs(try width("1/2 1/2", features: ["frac[0:3]"]) - expected) < 1e-9)
    // hb-shape --features='smcp[1:3]' … Small: S 549, m.sc 736, a.sc 528, l 258, l 258.
    #expect(
      abs(
        try width("Small", features: ["smcp[1:3]"]) - Double(549 + 736 + 528 + 258 + 258) * 16
          / 1000)
        < 1e-9)
  }

  @Test func noLigaturesLetAnEmergencyBreakSplitFfi() throws {
    // hb-shape Fonts/NotoSans-Regular.ttf ffi → one glyph f_f_i (cluster 0, advance 946);
    // --features=liga=0 → f, f, i in clusters 0, 1, 2. The widths agree (344 + 344 + 258 =
    // 946). An emergency break may fall inside the ligature's cluster too (as in Pango):
    // at width 0 both split into f, f, i, each shaped alone.
    let library = try TestFonts.library.get()
    let ligated = try library.prepare("ffi", style: TextStyle(size: 16))
    let apart = try library.prepare(
      "ffi", style: TextStyle(size: 16, features: [try FontFeature(parsing: "liga=0")]))
    for text in [ligated, apart] {
      let lines = text.measure(ProposedViewSize(width: 0, height: nil)).lines
      #expect(lines.map(\.text) == ["f", "f", "i"])
      #expect(lines.map(\.width) == [344, 344, 258].map { Double($0) * 16 / 1000 })
    }
    #expect(ligated.idealWidth == apart.idealWidth)
  }

  @Test func featuresArePartOfTheCacheKeys() throws {
    // Default caches: shaped words and prepared texts are both kept. Each order, with a
    // fresh library, must give each style its own hb-shape width (kerningCanBeTurnedOff).
    let kerned = Double(486 + 605 + 260 + 599 + 600) * 16 / 1000
    let unkerned = Double(556 + 605 + 260 + 639 + 600) * 16 / 1000
    for order in [["", "kern=0"], ["kern=0", ""]] {
      let library = try FontLibrary(fontsDirectory: TestFonts.directory)
      for _ in 0..<2 {
        for feature in order {
          let measured = try width(
            "To AV", features: feature.isEmpty ? [] : [feature], library: library)
          #expect(abs(measured - (feature.isEmpty ? kerned : unkerned)) < 1e-9)
        }
      }
      #expect(library.cacheStatistics.prepared.hits == 2)
    }
    // Shaped words too (no prepared texts kept here): the words "To " and "AV", shaped
    // alone, are found again for the same features and never for other ones.
    let library = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    #expect(abs(try width("To AV", library: library) - kerned) < 1e-9)
    #expect(abs(try width("To AV", features: ["kern=0"], library: library) - unkerned) < 1e-9)
    #expect(library.cacheStatistics.shapes.hits == 0)
    #expect(abs(try width("To AV", library: library) - kerned) < 1e-9)
    #expect(library.cacheStatistics.shapes.hits == 2)
  }

  struct ParseCase: Sendable, CustomStringConvertible {
    let text: String
    let tag: String
    let value: UInt32
    let range: Range<Int>?
    var description: String { text }
  }

  /// hb_feature_from_string's documented syntax (hb-common.cc, and `hb-shape --help-features`).
  @Test(arguments: [
    ParseCase(text: "tnum", tag: "tnum", value: 1, range: nil),
    ParseCase(text: "+smcp", tag: "smcp", value: 1, range: nil),
    ParseCase(text: "-liga", tag: "liga", value: 0, range: nil),
    ParseCase(text: "liga=0", tag: "liga", value: 0, range: nil),
    ParseCase(text: "kern=0", tag: "kern", value: 0, range: nil),
    ParseCase(text: "aalt=2", tag: "aalt", value: 2, range: nil),
    ParseCase(text: "tnum[3:5]", tag: "tnum", value: 1, range: 3..<5),
    ParseCase(text: "tnum[3]", tag: "tnum", value: 1, range: 3..<4),
    ParseCase(text: "tnum[3:]", tag: "tnum", value: 1, range: 3..<Int.max),
    ParseCase(text: "kern[:5]=0", tag: "kern", value: 0, range: 0..<5),
    ParseCase(text: "kern=off", tag: "kern", value: 0, range: nil),
    ParseCase(text: "ss1", tag: "ss1 ", value: 1, range: nil),
  ])
  func parsesHarfBuzzSyntax(_ row: ParseCase) throws {
    let feature = try FontFeature(parsing: row.text)
    #expect(feature.tag == row.tag)
    #expect(feature.value == row.value)
    #expect(feature.range == row.range)
    #expect(try FontFeature(parsing: feature.description) == feature)
  }

  @Test(arguments: ["", "=1", "tnum=", "toolong=1", "tnum[5:3]", "kern[x]"])
  func refusesWhatHarfBuzzRefuses(_ text: String) {
    #expect(throws: CaliperError.self) { try FontFeature(parsing: text) }
  }

  @Test func tagsAreOneToFourPrintableCharacters() throws {
    #expect(throws: CaliperError.self) { try FontFeature(tag: "") }
    #expect(throws: CaliperError.self) { try FontFeature(tag: "tnumx") }
    #expect(throws: CaliperError.self) { try FontFeature(tag: "tn\u{7}m") }
    #expect(try FontFeature(tag: "tnum", value: 1, range: 2..<4).description == "tnum[2:4]")
  }
}
