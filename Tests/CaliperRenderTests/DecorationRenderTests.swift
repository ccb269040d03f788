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

  /// A wavy underline is Chromium's smooth wave. Measured from Chromium 156's drawing of
  /// `text-decoration: underline wavy; text-decoration-thickness: T` (screenshots at a scale
  /// of 1, the stroke's centre per pixel column, the mean of the column's coverage): for T
  /// = 1, 2 and 4 px the wave repeats every 7, 11 and 19 px and its centre swings 2.41, 4.17
  /// and 7.69 px from crest to trough. The same measure over Caliper's drawing (hyphens
  /// underlined, the rows below their baseline) must give the same wavelength and a swing within
  /// 0.15 px; and the stroke is antialiased: most of its pixels are partly covered.
  @Test(arguments: [(1.0, 7, 2.41), (2, 11, 4.17), (4, 19, 7.69)])
  func wavesAsChromiumDoes(_ thickness: Double, _ wavelength: Int, _ swing: Double) throws {
    let library = try TestFonts.library.get()
    let wavy = TextDecoration(lines: .underline, style: .wavy, thickness: thickness)
    let text = try library.prepare(
      String(repeating: "-", count: 12), style: TextStyle(size: 50),
      spans: [TextSpan(0..<12, decoration: wavy)])
    let rendering = try TextRenderer(options: RenderOptions(scale: 1, margin: 24, overlays: []))
      .render(text, proposal: .unspecified, fonts: library)
    let image = rendering.image
    let line = try #require(rendering.measurement.lines.first)
    let below = Int((rendering.origin.y + line.baseline).rounded(.up)) + 1
    var centres: [(column: Int, y: Double)] = []
    var partial = 0
    var covered = 0
    for column in 0..<image.width {
      var (total, moment) = (0.0, 0.0)
      for row in below..<image.height {
        guard let pixel = image.pixel(x: column, y: row) else { continue }
        let coverage = Double(255 - Int(pixel.red)) / 255
        if coverage > 0 { covered += 1 }
        if coverage > 0.05 && coverage < 0.95 { partial += 1 }
        total += coverage
        moment += coverage * Double(row)
      }
      if total > 0.3 { centres.append((column, moment / total)) }
    }
    let inner = centres.dropFirst(5).dropLast(5).map(\.y)
    try #require(centres.count > 20)
    let lowest = (1..<(centres.count - 1)).filter {
      centres[$0].y <= centres[$0 - 1].y && centres[$0].y < centres[$0 + 1].y
    }.map { centres[$0].column }
    let periods = Set(zip(lowest, lowest.dropFirst()).map { $1 - $0 })
    #expect(periods == [wavelength], "\(lowest)")
    let measured = (inner.max() ?? 0) - (inner.min() ?? 0)
    #expect(abs(measured - swing) < 0.15, "swing \(measured), Chromium \(swing)")
    #expect(partial * 2 > covered, "\(partial) of \(covered) pixels partly covered")
  }
}
