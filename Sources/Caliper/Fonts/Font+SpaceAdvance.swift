internal import CHarfBuzz

extension Font {
  /// The advance of U+0020 in font units (0 when the font has no space).
  ///
  /// The corresponding HarfBuzz function is `hb_font_get_glyph_h_advance`.
  var spaceAdvance: Double {
    var glyph: hb_codepoint_t = 0
    guard hb_font_get_nominal_glyph(hbFont, 0x20, &glyph) != 0 else { return 0 }
    return Double(hb_font_get_glyph_h_advance(hbFont, glyph))
  }
}
