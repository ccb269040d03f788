import Caliper

/// Rasterise: glyph bitmaps from the measured faces, composited into an image.
///
/// Problem: a renderer has glyph ids and positions in points (`LineRun.glyphs`) and needs pixels,
/// drawn by the very face that measured them (a varied instance's outlines, not its file's
/// default). Solution: ask the run's `Font` for each glyph's bitmap at the size in pixels
/// (points × scale) and the pen's sub-pixel remainder (`Font.glyphBitmap`: FreeType,
/// unhinted, grayscale, through the font's own face and variation coordinates), then blend
/// the coverage in the text colour. Colour bitmaps (Noto Color Emoji's CBDT strikes) are
/// scaled down to the em size by averaging the source pixels under each destination pixel.
/// Limitation: glyphs are not cached; each is rendered again where it repeats.
struct GlyphRasterizer {
  /// Draws glyph `id` of `font` at `pixels` pixels per em with its origin at (`x`, `y`) in
  /// image pixels (y down), in `color`. Returns the box of the pixels it inked (empty for a
  /// blank glyph such as a space). `size` is the text's size in points, which a synthesized
  /// bold's strength follows (`pixels` when nil).
  func draw(
    glyph id: UInt32, font: Font, pixels: Double, x: Double, y: Double, color: Color,
    size: Double? = nil, into image: inout Image
  ) throws(RenderError) -> PixelBox {
    let baseX = x.rounded(.down)
    let baseY = y.rounded(.down)
    let bitmap: GlyphBitmap?
    do {
      bitmap = try font.glyphBitmap(
        id, pixels: pixels, dx: x - baseX, dy: y - baseY, size: size)
    } catch {
      throw .freeType(function: error.function, code: error.code, path: font.path)
    }
    guard let bitmap else { return PixelBox(x0: 0, y0: 0, x1: 0, y1: 0) }
    if bitmap.isColor {
      return Self.compositeColor(
        bitmap, originX: x + Double(bitmap.left) * bitmap.scale,
        originY: y - Double(bitmap.top) * bitmap.scale, into: &image)
    }
    var inked = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    let originX = Int(baseX) + bitmap.left
    let originY = Int(baseY) - bitmap.top
    for row in 0..<bitmap.rows {
      for column in 0..<bitmap.width {
        let coverage = Int(bitmap.bytes[row * bitmap.pitch + column])
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
    _ bitmap: GlyphBitmap, originX: Double, originY: Double, into image: inout Image
  ) -> PixelBox {
    let scale = bitmap.scale
    let sourceWidth = bitmap.width
    let sourceRows = bitmap.rows
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
          for sx in sx0..<sx1 {
            let pixel = sy * bitmap.pitch + sx * 4
            sum.blue += Int(bitmap.bytes[pixel])
            sum.green += Int(bitmap.bytes[pixel + 1])
            sum.red += Int(bitmap.bytes[pixel + 2])
            sum.alpha += Int(bitmap.bytes[pixel + 3])
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
}
