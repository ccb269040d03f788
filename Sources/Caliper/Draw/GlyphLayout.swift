/// Glyph layout: the glyphs of a measured line and where each is drawn, for a renderer.
///
/// Problem: measuring keeps only advances per cluster (W7: at most 120 bytes a segment, no
/// glyph ids); drawing needs glyph ids and positions, and they must be where measuring put
/// them. Solution: on demand, each visual run's glyphs are shaped again in the stretches
/// measuring used — the line's unsafe edges through the very function that reshaped them
/// for its width (`LineWidths.shapeStretch`), the rest in the pieces preparing shaped for
/// the advances the width sums (`preparedGlyphs`: word by word, or the run whole) — and
/// every cluster is placed at the line's measured pen (`LinePen`), which alone applies
/// spacing, tab stops and justification. Within a cluster the glyphs keep HarfBuzz's
/// advances; the cluster's last glyph takes the step to the next cluster's pen, so the
/// advances add up, exactly, to the measured width. Nothing here runs while measuring.
/// Limitation: the positions are unhinted and in points; snapping to pixels is the
/// renderer's choice.
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
  /// The pen advance after the glyph, in points: a cluster's last glyph moves the pen to
  /// where measuring put the next cluster.
  public let advance: Double

  /// The glyph with the pen advance `advance`.
  func advancing(_ advance: Double) -> PositionedGlyph {
    PositionedGlyph(id: id, cluster: cluster, x: x, y: y, advance: advance)
  }

  /// The glyph `shift` points to the right.
  func moved(by shift: Double) -> PositionedGlyph {
    PositionedGlyph(id: id, cluster: cluster, x: x + shift, y: y, advance: advance)
  }
}

extension PreparedText {
  /// The runs of `line` in visual order (`runs(in:)`) with their glyphs positioned, ready
  /// to draw.
  ///
  /// `line` must come from measuring this text. The glyphs are shaped again here, so call
  /// this to draw, not to measure; each run's advances add up to its width, and a line's
  /// to its measured width (with its justification) — but for a combined run in a column
  /// (`isCombinedUpright(_:)`), whose glyphs keep their own advances across the column.
  public func glyphRuns(in line: Line) -> [LineRun] {
    var result = layoutRuns(in: line, drawing: true)
    for index in result.indices where result[index].isInserted {
      result[index].glyphs = insertedGlyphs(result[index])
    }
    return result
  }

  /// The glyphs of an ellipsis or a shown hyphen: its own text, shaped alone, spanning the
  /// run's width.
  private func insertedGlyphs(_ lineRun: LineRun) -> [PositionedGlyph] {
    let textRun = itemizedRun(containing: min(lineRun.range.lowerBound, analysis.scalars.count - 1))
    let scalars = Array(lineRun.text.unicodeScalars)
    let inserted = TextRun(
      range: 0..<scalars.count, face: textRun.face, script: textRun.script, level: 0)
    let pieces = Shaper(style: style).glyphs(
      scalars, boundaries: [Bool](filled: true, count: scalars.count + 1),
      range: inserted.range, context: false, run: inserted, font: lineRun.font)
    return Self.placed(
      Array(pieces.joined()), in: lineRun, size: style(ofFace: textRun.face).size,
      cluster: lineRun.range.lowerBound, fromLineStart: false
    ) { _ in 0 }
  }

  /// Shapes the glyphs of `lineRun` (a visual run of `textRun`) in the stretches measuring
  /// used for `pen`'s line and places them: each cluster where `logical` (the pen of the
  /// run's text, in logical order) puts it. `fromLineStart`: `logical` counts from the
  /// line's start and the run lies in logical order, so its positions are read directly.
  func placeGlyphs(
    _ lineRun: inout LineRun, of textRun: TextRun, pen: LinePen, fromLineStart: Bool,
    logical: (Int) -> Double
  ) {
    guard !isPlaceholder(face: textRun.face) else { return }  // boxes, no glyphs
    let (head, tail) = pen.widths.reshapedStretches(from: pen.start, breakingAt: pen.end)
    let middle = head.upperBound..<max(head.upperBound, tail.lowerBound)
    let range = lineRun.range
    var parts: [[ShapedGlyph]] = []
    let shaper = Shaper(style: style)
    // The edges, reshaped as measuring reshaped them.
    func shapeEdge(_ stretch: Range<Int>) {
      let piece = stretch.clamped(to: textRun.range)
      guard piece.overlaps(range) else { return }
      pen.widths.shapeStretch(piece, run: textRun, shaper: shaper, as: GlyphPiece.self) {
        parts.append($0.glyphs.filter { range.contains($0.cluster) })
      }
    }
    shapeEdge(head)
    // Between the edges: the glyphs of the pieces whose advances the width summed.
    parts += preparedGlyphs(middle.clamped(to: range), of: textRun)
    shapeEdge(tail)
    // Each piece's glyphs are in visual order, the pieces in text order.
    let glyphs = Array((textRun.isRightToLeft ? parts.reversed() : parts).joined())
    if textRun.isCombined {
      // A combined run is one em down the column whatever its glyphs' widths: they keep
      // their own advances, set across the column by the painter.
      lineRun.glyphs = Self.ownAdvances(
        glyphs, from: lineRun, size: style(ofFace: textRun.face).size)
      return
    }
    lineRun.glyphs = Self.placed(
      glyphs, in: lineRun, size: style(ofFace: textRun.face).size, cluster: nil,
      fromLineStart: fromLineStart, logical: logical)
  }

  /// `glyphs` (visual order, font units) in points from `run.x`, each with its own advance.
  static func ownAdvances(_ glyphs: [ShapedGlyph], from run: LineRun, size: Double)
    -> [PositionedGlyph]
  {
    let units = run.font.units
    var pen = run.x
    return glyphs.map { glyph in
      let advance = units.points(Double(glyph.advance), size: size)
      defer { pen += advance }
      return PositionedGlyph(
        id: glyph.id, cluster: glyph.cluster,
        x: pen + units.points(Double(glyph.xOffset), size: size),
        y: units.points(Double(glyph.yOffset), size: size), advance: advance)
    }
  }

  /// `glyphs` (visual order, font units) in points, from `run.x` left to right: each
  /// cluster's glyphs with their own advances but the last, whose advance reaches the pen
  /// of the next cluster (`logical`, moved to the run's x unless `fromLineStart`), the
  /// run's last reaching `run.x + run.width`. `cluster`, when given, is every glyph's
  /// cluster (inserted text: one cluster).
  static func placed(
    _ glyphs: [ShapedGlyph], in run: LineRun, size: Double, cluster: Int?, fromLineStart: Bool,
    logical: (Int) -> Double
  ) -> [PositionedGlyph] {
    let units = run.font.units
    let low = run.isRightToLeft || fromLineStart ? 0 : logical(run.range.lowerBound)
    let high = run.isRightToLeft ? logical(run.range.upperBound) : 0
    func target(after group: Int, next: Int?) -> Double {
      guard let next else { return run.end }
      if run.isRightToLeft { return run.x + (high - logical(group)) }
      return fromLineStart ? logical(next) : run.x + (logical(next) - low)
    }
    var result: [PositionedGlyph] = []
    result.reserveCapacity(glyphs.count)
    var pen = run.x
    var before = pen  // the pen before the last glyph placed
    var first = 0
    while first < glyphs.count {
      let group = glyphs[first].cluster
      var last = first
      while last + 1 < glyphs.count, cluster != nil || glyphs[last + 1].cluster == group {
        last += 1
      }
      let goal = target(
        after: group, next: last + 1 < glyphs.count ? glyphs[last + 1].cluster : nil)
      for index in first...last {
        let glyph = glyphs[index]
        var advance = units.points(Double(glyph.advance), size: size)
        if index == last {
          advance = LinePen.step(from: pen, to: goal)
          if pen + advance != goal, let previous = result.indices.last {
            // No step reaches the goal from this pen (every sum rounds to a tie's even
            // neighbour): the glyph before moves the pen by an ulp.
            for nudged in [result[previous].advance.nextUp, result[previous].advance.nextDown] {
              let moved = before + nudged
              let step = LinePen.step(from: moved, to: goal)
              if moved + step == goal {
                result[previous] = result[previous].advancing(nudged)
                (pen, advance) = (moved, step)
                break
              }
            }
          }
        }
        before = pen
        result.append(
          PositionedGlyph(
            id: glyph.id, cluster: cluster ?? glyph.cluster,
            x: pen + units.points(Double(glyph.xOffset), size: size),
            y: units.points(Double(glyph.yOffset), size: size), advance: advance))
        pen += advance
      }
      first = last + 1
    }
    return result
  }
}
