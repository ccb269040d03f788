/// Glyph layout: the glyphs of a measured line and where each is drawn, for a renderer.
///
/// Problem: measuring keeps only advances per cluster; drawing needs glyph ids and positions.
/// Solution: on demand, shape each of the line's visual runs (`runs(in:)`) again with
/// HarfBuzz, with the paragraph as context exactly as measuring shapes a line edge, and place
/// the glyphs from the run's x offset. Nothing here runs while measuring. Limitation: the
/// positions are unhinted and in points; snapping to pixels is the renderer's choice.
public struct PositionedGlyph: Sendable, Hashable {
  /// The glyph's index in its face (0 is `.notdef`, drawn for characters no face covers).
  public let id: UInt32
  /// The scalar offset of the glyph's cluster (its first character), in the prepared text.
  public let cluster: Int
  /// The glyph origin's x, in points from the left edge of the line's content.
  public let x: Double
  /// The glyph origin's height above the baseline, in points (a mark raised over its base
  /// is positive).
  public let y: Double
  /// The pen advance after the glyph, in points.
  public let advance: Double
}

extension PreparedText {
  /// The runs of `line` in visual order (`runs(in:)`) with their glyphs positioned, ready
  /// to draw.
  ///
  /// `line` must come from measuring this text. Each run is reshaped here, so call this to
  /// draw, not to measure; the glyphs' advances add up to the runs' widths.
  public func glyphRuns(in line: Line) -> [LineRun] {
    let lineRuns = runs(in: line)
    guard !lineRuns.isEmpty else { return [] }
    let shaper = Shaper(style: style)
    let contentEnd = Self.contentEnd(
      analysis.scalars, from: line.range.lowerBound,
      to: min(line.range.upperBound, analysis.scalars.count))
    return lineRuns.map { lineRun in
      if lineRun.isPlaceholder { return lineRun }  // boxes, no glyphs
      // The itemized run holding this visual run: its script and direction.
      let textRun = itemizedRun(
        containing: min(lineRun.range.lowerBound, analysis.scalars.count - 1))
      let runStyle = style(ofFace: textRun.face)  // a span's, or the text's
      let size = runStyle.size
      if lineRun.isInserted {
        // An ellipsis or a shown hyphen: its own text, shaped alone.
        let scalars = Array(lineRun.text.unicodeScalars)
        let inserted = TextRun(
          range: 0..<scalars.count, face: textRun.face, script: textRun.script, level: 0)
        let pieces = shaper.glyphs(
          scalars, boundaries: [Bool](filled: true, count: scalars.count + 1),
          range: inserted.range, context: false, run: inserted, font: lineRun.font)
        let glyphs = Self.positioned(
          pieces, rightToLeft: false, font: lineRun.font, size: size, x: lineRun.x,
          cluster: lineRun.range.lowerBound)
        var drawn = lineRun
        drawn.glyphs = glyphs
        return drawn
      }
      // A span with its own features (or letter spacing, which turns ligatures off) is
      // shaped with them, as measuring did.
      let pieces =
        slotStyles.isEmpty || Shaper.features(runStyle) == Shaper.features(style)
        ? shaper.glyphs(
          analysis.scalars, boundaries: clusterStart, range: lineRun.range, context: true,
          run: textRun, font: lineRun.font)
        : Shaper(style: runStyle).glyphs(
          analysis.scalars, boundaries: clusterStart, range: lineRun.range, context: true,
          run: textRun, font: lineRun.font)
      let glyphs = Self.positioned(
        pieces, rightToLeft: textRun.isRightToLeft, font: lineRun.font, size: size,
        x: lineRun.x)
      var drawn = lineRun
      drawn.glyphs = spaced(
        glyphs, lineRun: lineRun, line: line, contentEnd: contentEnd, style: runStyle)
      return drawn
    }
  }

  /// Shaped pieces (text order, each in visual order) as glyphs in points placed from `x`
  /// left to right; `cluster`, when given, is every glyph's cluster (inserted text).
  static func positioned(
    _ pieces: [[ShapedGlyph]], rightToLeft: Bool, font: Font, size: Double, x: Double,
    cluster: Int? = nil
  ) -> [PositionedGlyph] {
    var result: [PositionedGlyph] = []
    result.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
    var pen = x
    for glyph in (rightToLeft ? pieces.reversed() : pieces).joined() {
      let advance = font.units.points(Double(glyph.advance), size: size)
      result.append(
        PositionedGlyph(
          id: glyph.id, cluster: cluster ?? glyph.cluster,
          x: pen + font.units.points(Double(glyph.xOffset), size: size),
          y: font.units.points(Double(glyph.yOffset), size: size), advance: advance))
      pen += advance
    }
    return result
  }
}
