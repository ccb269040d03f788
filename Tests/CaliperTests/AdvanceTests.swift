import Caliper
import Testing

/// Widths against `hb-shape` at the font's own units per em (exact font units).
///
/// Recorded with HarfBuzz 6.0.0 (Debian 12) from the repository root:
///   hb-shape --font-size=U --no-glyph-names --no-clusters Fonts/FILE 'TEXT'
/// summing the x advances; U is the font's units per em from its 'head' table.
/// Expected width = sum × 16 / U.
@Suite struct AdvanceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let file: String
    let unitsPerEm: Double
    let text: String
    let hbShapeSum: Double
    var testDescription: String { "\(file): \(text)" }
  }

  static let cases: [Case] = [
    Case(
      file: "NotoSans-Regular.ttf", unitsPerEm: 1000, text: "Blue tile with a longer local label",
      hbShapeSum: 15166),
    Case(
      file: "NotoSans-Regular.ttf", unitsPerEm: 1000, text: "AVATAR Tokyo, Wave.", hbShapeSum: 9814),
    Case(
      file: "NotoSans-Regular.ttf", unitsPerEm: 1000, text: "office affine fluffy", hbShapeSum: 8222
    ),
    Case(file: "NotoSans-Bold.ttf", unitsPerEm: 1000, text: "Bold Type 123", hbShapeSum: 6817),
    Case(file: "NotoSans-Regular.ttf", unitsPerEm: 1000, text: "Γειά σου Κόσμε", hbShapeSum: 7220),
    Case(
      file: "NotoSans-Regular.ttf", unitsPerEm: 1000, text: "Съешь же ещё этих булок",
      hbShapeSum: 12685),
    Case(
      file: "NotoSansArabic-Regular.ttf", unitsPerEm: 1000, text: "مرحبا بالعالم", hbShapeSum: 4818),
    Case(file: "NotoSansHebrew-Regular.ttf", unitsPerEm: 1000, text: "שלום עולם", hbShapeSum: 4597),
    Case(
      file: "NotoSansDevanagari-Regular.ttf", unitsPerEm: 1000, text: "नमस्ते दुनिया स्ता", hbShapeSum: 6023),
    Case(file: "NotoSansThai-Regular.ttf", unitsPerEm: 1000, text: "สวัสดีชาวโลก", hbShapeSum: 5169),
    Case(file: "DroidSansFallbackFull.ttf", unitsPerEm: 256, text: "这是一个测试", hbShapeSum: 1536),
    Case(file: "NanumGothic.ttf", unitsPerEm: 1000, text: "안녕하세요 세계", hbShapeSum: 6860),
    Case(file: "NotoSansMono-Regular.ttf", unitsPerEm: 1000, text: "0123456789", hbShapeSum: 6000),
    Case(file: "NotoColorEmoji.ttf", unitsPerEm: 2048, text: "😀👍", hbShapeSum: 5100),
  ]

  @Test(arguments: cases)
  func idealWidthMatchesHBShape(_ item: Case) throws {
    let text = try TestFonts.prepare(
      item.text, fonts: [.file(TestFonts.directory + "/" + item.file)])
    #expect(text.faces.map(\.path) == [TestFonts.directory + "/" + item.file])
    let expected = item.hbShapeSum * 16 / item.unitsPerEm
    #expect(abs(text.idealWidth - expected) < 0.001, "\(text.idealWidth) vs \(expected)")
    #expect(abs(text.measure(.unspecified).size.width - expected) < 0.001)
  }

  @Test func designDocumentNotoSansWidth() throws {
    // MeasurementSemantics.md: "Blue tile with a longer local label" is 242.656 pt in Noto Sans at 16 pt.
    let text = try TestFonts.prepare("Blue tile with a longer local label")
    #expect(abs(text.idealWidth - 242.656) < 0.0005)
  }
}
