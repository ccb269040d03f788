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
  /// How many glyphs are `.notdef` (a character the face does not cover).
  public var notdefCount: Int { glyphs.count { $0.id == 0 } }
}

extension Font {
  /// The face's index in its file: Caliper opens the first face of every file.
  public var faceIndex: Int { 0 }
}

extension PreparedText {
  /// The runs of `line` in visual order with their glyphs positioned, ready to draw.
  ///
  /// `line` must come from measuring this text. Each run is reshaped here, so call this to
  /// draw, not to measure; the glyphs' advances add up to the runs' widths.
  public func glyphRuns(in line: Line) -> [GlyphRun] {
    let lineRuns = runs(in: line)
    guard !lineRuns.isEmpty else { return [] }
    let shaper = GlyphShaper(locale: style.locale)
    return lineRuns.map { lineRun in
      // The itemized run holding this visual run: its script and direction.
      let textRun = itemizedRun(containing: lineRun.range.lowerBound)
      let glyphs = shaper.shape(
        analysis.scalars, range: lineRun.range, run: textRun, font: lineRun.font,
        size: style.size, x: lineRun.x)
      return GlyphRun(run: lineRun, glyphs: glyphs, size: style.size)
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

/// Shapes a range for its glyphs (ids and positions), with the paragraph as context.
struct GlyphShaper: ~Copyable {
  private let buffer: OpaquePointer?
  private let language: hb_language_t?

  init(locale: String) {
    buffer = hb_buffer_create()
    language = hb_language_from_string(locale, -1)
  }

  deinit { hb_buffer_destroy(buffer) }

  /// The glyphs of `range` in `font` at `size`, placed from `x`, in visual order.
  ///
  /// The corresponding HarfBuzz function is `hb_shape`.
  func shape(
    _ scalars: [Unicode.Scalar], range: Range<Int>, run: TextRun, font: Font, size: Double,
    x: Double
  ) -> [PositionedGlyph] {
    guard !range.isEmpty, let buffer else { return [] }
    hb_buffer_clear_contents(buffer)
    scalars.withUnsafeBufferPointer { text in
      text.withMemoryRebound(to: UInt32.self) { units in
        hb_buffer_add_utf32(
          buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound),
          Int32(range.count))
      }
    }
    hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_t(rawValue: run.script))
    hb_buffer_set_language(buffer, language)
    hb_shape(font.hbFont, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    var glyphs: [PositionedGlyph] = []
    glyphs.reserveCapacity(Int(count))
    var pen = x
    for index in 0..<Int(count) {
      let position = positions[index]
      let advance = font.units.points(Double(position.x_advance), size: size)
      glyphs.append(
        PositionedGlyph(
          id: infos[index].codepoint, cluster: Int(infos[index].cluster),
          x: pen + font.units.points(Double(position.x_offset), size: size),
          y: font.units.points(Double(position.y_offset), size: size), advance: advance))
      pen += advance
    }
    return glyphs
  }
}
