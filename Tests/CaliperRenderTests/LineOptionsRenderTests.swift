import Caliper
import CaliperRender
import Testing

/// Rendering with line limits and alignment: the truncated line's ink stays inside the
/// proposed width, and every line's ink starts at or after its `x`.
@Suite struct LineOptionsRenderTests {
  @Test(arguments: [TruncationMode.tail, .middle, .head])
  func truncatedInkStaysInsideTheProposal(mode: TruncationMode) throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare("Blue tile with a longer local label and more words")
    let scale = 2.0
    let options = RenderOptions(scale: scale, margin: 8, overlays: [])
    let rendering = try TextRenderer(options: options).render(
      text, proposal: ProposedViewSize(width: 100, height: nil), fonts: fonts,
      textOptions: TextContainerOptions(lineLimit: 2, truncationMode: mode, alignment: .center))
    #expect(rendering.measurement.truncated && rendering.measurement.lineCount == 2)
    // Ink may overhang its advances by the font's bounding box (0.15 em, as RenderTests
    // allows) plus a pixel of anti-aliasing.
    let allowed = 0.15 * 16 * scale + 1
    let margin = Double(options.marginPixels)
    for ink in rendering.ink {
      let line = rendering.measurement.lines[ink.line]
      #expect(Double(ink.box.x1) <= margin + 100 * scale + allowed)
      #expect(Double(ink.box.x0) >= margin + line.x * scale - allowed)
    }
    #expect(rendering.ink.count > 10)
  }
}
