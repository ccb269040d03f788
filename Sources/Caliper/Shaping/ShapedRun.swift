internal import CHarfBuzz

/// Shape: glyph advances per cluster from HarfBuzz.
///
/// Problem: a measurement needs each cluster's exact advance, and to know where cutting
/// the text would change the glyphs. Solution: shape each run with HarfBuzz (face, script,
/// direction, language), passing the whole paragraph as context as Pango does, and fold
/// glyph advances into their cluster's first scalar; `HB_GLYPH_FLAG_UNSAFE_TO_BREAK` marks
/// offsets where a line edge must be reshaped. Limitation: vertical text is not supported.
struct ShapedRun: Sendable {
  /// Advance in points of each scalar of the run (a cluster's advance sits on its first
  /// scalar; the others hold 0).
  var advances: [Double]
  /// Whether a HarfBuzz cluster starts at each scalar of the run.
  var clusterStart: [Bool]
  /// Whether breaking before each scalar of the run is unsafe (kerning or a ligature).
  var unsafeBefore: [Bool]

  /// Shapes `range` (inside `run`) of `scalars` with `font` at `size`.
  ///
  /// The corresponding HarfBuzz function is `hb_shape`.
  init(
    scalars: [Unicode.Scalar], range: Range<Int>, run: TextRun, font: Font, size: Double,
    language: String, zeroWidth: (Int) -> Bool
  ) {
    let count = range.count
    advances = [Double](repeating: 0, count: count)
    clusterStart = [Bool](repeating: false, count: count)
    unsafeBefore = [Bool](repeating: false, count: count)
    guard count > 0, let buffer = hb_buffer_create() else { return }
    defer { hb_buffer_destroy(buffer) }
    scalars.withUnsafeBufferPointer { text in
      text.withMemoryRebound(to: UInt32.self) { units in
        hb_buffer_add_utf32(
          buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound), Int32(count))
      }
    }
    hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_t(rawValue: run.script))
    hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
    hb_shape(font.hbFont, buffer, nil, 0)
    var glyphCount: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
      let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
    else { return }
    for glyph in 0..<Int(glyphCount) {
      let local = Int(infos[glyph].cluster) - range.lowerBound
      guard local >= 0, local < count else { continue }
      clusterStart[local] = true
      if zeroWidth(range.lowerBound + local) { continue }
      advances[local] += font.units.points(positions[glyph].x_advance, size: size)
      let flags = hb_glyph_info_get_glyph_flags(&infos[glyph]).rawValue
      if flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 { unsafeBefore[local] = true }
    }
    // The run's own start is a safe place to cut: the run is shaped on its own anyway.
    unsafeBefore[0] = false
  }
}
