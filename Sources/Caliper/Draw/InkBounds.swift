/// Ink bounds: the box of what a measured text actually draws, line by line and in all.
///
/// Problem: a measured size is the lines' advances and heights, not their ink: an italic
/// "f" leans past its advance, a "g" hangs below and an accent rises above a tight line
/// box, and a social card sized to the used rect clips them. Solution: from the glyph runs
/// drawing uses (`glyphRuns(in:)`: the same glyphs at the same positions), each glyph's
/// extents in its face (`hb_font_get_glyph_extents`, exact font units scaled to the run's
/// size) placed at its origin on the line's baseline (raised by its span's baseline
/// offset), and the union of them, as Pango's ink rectangle is; a synthesized bold or oblique
/// face's glyphs as drawn, emboldened or slanted (`Font.inkExtents`). Glyphs without an outline
/// (spaces) add nothing, so a line of spaces has no ink. Limitation: the box is the
/// outlines' control box (HarfBuzz's extents), not the antialiased pixels a rasteriser
/// touches, which may reach a pixel further.
///
/// Coordinates are those of `Line`: x from the left edge of the lines (a line's `x`
/// included), y from the top of the text.
///
/// ```swift
/// let measured = text.measure(ProposedViewSize(width: 120, height: nil))
/// let ink = text.inkBounds(of: measured)
/// ink.rect       // everything drawn, or nil for text with no ink
/// ink.lines[0]   // the first line's ink
/// ```
public struct InkBounds: Sendable, Hashable {
  /// Each line's ink box, in order; nil for a line that draws nothing (empty, or spaces).
  public let lines: [Rect?]
  /// The union of the lines' ink boxes; nil when no line has ink.
  public let rect: Rect?
}

extension PreparedText {
  /// The ink boxes of `measurement`'s lines and of the whole text (`InkBounds`).
  ///
  /// `measurement` must come from `measure` on this text (with its lines); each line is
  /// shaped again, as for drawing.
  public func inkBounds(of measurement: TextMeasurement) -> InkBounds {
    let lines = measurement.lines.map { inkRect(of: $0) }
    let rect = lines.reduce(nil as Rect?) { total, line in
      guard let line else { return total }
      return total.map { $0.union(line) } ?? line
    }
    return InkBounds(lines: lines, rect: rect)
  }

  /// The ink box of `line` (from measuring this text), or nil when it draws nothing.
  public func inkRect(of line: Line) -> Rect? {
    var box: Rect?
    for run in glyphRuns(in: line) {
      let baseline = line.baseline - run.baselineOffset
      let units = run.font.units
      for glyph in run.glyphs {
        let extents = run.font.inkExtents(glyph.id, size: run.size)
        guard extents.width != 0, extents.height != 0 else { continue }
        // HarfBuzz's y grows upwards and its height is negative; Rect's y grows downwards.
        let left = line.x + glyph.x + units.points(extents.xBearing, size: run.size)
        let right = left + units.points(extents.width, size: run.size)
        let top = baseline - glyph.y - units.points(extents.yBearing, size: run.size)
        let bottom = top - units.points(extents.height, size: run.size)
        let glyphBox = Rect(
          x: min(left, right), y: min(top, bottom), width: abs(right - left),
          height: abs(bottom - top))
        box = box.map { $0.union(glyphBox) } ?? glyphBox
      }
    }
    return box
  }
}
