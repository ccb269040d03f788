internal import CFreeType

extension Font {
  /// A glyph's ink box as text of `size` points draws it, in font units (as `glyphExtents`,
  /// y up): HarfBuzz's extents for a face as it is; for a synthesized face (`synthesis`), the
  /// bounding box of the very outline drawing rasterises (`Font.synthesize`: emboldened,
  /// slanted), loaded at one pixel per font unit so that no precision is lost. All zero for
  /// a glyph without an outline.
  ///
  /// The corresponding FreeType functions are `FT_Load_Glyph` and `FT_Outline_Get_BBox`.
  func inkExtents(_ glyph: UInt32, size: Double) -> (
    xBearing: Double, yBearing: Double, width: Double, height: Double
  ) {
    guard !synthesis.isEmpty else { return glyphExtents(glyph) }
    let pixels = Double(unitsPerEm)
    let synthesis = self.synthesis
    let box: FT_BBox?? = freeType.withFace(
      settings: FreeTypeFace.Settings(serial: serial, pixels: pixels),
      configure: { face in self.configure(face, pixels: pixels) == nil ? nil : .some(nil) },
      { face in
        FT_Set_Transform(face, nil, nil)
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
          let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE,
          slot.pointee.outline.n_points > 0
        else { return .some(nil) }
        Font.synthesize(&slot.pointee.outline, synthesis, size: size, pixels: pixels)
        var box = FT_BBox()
        guard FT_Outline_Get_BBox(&slot.pointee.outline, &box) == 0 else { return .some(nil) }
        return .some(box)
      })
    guard let found = box, let box = found else { return (0, 0, 0, 0) }
    // 26.6 at one pixel per unit: font units × 64.
    let (left, right) = (Double(box.xMin) / 64, Double(box.xMax) / 64)
    let (bottom, top) = (Double(box.yMin) / 64, Double(box.yMax) / 64)
    return (left, top, right - left, bottom - top)
  }
}
