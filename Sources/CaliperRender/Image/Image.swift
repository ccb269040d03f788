/// An RGBA image, 8 bits a channel, row by row from the top: what the renderer composites
/// glyph bitmaps and overlays into, and what `PNGFile` writes.
///
/// Compositing only: source-over blending of a colour through a coverage value, of
/// premultiplied colour bitmaps, and of solid rectangles and one-pixel lines.
public struct Image: Sendable, Hashable {
  /// Size in pixels.
  public let width: Int
  public let height: Int
  /// RGBA bytes, `width × 4` per row.
  public internal(set) var pixels: [UInt8]

  /// An image filled with `background`.
  public init(width: Int, height: Int, background: Color = .white) {
    self.width = max(0, width)
    self.height = max(0, height)
    pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = background.red
      pixels[index + 1] = background.green
      pixels[index + 2] = background.blue
      pixels[index + 3] = background.alpha
    }
  }

  init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The colour at (x, y); nil outside the image.
  public func pixel(x: Int, y: Int) -> Color? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let index = (y * width + x) * 4
    return Color(
      red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2],
      alpha: pixels[index + 3])
  }

  /// Source-over: `color` at its alpha times `coverage` (0…255) onto the pixel (x, y).
  @inline(__always)
  mutating func blend(x: Int, y: Int, color: Color, coverage: Int) {
    guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
    let alpha = Int(color.alpha) * coverage / 255
    guard alpha > 0 else { return }
    let index = (y * width + x) * 4
    let keep = 255 - alpha
    pixels[index] = UInt8((Int(color.red) * alpha + Int(pixels[index]) * keep + 127) / 255)
    pixels[index + 1] = UInt8(
      (Int(color.green) * alpha + Int(pixels[index + 1]) * keep + 127) / 255)
    pixels[index + 2] = UInt8(
      (Int(color.blue) * alpha + Int(pixels[index + 2]) * keep + 127) / 255)
    pixels[index + 3] = UInt8(min(255, alpha + Int(pixels[index + 3]) * keep / 255))
  }

  /// Source-over of a premultiplied colour (components already multiplied by `alpha`).
  @inline(__always)
  mutating func blendPremultiplied(x: Int, y: Int, red: Int, green: Int, blue: Int, alpha: Int) {
    guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
    let index = (y * width + x) * 4
    let keep = 255 - alpha
    pixels[index] = UInt8(min(255, red + (Int(pixels[index]) * keep + 127) / 255))
    pixels[index + 1] = UInt8(min(255, green + (Int(pixels[index + 1]) * keep + 127) / 255))
    pixels[index + 2] = UInt8(min(255, blue + (Int(pixels[index + 2]) * keep + 127) / 255))
    pixels[index + 3] = UInt8(min(255, alpha + Int(pixels[index + 3]) * keep / 255))
  }

  /// Fills the pixels x0..<x1 × y0..<y1 (clipped) with `color`, blended.
  mutating func fill(_ box: PixelBox, color: Color) {
    let clipped = box.clipped(width: width, height: height)
    guard !clipped.isEmpty else { return }
    for y in clipped.y0..<clipped.y1 {
      for x in clipped.x0..<clipped.x1 { blend(x: x, y: y, color: color, coverage: 255) }
    }
  }

  /// A one-pixel outline just inside `box`.
  mutating func stroke(_ box: PixelBox, color: Color) {
    guard !box.isEmpty else { return }
    horizontalLine(y: box.y0, from: box.x0, to: box.x1, color: color)
    if box.y1 - 1 > box.y0 { horizontalLine(y: box.y1 - 1, from: box.x0, to: box.x1, color: color) }
    if box.y1 - box.y0 > 2 {
      verticalLine(x: box.x0, from: box.y0 + 1, to: box.y1 - 1, color: color)
      if box.x1 - 1 > box.x0 {
        verticalLine(x: box.x1 - 1, from: box.y0 + 1, to: box.y1 - 1, color: color)
      }
    }
  }

  /// A one-pixel horizontal line over x in from..<to; `dash` > 0 draws dashes that long.
  mutating func horizontalLine(y: Int, from: Int, to: Int, color: Color, dash: Int = 0) {
    guard from < to else { return }
    for x in from..<to where dash == 0 || ((x - from) / dash) % 2 == 0 {
      blend(x: x, y: y, color: color, coverage: 255)
    }
  }

  /// A one-pixel vertical line over y in from..<to; `dash` > 0 draws dashes that long.
  mutating func verticalLine(x: Int, from: Int, to: Int, color: Color, dash: Int = 0) {
    guard from < to else { return }
    for y in from..<to where dash == 0 || ((y - from) / dash) % 2 == 0 {
      blend(x: x, y: y, color: color, coverage: 255)
    }
  }
}
