import Caliper
import CaliperRender
import CaliperTestSupport
import Testing

/// `render` of combined runs (`TextCombineUpright`): set upright, left to right, inside the
/// one-em cell the measurement gives them. Checked on the ink the renderer reports, against
/// cells found by hand: at 16 pt, scale 2 and an 8-pt margin, the cell of a combined run
/// after one ideograph (16 pt of Droid's 256/256 vmtx advance) runs from 16 + 16 × 2 = 48
/// to 16 + 32 × 2 = 80 pixels down.
@Suite struct TextCombineUprightRenderTests {
  static let options = RenderOptions(scale: 2, margin: 8, overlays: [])

  static func rendering(_ string: String, _ combine: TextCombineUpright) throws -> TextRendering {
    let fonts = try RenderFixtures.library.get()
    var style = TextStyle(size: 16, locale: "ja")
    style.writingMode = .verticalRL
    style.textCombineUpright = combine
    return try TextRenderer(options: options).render(
      try fonts.prepare(string, style: style), proposal: .unspecified, fonts: fonts)
  }

  @Test(arguments: ["年12年", "年2024年"])
  func combinedDigitsStandUprightInTheirCell(_ string: String) throws {
    let digits = string.unicodeScalars.count - 2
    let rendering = try Self.rendering(string, .digits4)
    let ink = rendering.ink.filter { (1...digits).contains($0.cluster) }
    #expect(ink.count == digits)
    for glyph in ink {
      #expect(glyph.box.y0 >= 48 - 1 && glyph.box.y1 <= 80 + 1, "\(glyph)")
      // Upright: a digit is taller than wide.
      #expect(glyph.box.y1 - glyph.box.y0 > glyph.box.x1 - glyph.box.x0, "\(glyph)")
    }
    // Left to right across the column, centred in it: the column is 22 pt (Noto Sans's
    // ascender − descender, 1069 + 293 of 1000 units at 16 pt = 21.792, the tallest face),
    // its centre 16 + 21.792 = 37.792 pixels from the left.
    #expect(ink.map(\.box.x0) == ink.map(\.box.x0).sorted())
    let left = Double(ink.map(\.box.x0).min()!)
    let right = Double(ink.map(\.box.x1).max()!)
    #expect(abs((left + right) / 2 - 37.792) <= 2, "\(left)...\(right)")
  }

  /// Without combining the same digits lie sideways, further down: their ink reaches past
  /// the cell ("2024" is 36.608 pt long).
  @Test func sidewaysDigitsRunPastTheCell() throws {
    let rendering = try Self.rendering("年2024年", .none)
    let ink = rendering.ink.filter { (1...4).contains($0.cluster) }
    #expect(ink.map(\.box.y1).max()! > 80 + 1)
  }
}
