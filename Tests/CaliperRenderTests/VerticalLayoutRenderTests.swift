import Caliper
import CaliperLayout
import CaliperRender
import CaliperTestSupport
import Testing

/// `LayoutRenderer` draws a vertical text node's columns in its frame: ink only inside the
/// frame the layout gives it (a frame 100 tall: 3 columns of 20.9375 pt, 62.8125 × 96,
/// 2 pt down; hand-computed from Droid's tables as in `VerticalTextLayoutTests`).
@Suite struct VerticalLayoutRenderTests {
  @Test func columnsAreDrawnInTheNodeFrame() throws {
    let fonts = try RenderFixtures.library.get()
    var style = TextStyle(size: 16, locale: "ja")
    style.writingMode = .verticalRL
    let text = try Text("吾輩は猫である。名前はまだ無い。", style: style, fonts: fonts)
    let view = HStack(spacing: 0) { text.frame(height: 100) }
    let outcome = try LayoutEngine().layout(view, in: .unspecified)
    let image = try LayoutRenderer(options: RenderOptions(scale: 1, margin: 10, overlays: []))
      .render(outcome, fonts: fonts)
    var inked: [(x: Int, y: Int)] = []
    for y in 0..<image.height {
      for x in 0..<image.width {
        // The text's own colour, (24, 24, 28), not the frames' lighter overlay strokes.
        let pixel = image.pixels[((y * image.width + x) * 4)...].prefix(3)
        if pixel.allSatisfy({ $0 < 100 }) { inked.append((x, y)) }
      }
    }
    #expect(inked.count > 200)
    // The frame is 62.8125 × 96 at (0, 2): drawn 10 px in (the layout's top sits lower, under
    // the room kept for labels), the ink no wider and no taller.
    let xs = inked.map(\.x)
    let ys = inked.map(\.y)
    #expect(xs.min()! >= 10 - 1 && Double(xs.max()!) <= 10 + 62.8125 + 1)
    #expect(Double(ys.max()! - ys.min()!) <= 96 + 2)
    // Three columns: ink in each 20.9375-pt band.
    for column in 0..<3 {
      let low = 10 + Double(column) * 20.9375
      #expect(inked.contains { Double($0.x) > low + 2 && Double($0.x) < low + 19 })
    }
  }
}
