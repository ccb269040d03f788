internal import CFreeType

/// Rasterise: glyph bitmaps from FreeType, composited into an image.
///
/// Problem: a renderer has glyph ids and positions in points (`GlyphRun`) and needs pixels.
/// Solution: open each face by its file path with FreeType, set it to the size in pixels
/// (points × scale), and render each glyph unhinted in grayscale (`FT_LOAD_RENDER`, normal
/// mode) at its fractional pen position (`FT_Set_Transform` moves the outline by the
/// sub-pixel remainder), then blend the coverage in the text colour. Colour bitmap faces
/// (Noto Color Emoji's CBDT strikes) load with `FT_LOAD_COLOR` from the strike chosen with
/// `FT_Select_Size` and are scaled down to the em size by averaging the source pixels under
/// each destination pixel. Limitation: one thread; the faces live as long as the rasterizer.
final class GlyphRasterizer {
  private let library: FT_Library
  /// Open faces by "path#index", and the pixel size each is set to.
  private var faces: [String: (face: FT_Face, pixels: Double)] = [:]

  /// The corresponding FreeType function is `FT_Init_FreeType`.
  init() throws(RenderError) {
    var library: FT_Library?
    let error = FT_Init_FreeType(&library)
    guard error == 0, let library else {
      throw .freeType(function: "FT_Init_FreeType", code: error, path: "")
    }
    self.library = library
  }

  deinit {
    for entry in faces.values { FT_Done_Face(entry.face) }
    FT_Done_FreeType(library)
  }

  /// Draws glyph `id` of the face at `path` (`index` in its file) at `pixels` pixels per em
  /// with its origin at (`x`, `y`) in image pixels (y down), in `color`. Returns the box of
  /// the pixels it inked (empty for a blank glyph such as a space).
  ///
  /// The corresponding FreeType functions are `FT_Load_Glyph` and `FT_Render_Glyph`.
  func draw(
    glyph id: UInt32, path: String, index: Int, pixels: Double, x: Double, y: Double,
    color: Color, into image: inout Image
  ) throws(RenderError) -> PixelBox {
    let face = try self.face(path: path, index: index, pixels: pixels)
    let isColor = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0
    let baseX = x.rounded(.down)
    let baseY = y.rounded(.down)
    var flags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_RENDER)
    if isColor {
      flags = Int32(FT_LOAD_COLOR | FT_LOAD_RENDER)
      FT_Set_Transform(face, nil, nil)
    } else {
      // The sub-pixel remainder of the pen, in 26.6 (FreeType's y goes up).
      var delta = FT_Vector(
        x: FT_Pos(((x - baseX) * 64).rounded()), y: FT_Pos(-((y - baseY) * 64).rounded()))
      FT_Set_Transform(face, nil, &delta)
    }
    let error = FT_Load_Glyph(face, id, flags)
    guard error == 0 else { throw .freeType(function: "FT_Load_Glyph", code: error, path: path) }
    let slot = face.pointee.glyph!
    let bitmap = slot.pointee.bitmap
    guard bitmap.width > 0, bitmap.rows > 0, let buffer = bitmap.buffer else {
      return PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    }
    let left = Int(slot.pointee.bitmap_left)
    let top = Int(slot.pointee.bitmap_top)
    if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) {
      let strike = Double(face.pointee.size.pointee.metrics.y_ppem)
      let scale = strike > 0 ? pixels / strike : 1
      return Self.compositeColor(
        bitmap, buffer: buffer, originX: x + Double(left) * scale,
        originY: y - Double(top) * scale, scale: scale, into: &image)
    }
    guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
      return PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    }
    var inked = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    let originX = Int(baseX) + left
    let originY = Int(baseY) - top
    for row in 0..<Int(bitmap.rows) {
      let line = buffer + row * Int(bitmap.pitch)
      for column in 0..<Int(bitmap.width) {
        let coverage = Int(line[column])
        guard coverage > 0 else { continue }
        let px = originX + column
        let py = originY + row
        image.blend(x: px, y: py, color: color, coverage: coverage)
        inked = inked.union(PixelBox(x0: px, y0: py, x1: px + 1, y1: py + 1))
      }
    }
    return inked
  }

  /// Premultiplied BGRA scaled by `scale` (< 1 shrinks): each destination pixel averages the
  /// source pixels it covers.
  private static func compositeColor(
    _ bitmap: FT_Bitmap, buffer: UnsafeMutablePointer<UInt8>, originX: Double, originY: Double,
    scale: Double, into image: inout Image
  ) -> PixelBox {
    let sourceWidth = Int(bitmap.width)
    let sourceRows = Int(bitmap.rows)
    let box = PixelBox(
      x: originX, y: originY, width: Double(sourceWidth) * scale,
      height: Double(sourceRows) * scale)
    var inked = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    guard !box.isEmpty else { return inked }
    for py in box.y0..<box.y1 {
      let sy0 = max(0, Int(((Double(py) - originY) / scale).rounded(.down)))
      let sy1 = min(
        sourceRows, max(sy0 + 1, Int(((Double(py + 1) - originY) / scale).rounded(.up))))
      for px in box.x0..<box.x1 {
        let sx0 = max(0, Int(((Double(px) - originX) / scale).rounded(.down)))
        let sx1 = min(
          sourceWidth, max(sx0 + 1, Int(((Double(px + 1) - originX) / scale).rounded(.up))))
        guard sx0 < sx1, sy0 < sy1 else { continue }
        var sum = (blue: 0, green: 0, red: 0, alpha: 0)
        for sy in sy0..<sy1 {
          let line = buffer + sy * Int(bitmap.pitch)
          for sx in sx0..<sx1 {
            let pixel = line + sx * 4
            sum.blue += Int(pixel[0])
            sum.green += Int(pixel[1])
            sum.red += Int(pixel[2])
            sum.alpha += Int(pixel[3])
          }
        }
        let count = (sx1 - sx0) * (sy1 - sy0)
        let alpha = sum.alpha / count
        guard alpha > 0 else { continue }
        image.blendPremultiplied(
          x: px, y: py, red: sum.red / count, green: sum.green / count, blue: sum.blue / count,
          alpha: alpha)
        inked = inked.union(PixelBox(x0: px, y0: py, x1: px + 1, y1: py + 1))
      }
    }
    return inked
  }

  /// The face at `path`, opened once, set to `pixels` per em (a colour face: the strike
  /// nearest above it, or the largest).
  ///
  /// The corresponding FreeType functions are `FT_New_Face`, `FT_Set_Char_Size` and
  /// `FT_Select_Size`.
  private func face(path: String, index: Int, pixels: Double) throws(RenderError) -> FT_Face {
    let key = path + "#" + String(index)
    if let entry = faces[key], entry.pixels == pixels { return entry.face }
    let face: FT_Face
    if let entry = faces[key] {
      face = entry.face
    } else {
      var opened: FT_Face?
      let error = FT_New_Face(library, path, FT_Long(index), &opened)
      guard error == 0, let opened else {
        throw .freeType(function: "FT_New_Face", code: error, path: path)
      }
      face = opened
    }
    faces[key] = (face, pixels)
    if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
      let error = FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72)
      guard error == 0 else {
        throw .freeType(function: "FT_Set_Char_Size", code: error, path: path)
      }
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
      guard error == 0 else { throw .freeType(function: "FT_Select_Size", code: error, path: path) }
    }
    return face
  }
}
