internal import CHarfBuzz

/// Shape, vertical text: upright runs shaped top to bottom.
///
/// Problem: an upright run in a vertical line advances down the column by the font's
/// vertical advances (`vmtx`), and punctuation takes its vertical form (`vert`/`vrt2`:
/// "。" moves to the column's upper right, brackets turn). Solution: such a run is shaped
/// with `HB_DIRECTION_TTB`, which applies the vertical features and gives each glyph its
/// `vmtx` advance (negative `y_advance`); the advance is moved into `x_advance`, so that
/// every later stage, which reads advances along the line, works unchanged on columns.
/// A face without `vmtx` gets HarfBuzz's synthesized advance (ascender − descender); with
/// `.css` break rules, Blink's instead: the ascent and descent each rounded to whole pixels
/// (NanumGothic at 16 px: 15 + 4 = 19 px, where HarfBuzz says 18.4). Limitation: glyph
/// offsets stay relative to HarfBuzz's vertical origin; drawing does not use them yet.
struct VerticalShaping: Sendable {
  /// The font size of the runs shaped (Blink rounds in pixels at this size).
  let size: Double
  /// Whether a face without `vmtx` advances as Blink synthesizes it.
  let blinkAdvances: Bool

  init(style: borrowing TextStyle) {
    size = style.size
    blinkAdvances = style.breakRules == .css
  }

  /// The buffer direction for `run`.
  static func direction(_ run: TextRun) -> hb_direction_t {
    if run.isUpright { return HB_DIRECTION_TTB }
    return run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
  }

  /// Whether upright runs in `font` advance by the face's own font units whatever the size
  /// (its `vmtx`, or HarfBuzz's synthesized advance), not by Blink's advance at `size`:
  /// then a shape cache may keep them (`Shaper.shapesByCluster`).
  func advancesInFontUnits(_ font: Font) -> Bool {
    !blinkAdvances || font.hasVerticalMetrics
  }

  /// Moves the vertical advances of an upright run's glyphs into `x_advance` (down the
  /// column, positive).
  func useVerticalAdvances(
    _ positions: UnsafeMutablePointer<hb_glyph_position_t>, count: Int, font: Font
  ) {
    let synthesized = blinkAdvances && !font.hasVerticalMetrics ? blinkAdvance(font) : nil
    for index in 0..<count {
      let advance = -positions[index].y_advance
      positions[index].x_advance = advance != 0 ? synthesized ?? advance : 0
      positions[index].y_advance = 0
    }
  }

  /// Blink's vertical advance for a face without `vmtx`, in font units: its rounded ascent
  /// + rounded descent (`SimpleFontData`). HarfBuzz's positions are whole units, so the
  /// value is rounded down to one (NanumGothic's 19 px at 16 px is 1187.5 units, kept as
  /// 1187: 18.992 pt): a column of n such advances then fits a whole-pixel height exactly
  /// when Blink's does (n × 19 ≤ h), where rounding up would refuse the last by 0.008 pt.
  func blinkAdvance(_ font: Font) -> Int32 {
    let exact = font.metrics.scaled(to: size)
    let metrics = LineMetrics(ascent: exact.ascent, descent: exact.descent, lineGap: 0)
      .blinkRounded
    let pixels = metrics.ascent + metrics.descent
    return Int32((pixels * Double(font.unitsPerEm) / size).rounded(.down))
  }
}

extension Font {
  /// Whether the face has vertical metrics (`vhea` and `vmtx`).
  ///
  /// The corresponding HarfBuzz function is `hb_face_reference_table`.
  var hasVerticalMetrics: Bool {
    ["vhea", "vmtx"].allSatisfy { tag in
      let code = tag.unicodeScalars.reduce(UInt32(0)) { $0 << 8 | $1.value }
      let blob = hb_face_reference_table(hb_font_get_face(hbFont), code)
      defer { hb_blob_destroy(blob) }
      return hb_blob_get_length(blob) > 0
    }
  }
}
