import Caliper
import CaliperRender
import CaliperTestSupport
import Testing

/// `render` draws an inline placeholder as a labelled box where measuring put it, and no
/// glyph for its U+FFFC.
@Suite struct PlaceholderRenderTests {
  @Test func theBoxIsOutlinedWhereItsRectIs() throws {
    let fonts = try RenderFixtures.library.get()
    let box = Placeholder(width: 30, height: 24, label: "img")
    let text = try fonts.prepare(
      "Blue \u{FFFC} tile", style: TextStyle(size: 16), spans: [TextSpan(5..<6, placeholder: box)])
    let options = RenderOptions(scale: 2, margin: 8, overlays: [])
    let rendering = try TextRenderer(options: options).render(
      text, proposal: .unspecified, fonts: fonts)
    // "Blue " and " tile": 10 glyphs, none for the box's U+FFFC.
    #expect(rendering.glyphCount == 10 && rendering.notdefCount == 0)
    #expect(!rendering.ink.contains { $0.cluster == 5 })
    let rect = text.characterGeometry(of: rendering.measurement).placeholders[0].rect
    let left = Int((rendering.origin.x + rect.minX * 2).rounded(.down))
    let top = Int((rendering.origin.y + rect.minY * 2).rounded(.down))
    let outline = Color(red: 0, green: 130, blue: 140)
    // Its left and bottom edges are outlined; inside, away from the label, it is filled.
    #expect(rendering.image.pixel(x: left, y: top + 40) == outline)
    #expect(rendering.image.pixel(x: left + 30, y: top + 47) == outline)
    let inside = rendering.image.pixel(x: left + 50, y: top + 40)!
    #expect(inside != .white && inside != outline)
    // The label's ink is inside the box's top left.
    var labelInk = 0
    for x in (left + 1)..<(left + 40) {
      for y in (top + 1)..<(top + 20) {
        guard let pixel = rendering.image.pixel(x: x, y: y) else { continue }
        if pixel.red < 100 && pixel.green < 200 { labelInk += 1 }
      }
    }
    #expect(labelInk > 20)
  }
}
