internal import CFreeType

/// Glyph bitmaps: a glyph's coverage from the very `Font` that measured it.
///
/// Problem: a renderer that reopens a font by its path draws the file's default instance,
/// so a varied face (Inter at weight 900) is measured bold and drawn regular, its outlines
/// spread over bold advances. Solution: rasterise through the measured `Font`'s own FreeType
/// face (the one the measuring library validated), set under its lock to the font's
/// variation coordinates (`FT_Set_Var_Design_Coordinates`, the same design values HarfBuzz
/// shapes with, `hb_font_set_variations`) and to the drawing size, unhinted, at the pen's
/// sub-pixel remainder. Colour bitmap faces (Noto Color Emoji's CBDT strikes) load from the
/// strike nearest above the size and report the scale down to it. Limitation: one glyph at
/// a time under the face's lock; a renderer caches nothing here.
package struct GlyphBitmap: Sendable {
  /// Pixels per row and rows.
  package let width: Int
  package let rows: Int
  /// The bitmap's left edge and top edge from the pen (y up), in bitmap pixels.
  package let left: Int
  package let top: Int
  /// Bytes per row: `width` for coverage, `4 × width` for colour.
  package let pitch: Int
  /// Coverage (0–255) per pixel, or premultiplied BGRA per pixel for a colour glyph.
  package let bytes: [UInt8]
  /// Whether `bytes` is premultiplied BGRA from a colour strike.
  package let isColor: Bool
  /// Image pixels per bitmap pixel: 1 for an outline, the size over the strike for colour.
  package let scale: Double
}

/// A FreeType call that failed while rasterising, with its error code.
package struct GlyphBitmapFailure: Error, Sendable {
  package let function: String
  package let code: Int32
}

extension Font {
  /// The bitmap of glyph `id` at `pixels` pixels per em, with the pen at the sub-pixel
  /// offset (`dx`, `dy`) (each in 0..<1, y down); nil for a glyph without pixels (a space).
  /// A synthesized face (`synthesis`) draws its outline changed for text of `size` points
  /// (`pixels` when nil: a scale of 1), as `Font.synthesize` changes it.
  ///
  /// The corresponding FreeType functions are `FT_Set_Var_Design_Coordinates`,
  /// `FT_Set_Char_Size`, `FT_Select_Size`, `FT_Load_Glyph` (with `FT_LOAD_RENDER`, or
  /// `FT_Render_Glyph` after a synthesized style's change).
  package func glyphBitmap(
    _ id: UInt32, pixels: Double, dx: Double, dy: Double, size: Double? = nil
  ) throws(GlyphBitmapFailure) -> GlyphBitmap? {
    let synthesis = self.synthesis
    let result: Result<GlyphBitmap?, GlyphBitmapFailure> = freeType.withFace(
      settings: FreeTypeFace.Settings(serial: serial, pixels: pixels),
      configure: { face in self.configure(face, pixels: pixels).map { .failure($0) } },
      { face in
        Self.render(
          face, glyph: id, pixels: pixels, dx: dx, dy: dy,
          synthesis: (synthesis, size ?? pixels))
      })
    return try result.get()
  }

  /// Sets `face` to this font's variation and to `pixels` per em (a colour face: the strike
  /// nearest above, else the largest).
  func configure(_ face: FT_Face, pixels: Double) -> GlyphBitmapFailure? {
    if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 {
      // One design coordinate per fvar axis, in fvar order: the font's value, or the axis
      // default (which resets a face a varied sibling left set).
      let coordinates = variationAxes.map { axis in
        let value = variations.first { $0.tag == axis.tag }?.value ?? axis.defaultValue
        return FT_Fixed((value * 65536).rounded())
      }
      var copy = coordinates
      let error = FT_Set_Var_Design_Coordinates(face, FT_UInt(copy.count), &copy)
      guard error == 0 else {
        return GlyphBitmapFailure(function: "FT_Set_Var_Design_Coordinates", code: error)
      }
    }
    if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
      let error = FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72)
      guard error == 0 else { return GlyphBitmapFailure(function: "FT_Set_Char_Size", code: error) }
    } else if face.pointee.num_fixed_sizes > 0, let sizes = face.pointee.available_sizes {
      var chosen = 0
      for strike in 0..<Int(face.pointee.num_fixed_sizes) {
        let ppem = Double(sizes[strike].y_ppem) / 64
        let best = Double(sizes[chosen].y_ppem) / 64
        // Prefer the smallest strike at least as large as needed, else the largest.
        if (ppem >= pixels && (best < pixels || ppem < best)) || (best < pixels && ppem > best) {
          chosen = strike
        }
      }
      let error = FT_Select_Size(face, Int32(chosen))
      guard error == 0 else { return GlyphBitmapFailure(function: "FT_Select_Size", code: error) }
    }
    return nil
  }

  /// Loads and renders glyph `id` of the configured `face`, and copies its bitmap out.
  private static func render(
    _ face: FT_Face, glyph id: UInt32, pixels: Double, dx: Double, dy: Double,
    synthesis: (styles: FontSynthesis, size: Double)
  ) -> Result<GlyphBitmap?, GlyphBitmapFailure> {
    let isColor = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0
    // The pen's sub-pixel remainder in 26.6 (FreeType's y goes up).
    var delta = FT_Vector(x: FT_Pos((dx * 64).rounded()), y: FT_Pos(-(dy * 64).rounded()))
    // A synthesized style changes the outline about the glyph's origin, before the pen's
    // remainder moves it and it is rendered.
    let synthesized = !isColor && !synthesis.styles.isEmpty
    var flags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_RENDER)
    if isColor {
      flags = Int32(FT_LOAD_COLOR | FT_LOAD_RENDER)
      FT_Set_Transform(face, nil, nil)
    } else if synthesized {
      flags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
      FT_Set_Transform(face, nil, nil)
    } else {
      FT_Set_Transform(face, nil, &delta)
    }
    let error = FT_Load_Glyph(face, id, flags)
    guard error == 0 else {
      return .failure(GlyphBitmapFailure(function: "FT_Load_Glyph", code: error))
    }
    let slot = face.pointee.glyph!
    if synthesized, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
      Font.synthesize(
        &slot.pointee.outline, synthesis.styles, size: synthesis.size, pixels: pixels)
      FT_Outline_Translate(&slot.pointee.outline, delta.x, delta.y)
      let error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
      guard error == 0 else {
        return .failure(GlyphBitmapFailure(function: "FT_Render_Glyph", code: error))
      }
    }
    let bitmap = slot.pointee.bitmap
    guard bitmap.width > 0, bitmap.rows > 0, let buffer = bitmap.buffer else {
      return .success(nil)
    }
    let color = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
    guard color || bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
      return .success(nil)
    }
    let rowBytes = Int(bitmap.width) * (color ? 4 : 1)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(rowBytes * Int(bitmap.rows))
    for row in 0..<Int(bitmap.rows) {
      let line = buffer + row * Int(bitmap.pitch)
      bytes.append(contentsOf: UnsafeBufferPointer(start: line, count: rowBytes))
    }
    let strike = Double(face.pointee.size.pointee.metrics.y_ppem)
    return .success(
      GlyphBitmap(
        width: Int(bitmap.width), rows: Int(bitmap.rows), left: Int(slot.pointee.bitmap_left),
        top: Int(slot.pointee.bitmap_top), pitch: rowBytes, bytes: bytes, isColor: color,
        scale: color && strike > 0 ? pixels / strike : 1))
  }
}
