import Caliper
import CaliperRender
import Testing

/// Synthesized bold and oblique drawn (`FontSynthesis`): the pixels of "H" in Noto Sans
/// Mono, a family without bold or italic faces, at 100 pt and a scale of 1, against its
/// outline's box by hand. `hb-shape --font-size=1000 --show-extents
/// Fonts/NotoSansMono-Regular.ttf H` gives `H=0+600<70,714,460,-714>`: at 100 pt the ink
/// spans 7 to 53 px right of the origin and 71.4 px above the baseline. Bold grows each
/// side by half of Skia's stroke, 100 / 32 / 2 = 1.5625 px (Chromium 156's, whose bold
/// "lH" at 100 px is likewise about 2 px wider on each side than its regular); oblique
/// moves the top right corner 71.4 / 4 = 17.85 px right. Anti-aliasing may add a pixel on
/// each side of the exact box, never more, and never take one away.
@Suite struct SynthesisRenderTests {
  static let options = RenderOptions(scale: 1, margin: 8, overlays: [])

  static let cases: [(Int, FontDescriptor.Slant)] = [
    (400, .roman), (700, .roman), (400, .italic), (700, .italic),
  ]

  @Test(arguments: cases)
  func drawsTheChangedOutline(_ weight: Int, _ slant: FontDescriptor.Slant) throws {
    let fonts = try RenderFixtures.library.get()
    let style = TextStyle(
      size: 100,
      fonts: [.descriptor(FontDescriptor(family: "Noto Sans Mono", weight: weight, slant: slant))])
    let text = try fonts.prepare("H", style: style)
    let rendering = try TextRenderer(options: Self.options).render(
      text, proposal: .unspecified, fonts: fonts)
    let ink = try #require(rendering.ink.first).box
    let line = try #require(rendering.measurement.lines.first)
    let origin = (x: rendering.lineBox(0).x0, y: rendering.lineBox(0).y0 + line.baseline)
    let grow = weight == 700 ? 100.0 / 32 / 2 : 0
    let skew = slant == .roman ? 0 : 0.25
    let (top, bottom) = (71.4 + grow, -grow)  // above the baseline
    let exact = (
      left: origin.x + 7 - grow + skew * bottom, right: origin.x + 53 + grow + skew * top,
      top: origin.y - top, bottom: origin.y - bottom
    )
    for (drawn, edge, outward) in [
      (Double(ink.x0), exact.left, -1.0), (Double(ink.x1), exact.right, 1),
      (Double(ink.y0), exact.top, -1), (Double(ink.y1), exact.bottom, 1),
    ] {
      // The pixel edge lies at most one pixel outside the exact edge, and not inside it by
      // more than the pixel the edge falls in.
      let beyond = (drawn - edge) * outward
      #expect(beyond > -1 && beyond <= 1 + 1e-9, "\(weight) \(slant): \(ink) against \(exact)")
    }
  }
}
