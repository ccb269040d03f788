import Caliper
import Testing

/// Spans with their own OpenType features, letter spacing, weight and variations.
///
/// Expected values are hb-shape sums on the bundled fonts, in font units, written here:
/// - `hb-shape Fonts/Inter-roman.var.ttf "Total 1111 and 1111"`: 1584 1680 1024 1588 668
///   792, 1308 × 4, 792 1588 1648 1748 792, 1308 × 4 = 24368 (units per em 2816);
///   `hb-shape --features="tnum[6:10]"` on the same: the first "1111" 1824 × 4, 26432.
/// - `hb-shape Fonts/NotoSans-Regular.ttf "Blue tile ok"`: 650 258 618 564 260, 361 258
///   258 564, 260 605 534 = 5190 (units per em 1000); the same with `--features=liga=0,
///   clig=0,dlig=0` (letter spacing turns optional ligatures off) is unchanged.
/// - `hb-shape Fonts/NotoSans-Bold.ttf "tile"`: 434 305 305 591 = 1635.
/// - `hb-shape Fonts/Inter-roman.var.ttf "Blue "`: 1832 668 1636 1640 792 = 6568;
///   `hb-shape --variations=wght=700 Fonts/Inter-roman.var.ttf "tile"`: 1094 766 766 1683
///   = 4309.
///
/// Pango 1.50 with the same fonts (16 pt, 72 dpi, unhinted; as Scripts/pango-style) agrees:
/// "Total <span font_features='tnum'>1111</span> and 1111" in Inter 150.1797 (26432 units:
/// 150.1818), "Blue <span letter_spacing='2048'>tile</span> ok" 91.0410 (91.04),
/// "Blue <span weight='700'>tile</span>" 63.7607 (63.76), and in Inter, with weight 700 or
/// `font_desc='Inter @wght=700'`, 61.8027 (61.8011). Pango works in 1/1024 pt.
@Suite struct SpanStyleTests {
  static let inter = 2816.0
  static func library() throws -> FontLibrary { try TestFonts.library.get() }
  static func tnum() throws -> FontFeature { try FontFeature(parsing: "tnum") }

  @Test func tabularDigitsSpanChangesOnlyItsWidth() throws {
    let style = TextStyle(size: 16, fonts: [.family("Inter")])
    let text = "Total 1111 and 1111"
    let plain = try Self.library().prepare(text, style: style, spans: [TextSpan(0..<0)])
    let tabular = try Self.library().prepare(
      text, style: style, spans: [TextSpan(6..<10, features: [try Self.tnum()])])
    #expect(abs(plain.idealWidth - 24368 * 16 / Self.inter) < 1e-9)
    #expect(abs(tabular.idealWidth - 26432 * 16 / Self.inter) < 1e-9)
    // Only the span's digits changed: the second "1111" is proportional, as in hb-shape.
    let runs = tabular.faceRuns
    #expect(runs.count == 3)
    let line = tabular.measure(.unspecified).lines[0]
    let widths = tabular.runs(in: line).map(\.width)
    #expect(abs(widths.reduce(0, +) - line.width) < 1e-9)
    #expect(abs(widths[1] - 1824 * 4 * 16 / Self.inter) < 1e-9)
  }

  @Test func letterSpacingSpanAddsSpacingToItsClusters() throws {
    let style = TextStyle(size: 16)
    let middle = try Self.library().prepare(
      "Blue tile ok", style: style, spans: [TextSpan(5..<9, letterSpacing: 2)])
    // Four clusters in the span, each followed by 2 pt (the "e" by the space after it).
    #expect(abs(middle.idealWidth - (5190.0 * 16 / 1000 + 4 * 2)) < 1e-9)
    // A span ending the line: no spacing after the line's last cluster (Caliper's rule for
    // a paragraph's spacing too). Pango, which puts half of each cluster's spacing before
    // it and half after, keeps half there: 67.6572, 1 pt more.
    let end = try Self.library().prepare(
      "Blue tile", style: style, spans: [TextSpan(5..<9, letterSpacing: 2)])
    #expect(abs(end.idealWidth - ((2350.0 + 1441) * 16 / 1000 + 3 * 2)) < 1e-9)
    // At 70 pt (the whole is 91.04) it wraps after "tile ": that line drops only the
    // spacing after "e" (66.656).
    let wrapped = middle.measure(ProposedViewSize(width: 70, height: nil))
    #expect(wrapped.lines.map(\.text) == ["Blue tile ", "ok"])
    #expect(abs(wrapped.lines[0].width - ((2350.0 + 1441) * 16 / 1000 + 3 * 2)) < 1e-9)
    // The paragraph's letter spacing, overridden by a span with none.
    let spaced = try Self.library().prepare(
      "Blue tile", style: TextStyle(size: 16, letterSpacing: 1),
      spans: [TextSpan(5..<9, letterSpacing: 0)])
    #expect(abs(spaced.idealWidth - ((2350.0 + 1441) * 16 / 1000 + 5 * 1)) < 1e-9)
  }

  @Test func weightSevenHundredIsTheBoldFace() throws {
    let bold = try Self.library().prepare(
      "Blue tile", style: TextStyle(size: 16), spans: [TextSpan(5..<9, bold: true)])
    let heavy = try Self.library().prepare(
      "Blue tile", style: TextStyle(size: 16), spans: [TextSpan(5..<9, weight: 700)])
    #expect(abs(heavy.idealWidth - (2350.0 + 1635) * 16 / 1000) < 1e-9)
    #expect(heavy.idealWidth == bold.idealWidth)
    #expect(heavy.faces.map(\.styleName) == ["Regular", "Bold"])
    // Weight with italic slant: Bold Italic.
    let slanted = try Self.library().prepare(
      "Blue tile", style: TextStyle(size: 16),
      spans: [TextSpan(5..<9, weight: 700, slant: .italic)])
    #expect(slanted.faces.map(\.styleName) == ["Regular", "Bold Italic"])
  }

  @Test func weightOnInterSetsItsWeightAxis() throws {
    let expected = (6568 + 4309) * 16 / Self.inter
    let style = TextStyle(size: 16, fonts: [.family("Inter")])
    let byWeight = try Self.library().prepare(
      "Blue tile", style: style, spans: [TextSpan(5..<9, weight: 700)])
    #expect(abs(byWeight.idealWidth - expected) < 1e-9)
    let byAxis = try Self.library().prepare(
      "Blue tile", style: style,
      spans: [TextSpan(5..<9, variations: [try FontVariation(parsing: "wght=700")])])
    #expect(abs(byAxis.idealWidth - expected) < 1e-9)
    // The span's own fonts with an axis, in a Noto Sans paragraph: "Blue " 2350 in Noto.
    let own = try Self.library().prepare(
      "Blue tile", style: TextStyle(size: 16),
      spans: [
        TextSpan(
          5..<9, fonts: [.family("Inter")], variations: [try FontVariation(parsing: "wght=700")])
      ])
    #expect(abs(own.idealWidth - (2350.0 / 1000 + 4309 / Self.inter) * 16) < 1e-9)
    // Inter by file, with a weight: set on its `wght` axis too.
    let file = try Self.library().prepare(
      "Blue tile", style: TextStyle(size: 16),
      spans: [
        TextSpan(5..<9, fonts: [.file(TestFonts.directory + "/Inter-roman.var.ttf")], weight: 700)
      ])
    #expect(abs(file.idealWidth - (2350.0 / 1000 + 4309 / Self.inter) * 16) < 1e-9)
  }

  @Test func spanFeaturesArePartOfTheCacheKeys() throws {
    // One library with its prepared-text and shaped-word caches on.
    let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
    let style = TextStyle(size: 16, fonts: [.family("Inter")])
    let text = "Total 1111 and 1111"
    let plain = try fonts.prepare(text, style: style, spans: [TextSpan(6..<10)])
    let tabular = try fonts.prepare(
      text, style: style, spans: [TextSpan(6..<10, features: [try Self.tnum()])])
    let again = try fonts.prepare(text, style: style, spans: [TextSpan(6..<10)])
    #expect(abs(plain.idealWidth - 24368 * 16 / Self.inter) < 1e-9)
    #expect(abs(tabular.idealWidth - 26432 * 16 / Self.inter) < 1e-9)
    #expect(again.idealWidth == plain.idealWidth)
    #expect(plain.spans != tabular.spans)
  }

  @Test func badSpanStylesAreRefused() throws {
    for span in [
      TextSpan(0..<4, weight: 0), TextSpan(0..<4, width: 30),
      TextSpan(0..<4, letterSpacing: .nan),
    ] {
      #expect(throws: CaliperError.self) {
        try Self.library().prepare("Blue tile", spans: [span])
      }
    }
  }
}
