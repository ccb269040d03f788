import Caliper
import CaliperRender
import CaliperTestSupport
import Testing

/// `render --ink`: the ink boxes drawn, and FreeType's pixels inside them.
///
/// Independent check: the rasteriser (FreeType, the outlines at points × scale) knows nothing
/// of HarfBuzz's extents, yet every pixel it inks lies inside the ink rect (grown to whole
/// pixels, plus one pixel of antialiasing), and the rect's edges are touched by ink on all
/// four sides (within a pixel): the box is neither too small nor loose.
@Suite struct InkRenderTests {
  @Test(arguments: [
    ("Blue tile with a longer local label", 120.0, [FontReference]()),
    ("Ångström gjpqy", 300, []),
    ("fjord ƒ jig", 300, [.family("Noto Sans Italic")]),
    ("مرحبا بالعالم", 60, []),
    ("नमस्ते दुनिया", 300, []),
  ])
  func glyphPixelsFillTheInkRect(text string: String, width: Double, fonts: [FontReference])
    throws
  {
    let library = try TestFonts.library.get()
    let text = try library.prepare(string, style: TextStyle(size: 20, fonts: fonts))
    let scale = 3.0
    let rendering = try TextRenderer(
      options: RenderOptions(scale: scale, margin: 10, overlays: [.ink])
    ).render(text, proposal: ProposedViewSize(width: width, height: nil), fonts: library)
    let ink = try #require(rendering.inkBounds?.rect)
    let pixels = rendering.ink.map(\.box).reduce(rendering.ink[0].box) { $0.union($1) }
    let origin = rendering.origin
    let left = origin.x + ink.minX * scale
    let right = origin.x + ink.maxX * scale
    let top = origin.y + ink.minY * scale
    let bottom = origin.y + ink.maxY * scale
    #expect(Double(pixels.x0) >= left.rounded(.down) - 1 && Double(pixels.x0) <= left + 1)
    #expect(Double(pixels.x1) <= right.rounded(.up) + 1 && Double(pixels.x1) >= right - 1)
    #expect(Double(pixels.y0) >= top.rounded(.down) - 1 && Double(pixels.y0) <= top + 1)
    #expect(Double(pixels.y1) <= bottom.rounded(.up) + 1 && Double(pixels.y1) >= bottom - 1)
    // The frame is drawn outside the ink: two pixels left of its left edge, in ink colour.
    let frameX = Int(left.rounded(.down)) - 3
    let frameY = Int(((top + bottom) / 2).rounded(.down))
    let frame = try #require(rendering.image.pixel(x: frameX, y: frameY))
    #expect(frame.red > 150 && frame.green < 80, "\(frame)")
  }
}
