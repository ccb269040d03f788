internal import CHarfBuzz

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

/// One visual run of a line with its glyphs, left to right, and the face to draw them with.
public struct GlyphRun: Sendable {
  /// The run: its range, text, direction, x offset and width.
  public let run: LineRun
  /// The glyphs in visual order (left to right, also in a right-to-left run).
  public let glyphs: [PositionedGlyph]
  /// The font file that draws the run.
  public var fontPath: String { run.font.path }
  /// The face's index in its file (a collection may hold several).
  public var faceIndex: Int { run.font.faceIndex }
  /// The font size in points.
  public let size: Double
  /// Points the run's baseline is raised by (its span's `baselineOffset`; 0 without spans).
  public internal(set) var baselineOffset = 0.0
  /// How many glyphs are `.notdef` (a character the face does not cover).
  public var notdefCount: Int { glyphs.count { $0.id == 0 } }
}

extension PreparedText {
  /// The runs of `line` in visual order with their glyphs positioned, ready to draw.
  ///
  /// `line` must come from measuring this text. Each run is reshaped here, so call this to
  /// draw, not to measure; the glyphs' advances add up to the runs' widths.
  public func glyphRuns(in line: Line) -> [GlyphRun] {
    let lineRuns = runs(in: line)
    guard !lineRuns.isEmpty else { return [] }
    let shaper = GlyphShaper(style: style)
    let contentEnd = Self.contentEnd(
      analysis.scalars, from: line.range.lowerBound,
      to: min(line.range.upperBound, analysis.scalars.count))
    return lineRuns.map { lineRun in
      // The itemized run holding this visual run: its script and direction.
      let textRun = itemizedRun(
        containing: min(lineRun.range.lowerBound, analysis.scalars.count - 1))
      let size = style(ofFace: textRun.face).size  // a span's size, or the text's
      if lineRun.isInserted {
        // An ellipsis or a shown hyphen: its own text, shaped alone.
        let inserted = TextRun(
          range: 0..<lineRun.text.unicodeScalars.count, face: textRun.face,
          script: textRun.script, level: 0)
        let glyphs = shaper.shape(
          inserted: Array(lineRun.text.unicodeScalars), run: inserted, font: lineRun.font,
          size: size, x: lineRun.x, cluster: lineRun.range.lowerBound)
        return GlyphRun(run: lineRun, glyphs: glyphs, size: size)
      }
      // A span with its own features (or letter spacing, which turns ligatures off) is
      // shaped with them, as measuring did.
      let runStyle = style(ofFace: textRun.face)
      let glyphs =
        slotStyles.isEmpty || Shaper.features(runStyle) == Shaper.features(style)
        ? shaper.shape(
          analysis, boundaries: clusterStart, range: lineRun.range, run: textRun,
          font: lineRun.font, size: size, x: lineRun.x)
        : GlyphShaper(style: runStyle).shape(
          analysis, boundaries: clusterStart, range: lineRun.range, run: textRun,
          font: lineRun.font, size: size, x: lineRun.x)
      var glyphRun = GlyphRun(
        run: lineRun,
        glyphs: spaced(
          glyphs, lineRun: lineRun, line: line, contentEnd: contentEnd, style: runStyle),
        size: size)
      glyphRun.baselineOffset = baselineOffset(ofFace: textRun.face)
      return glyphRun
    }
  }
}

extension PreparedText {
  /// The itemized run holding scalar `offset` (binary search: runs are in text order and
  /// tile the text).
  func itemizedRun(containing offset: Int) -> TextRun { runs[itemizedRunIndex(containing: offset)] }

  /// The index of the itemized run holding scalar `offset`.
  func itemizedRunIndex(containing offset: Int) -> Int {
    var low = 0
    var high = runs.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if runs[middle].range.lowerBound <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }
}

/// Shapes a range for its glyphs (ids and positions), with the paragraph as context, in the
/// same bounded pieces as measuring (`Shaper.shape`, ShapePieces.swift): at most
/// `Shaper.longestPiece` scalars per HarfBuzz call, an over-long grapheme
/// `Shaper.longestClusterPiece` scalars at a time, each piece kept up to its last safe offset
/// in its second half. So the glyphs' advances are the measured ones even where a cut is
/// forced, and drawing hostile text costs what measuring it did.
struct GlyphShaper: ~Copyable {
  /// The measuring shaper: the same buffer setup, language and features.
  private let shaper: Shaper

  init(style: TextStyle) {
    shaper = Shaper(style: style)
  }

  /// The glyphs of `range` in `font` at `size`, placed from `x`, in visual order.
  /// `boundaries` are the offsets where a grapheme (and cluster) starts, as measuring used.
  func shape(
    _ analysis: TextAnalysis, boundaries: BitArray, range: Range<Int>, run: TextRun,
    font: Font, size: Double, x: Double
  ) -> [PositionedGlyph] {
    // Pieces in logical order, each piece's glyphs in visual order.
    var pieces: [[(id: UInt32, cluster: Int, xOffset: Int32, yOffset: Int32, advance: Int32)]] =
      []
    var start = range.lowerBound
    while start < range.upperBound {
      let (end, insideCluster) = Shaper.pieceEnd(
        from: start, in: range, graphemeStart: boundaries)
      var glyphs = shapePiece(analysis.scalars, range: start..<end, run: run, font: font)
      var kept = end
      if !insideCluster, end < range.upperBound {
        // The last offset in the piece's second half where a cluster starts and breaking
        // is safe; glyphs from there on are shaped again with the next piece.
        let lowest = start + max(1, (end - start) / 2)
        var safe = [Bool](repeating: false, count: end - start)
        var unsafe = [Bool](repeating: false, count: end - start)
        for glyph in glyphs {
          safe[glyph.cluster - start] = true
          if glyph.unsafe { unsafe[glyph.cluster - start] = true }
        }
        var offset = end - 1
        while offset >= lowest, unsafe[offset - start] || !safe[offset - start] { offset -= 1 }
        if offset >= lowest { kept = offset }
      }
      glyphs.removeAll { $0.cluster >= kept }
      pieces.append(
        glyphs.map { ($0.id, $0.cluster, $0.xOffset, $0.yOffset, $0.advance) })
      start = kept
    }
    if run.isRightToLeft { pieces.reverse() }
    var result: [PositionedGlyph] = []
    result.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
    var pen = x
    for glyph in pieces.joined() {
      let advance = font.units.points(Double(glyph.advance), size: size)
      result.append(
        PositionedGlyph(
          id: glyph.id, cluster: glyph.cluster,
          x: pen + font.units.points(Double(glyph.xOffset), size: size),
          y: font.units.points(Double(glyph.yOffset), size: size), advance: advance))
      pen += advance
    }
    return result
  }

  /// The glyphs of text that is not in the prepared text (an ellipsis, a hyphen), shaped on
  /// its own and placed from `x`; every glyph's cluster is `cluster`.
  func shape(
    inserted scalars: [Unicode.Scalar], run: TextRun, font: Font, size: Double, x: Double,
    cluster: Int
  ) -> [PositionedGlyph] {
    var pen = x
    return shapePiece(scalars, range: 0..<scalars.count, run: run, font: font).map { glyph in
      let advance = font.units.points(Double(glyph.advance), size: size)
      defer { pen += advance }
      return PositionedGlyph(
        id: glyph.id, cluster: cluster,
        x: pen + font.units.points(Double(glyph.xOffset), size: size),
        y: font.units.points(Double(glyph.yOffset), size: size), advance: advance)
    }
  }

  /// One HarfBuzz call over `range` with the whole text as context (`Shaper.withGlyphs`).
  private func shapePiece(
    _ scalars: [Unicode.Scalar], range: Range<Int>, run: TextRun, font: Font
  ) -> [(id: UInt32, cluster: Int, xOffset: Int32, yOffset: Int32, advance: Int32, unsafe: Bool)] {
    shaper.withGlyphs(scalars, range: range, context: 0..<scalars.count, run: run, font: font) {
      infos, positions in
      infos.indices.map { index in
        var info = infos[index]
        let flags = hb_glyph_info_get_glyph_flags(&info).rawValue
        return (
          info.codepoint, Int(info.cluster), positions[index].x_offset,
          positions[index].y_offset, positions[index].x_advance,
          flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
        )
      }
    }
  }
}
