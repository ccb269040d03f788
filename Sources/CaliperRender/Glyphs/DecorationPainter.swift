import Caliper

/// Draws the decorations of a measured text (`PreparedText.decorations(of:)`): each stroke
/// in its style, underlines and overlines broken where glyphs cross them.
///
/// Problem: an underline drawn straight through "g" and "y" hides their descenders.
/// Solution: as Chromium's `text-decoration-skip-ink: auto`, the glyphs are painted once
/// more into a mask; a column of an underline or overline where the mask has ink inside the
/// stroke's band (widened by the stroke's thickness above and below) is skipped, with a gap
/// of that thickness on both sides. A line-through is never broken. Styles: `single` one
/// stroke; `double` two, a thickness apart; `dotted` squares and `dashed` dashes three
/// thicknesses long, a thickness apart; `wavy` Chromium's smooth wave (`WavyStroke`),
/// antialiased, about its band's middle. Limitation: the straight strokes are whole pixels,
/// not antialiased.
struct DecorationPainter {
  let scale: Double

  /// Paints the decorations of `measurement` with the text's top left at (`x`, `y`) pixels;
  /// `mask` holds the glyphs painted alone (black on white), `color` is the text's.
  func paint(
    _ segments: [DecorationSegment], x: Double, y: Double, color: Color, mask: Image,
    into image: inout Image
  ) {
    for segment in segments {
      let stroke =
        segment.color.map {
          Color(red: UInt8($0 >> 16 & 0xFF), green: UInt8($0 >> 8 & 0xFF), blue: UInt8($0 & 0xFF))
        } ?? color
      let thickness = max(1, Int((segment.rect.height * scale).rounded()))
      let x0 = Int((x + segment.rect.minX * scale).rounded(.down))
      let x1 = Int((x + segment.rect.maxX * scale).rounded(.up))
      let top = Int((y + segment.rect.minY * scale).rounded(.down))
      let skips = segment.kind != .lineThrough
      // The band the stroke (and a double's second stroke, or a wave) covers.
      let bandBottom =
        top + (segment.style == .double ? 3 : segment.style == .wavy ? 3 : 1) * thickness
      var skipped = [Bool](repeating: false, count: max(0, x1 - x0))
      if skips {
        for column in x0..<max(x0, x1) {
          for row in (top - thickness)..<(bandBottom + thickness) {
            if let pixel = mask.pixel(x: column, y: row), pixel.red < 160 {
              for near in max(x0, column - thickness)..<min(x1, column + thickness + 1) {
                skipped[near - x0] = true
              }
              break
            }
          }
        }
      }
      // The wave about the middle of its band of three thicknesses.
      let wave =
        segment.style == .wavy
        ? WavyStroke(
          from: x + segment.rect.minX * scale, to: x + segment.rect.maxX * scale,
          centre: y + (segment.rect.minY + 1.5 * segment.rect.height) * scale,
          thickness: segment.rect.height, scale: scale) : nil
      for column in x0..<max(x0, x1) where !skipped[column - x0] {
        if let wave {
          for row in wave.rows {
            let coverage = wave.coverage(column: column, row: row)
            if coverage > 0 { image.blend(x: column, y: row, color: stroke, coverage: coverage) }
          }
          continue
        }
        let offset = column - x0
        var rows: [Int] = []
        switch segment.style {
        case .single: rows = Array(top..<(top + thickness))
        case .double:
          rows =
            Array(top..<(top + thickness)) + Array((top + 2 * thickness)..<(top + 3 * thickness))
        case .dotted:
          if offset / thickness % 2 == 0 { rows = Array(top..<(top + thickness)) }
        case .dashed:
          if offset % (4 * thickness) < 3 * thickness { rows = Array(top..<(top + thickness)) }
        case .wavy: break  // drawn above
        }
        for row in rows { image.blend(x: column, y: row, color: stroke, coverage: 255) }
      }
    }
  }
}
