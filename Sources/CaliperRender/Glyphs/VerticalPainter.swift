import Caliper

/// Render, vertical text: columns drawn top to bottom in their places in the block.
///
/// Problem: a vertical text's glyphs come from the same shaping as its measurement, but an
/// upright glyph hangs from its vertical origin (the top of its cell, on the column's
/// centre line) and a sideways one stands on a baseline turned 90° clockwise. Solution: for
/// each column of `measureColumns`, take its line's glyph runs (`glyphRuns(in:)`, positions
/// along the column) and draw upright glyphs as they are, moved by HarfBuzz's offsets from
/// the pen (across the column, then down), and sideways glyphs turned clockwise about their
/// origin on a baseline that centres the face's ascent + descent in the column (CSS's
/// central baseline). A combined run (`TextCombineUpright`) is drawn upright left to right,
/// centred in its one-em cell of the column. Limitations: colour (emoji) bitmaps are drawn
/// upright even in a sideways run; a combined run wider than 1.1 em is scaled down whole to
/// fit, where Chromium compresses it across only.
struct VerticalPainter {
  let rasterizer: GlyphRasterizer
  let scale: Double

  /// Paints `block`'s columns of `text` with the block's top left at (`x`, `y`) pixels.
  func paint(
    _ text: PreparedText, _ block: VerticalMeasurement, x: Double, y: Double, color: Color,
    into image: inout Image
  ) throws(RenderError) -> TextPainter.Result {
    var result = TextPainter.Result()
    for (columnIndex, column) in block.columns.enumerated() {
      let center = x + (column.x + column.width / 2) * scale
      let top = y + column.y * scale
      let runs = text.glyphRuns(in: column.line)
      for (runIndex, run) in runs.enumerated() {
        if text.isCombinedUpright(run) {
          let cell = Self.combinedCell(runs, index: runIndex, text: text)
          for glyph in run.glyphs {
            result.glyphCount += 1
            if glyph.id == 0 { result.notdefCount += 1 }
            let box = try drawCombined(
              glyph, run, cell, center: center, top: top, color: color, into: &image)
            if !box.isEmpty {
              result.ink.append(
                GlyphInk(
                  line: columnIndex, run: runIndex, glyph: glyph.id, cluster: glyph.cluster,
                  box: box))
            }
          }
          continue
        }
        let pixels = run.size * scale
        let upright = text.standsUpright(run)
        let metrics = run.font.metrics.scaled(to: run.size)
        // The turned baseline: ascent to the right of it, descent to the left, centred.
        let baseline = center - (metrics.ascent - metrics.descent) / 2 * scale
        var pen = run.x
        for glyph in run.glyphs {
          result.glyphCount += 1
          if glyph.id == 0 { result.notdefCount += 1 }
          let box: PixelBox
          if upright {
            box = try rasterizer.draw(
              glyph: glyph.id, font: run.font, pixels: pixels,
              x: center + (glyph.x - pen) * scale, y: top + (pen - glyph.y) * scale,
              color: color, into: &image)
          } else {
            box = try drawTurned(
              glyph.id, font: run.font, pixels: pixels,
              x: baseline + (glyph.y + run.baselineOffset) * scale, y: top + glyph.x * scale,
              color: color, into: &image)
          }
          pen += glyph.advance
          if !box.isEmpty {
            result.ink.append(
              GlyphInk(
                line: columnIndex, run: runIndex, glyph: glyph.id, cluster: glyph.cluster,
                box: box))
          }
        }
      }
    }
    return result
  }

  /// Where a combined run's glyphs go: its stretch of combined runs (one combined run may be
  /// several faces' runs) starts `top` points down the column, and is `width` points wide
  /// as shaped; this run starts `offset` points into it.
  struct CombinedCell {
    let top: Double
    let width: Double
    let offset: Double
  }

  /// The cell of the combined run `runs[index]`.
  static func combinedCell(_ runs: [LineRun], index: Int, text: PreparedText) -> CombinedCell {
    var first = index
    while first > 0, text.isCombinedUpright(runs[first - 1]),
      runs[first - 1].range.upperBound == runs[first].range.lowerBound
    {
      first -= 1
    }
    var last = index
    while last + 1 < runs.count, text.isCombinedUpright(runs[last + 1]),
      runs[last].range.upperBound == runs[last + 1].range.lowerBound
    {
      last += 1
    }
    func width(_ run: LineRun) -> Double { run.glyphs.reduce(0) { $0 + $1.advance } }
    return CombinedCell(
      top: runs[first].x, width: runs[first...last].reduce(0) { $0 + width($1) },
      offset: runs[first..<index].reduce(0) { $0 + width($1) })
  }

  /// Draws `glyph` of the combined run `run` upright in `cell`: the run set left to right,
  /// centred across the column (`center`, pixels) and, its ascent + descent, in the cell's
  /// em; scaled down whole when wider than 1.1 em.
  func drawCombined(
    _ glyph: PositionedGlyph, _ run: LineRun, _ cell: CombinedCell, center: Double,
    top: Double, color: Color, into image: inout Image
  ) throws(RenderError) -> PixelBox {
    let em = run.size
    let shrink = cell.width > 1.1 * em ? 1.1 * em / cell.width : 1
    let metrics = run.font.metrics.scaled(to: run.size)
    let baseline = cell.top + em / 2 + (metrics.ascent - metrics.descent) / 2 * shrink
    let across = cell.offset + glyph.x - run.x - cell.width / 2
    return try rasterizer.draw(
      glyph: glyph.id, font: run.font, pixels: run.size * shrink * scale,
      x: center + across * shrink * scale, y: top + (baseline - glyph.y * shrink) * scale,
      color: color, into: &image)
  }

  /// Draws glyph `id` turned 90° clockwise with its origin at (`x`, `y`) image pixels: the
  /// glyph's right is down, its up is right.
  func drawTurned(
    _ id: UInt32, font: Font, pixels: Double, x: Double, y: Double, color: Color,
    into image: inout Image
  ) throws(RenderError) -> PixelBox {
    let bitmap: GlyphBitmap?
    do {
      // Sub-pixel pens swap with the axes: the glyph's x is the image's y.
      bitmap = try font.glyphBitmap(
        id, pixels: pixels, dx: y - y.rounded(.down), dy: x.rounded(.down) - x)
    } catch {
      throw .freeType(function: error.function, code: error.code, path: font.path)
    }
    guard let bitmap else { return PixelBox(x0: 0, y0: 0, x1: 0, y1: 0) }
    if bitmap.isColor {
      return try rasterizer.draw(
        glyph: id, font: font, pixels: pixels, x: x, y: y, color: color, into: &image)
    }
    var inked = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    let originX = Int(x.rounded(.down))
    let originY = Int(y.rounded(.down))
    for row in 0..<bitmap.rows {
      for column in 0..<bitmap.width {
        let coverage = Int(bitmap.bytes[row * bitmap.pitch + column])
        guard coverage > 0 else { continue }
        // Glyph point (left + column, top − row), y up, turned clockwise: (up, right).
        let px = originX + bitmap.top - row
        let py = originY + bitmap.left + column
        image.blend(x: px, y: py, color: color, coverage: coverage)
        inked = inked.union(PixelBox(x0: px, y0: py, x1: px + 1, y1: py + 1))
      }
    }
    return inked
  }
}
