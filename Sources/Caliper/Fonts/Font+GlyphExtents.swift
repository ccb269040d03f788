internal import CHarfBuzz

extension Font {
  /// A glyph's ink box in font units, y up from the baseline: its left edge from the
  /// glyph's origin (`xBearing`), its top (`yBearing`), its width and its height (negative:
  /// downwards from the top, as HarfBuzz gives it). All zero for a glyph with no outline
  /// (a space) or an id the face lacks.
  ///
  /// The corresponding HarfBuzz function is `hb_font_get_glyph_extents`.
  func glyphExtents(_ glyph: UInt32) -> (
    xBearing: Double, yBearing: Double, width: Double, height: Double
  ) {
    var extents = hb_glyph_extents_t()
    guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0 else { return (0, 0, 0, 0) }
    return (
      Double(extents.x_bearing), Double(extents.y_bearing), Double(extents.width),
      Double(extents.height)
    )
  }
}
