import Caliper
import CaliperRender
import CaliperTestSupport
import Testing

/// `render` draws a span's underline where `decorations(of:)` puts it, in its colour, and
/// skips ink as Chromium's `text-decoration-skip-ink: auto` does: under "H" (nothing below
/// the baseline) the stroke runs unbroken; under "g" (its descender crosses the stroke) it is
/// broken; a line-through is never broken.
@Suite struct DecorationRenderTests {
  static func render(_ lines: TextDecoration.Lines) throws -> (TextRendering, DecorationSegment) {
    let library = try TestFonts.library.get()
    let red: UInt32 = 0xD0_20_20
    let text = try library.prepare(
      "HHgg", style: TextStyle(size: 20),
      spans: [TextSpan(0..<4, decoration: TextDecoration(lines: lines, color: red))])
    let rendering = try TextRenderer(options: RenderOptions(scale: 4, margin: 4, overlays: []))
      .render(text, proposal: .unspecified, fonts: library)
    let segment = try #require(text.decorations(of: rendering.measurement).first)
    return (rendering, segment)
  }

  /// The stroke's red pixels on its middle row, under each pair of letters.
  static func redColumns(_ rendering: TextRendering, _ segment: DecorationSegment) -> (Int, Int) {
    let scale = rendering.scale
    let row = Int(
      (rendering.origin.y + (segment.rect.minY + segment.rect.height / 2) * scale).rounded(.down))
    let half = segment.rect.minX + segment.rect.width / 2
    var counts = (0, 0)
    for column in 0..<rendering.image.width {
      guard let pixel = rendering.image.pixel(x: column, y: row), pixel.red > 150,
        pixel.green < 80
      else { continue }
      let x = (Double(column) - rendering.origin.x) / scale
      if x < half { counts.0 += 1 } else { counts.1 += 1 }
    }
    return counts
  }

  @Test func underlinesSkipInk() throws {
    let (rendering, segment) = try Self.render(.underline)
    let (underH, underG) = Self.redColumns(rendering, segment)
    let halfPixels = Int(segment.rect.width / 2 * rendering.scale)
    #expect(underH >= halfPixels - 2, "\(underH) of \(halfPixels)")
    #expect(underG < halfPixels - 8, "\(underG) of \(halfPixels)")
  }

  @Test func lineThroughIsNotBroken() throws {
    let (rendering, segment) = try Self.render(.lineThrough)
    #expect(segment.kind == .lineThrough)
    // Drawn over the glyphs: every column of the stroke's row is red.
    let (left, right) = Self.redColumns(rendering, segment)
    let halfPixels = Int(segment.rect.width / 2 * rendering.scale)
    #expect(left >= halfPixels - 2 && right >= halfPixels - 2)
  }
}
