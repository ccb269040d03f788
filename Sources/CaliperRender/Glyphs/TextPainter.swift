import Caliper

/// Where one glyph put ink: the box of the pixels it touched, in image pixels.
public struct GlyphInk: Sendable, Hashable {
  /// The line's index in the measurement.
  public let line: Int
  /// The visual run's index in the line (left to right).
  public let run: Int
  /// The glyph's id in its face (0: `.notdef`).
  public let glyph: UInt32
  /// The scalar offset of the glyph's cluster.
  public let cluster: Int
  /// The inked pixels (FreeType's bitmap, trimmed to its non-zero pixels).
  public let box: PixelBox
}

/// Draws the glyphs of a measured text at an origin: every line's visual runs, each glyph
/// rasterised at its position in points × scale.
struct TextPainter {
  let rasterizer: GlyphRasterizer
  let scale: Double

  /// What painting did: the ink of each glyph, and how many glyphs were drawn.
  struct Result {
    var ink: [GlyphInk] = []
    var glyphCount = 0
    var notdefCount = 0
  }

  /// Paints `measurement`'s lines of `text` with the text's top left at (`x`, `y`) pixels.
  func paint(
    _ text: PreparedText, _ measurement: TextMeasurement, x: Double, y: Double, color: Color,
    into image: inout Image
  ) throws(RenderError) -> Result {
    var result = Result()
    for (lineIndex, line) in measurement.lines.enumerated() {
      let baseline = y + line.baseline * scale
      // Glyph x is from the line's content edge; the line starts at its indent and alignment.
      for (runIndex, run) in text.glyphRuns(in: line).enumerated() {
        let pixels = run.size * scale
        for glyph in run.glyphs {
          result.glyphCount += 1
          if glyph.id == 0 { result.notdefCount += 1 }
          let box = try rasterizer.draw(
            glyph: glyph.id, font: run.font, pixels: pixels,
            x: x + (line.x + glyph.x) * scale,
            y: baseline - (glyph.y + run.baselineOffset) * scale, color: color, size: run.size,
            into: &image)
          if !box.isEmpty {
            result.ink.append(
              GlyphInk(
                line: lineIndex, run: runIndex, glyph: glyph.id, cluster: glyph.cluster, box: box))
          }
        }
      }
    }
    return result
  }

  /// Draws `measurement`'s inline placeholders (`TextSpan.placeholder`) of `text`, placed as
  /// `paint` places the glyphs: each box lightly filled and outlined, its label (set by
  /// `fonts` at `labelSize`) inside its top left.
  func paintPlaceholders(
    _ text: PreparedText, _ measurement: TextMeasurement, x: Double, y: Double,
    fonts: FontLibrary, labelSize: Double, into image: inout Image
  ) throws(RenderError) {
    guard text.spans.contains(where: { $0.placeholder != nil }) else { return }
    for placed in text.characterGeometry(of: measurement).placeholders {
      let box = PixelBox(
        x: x + placed.rect.minX * scale, y: y + placed.rect.minY * scale,
        width: max(1, placed.rect.width * scale), height: max(1, placed.rect.height * scale))
      image.fill(box, color: OverlayColor.placeholderFill)
      image.stroke(box, color: OverlayColor.placeholder)
      guard let name = placed.label, !name.isEmpty,
        let label = try? fonts.prepare(name, style: TextStyle(size: labelSize))
      else { continue }
      let inset = max(1, scale)
      _ = try paint(
        label, label.measure(.unspecified), x: Double(box.x0) + inset, y: Double(box.y0) + inset,
        color: OverlayColor.placeholder, into: &image)
    }
  }
}
