/// A box of whole pixels: x0..<x1 × y0..<y1.
public struct PixelBox: Sendable, Hashable, CustomStringConvertible {
  public var x0: Int
  public var y0: Int
  public var x1: Int
  public var y1: Int

  public init(x0: Int, y0: Int, x1: Int, y1: Int) {
    self.x0 = x0
    self.y0 = y0
    self.x1 = x1
    self.y1 = y1
  }

  /// The pixels a rectangle in pixel coordinates touches (floor of the origin, ceil of the
  /// far edge).
  public init(x: Double, y: Double, width: Double, height: Double) {
    x0 = Int((x).rounded(.down))
    y0 = Int((y).rounded(.down))
    x1 = Int((x + width).rounded(.up))
    y1 = Int((y + height).rounded(.up))
  }

  public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

  func clipped(width: Int, height: Int) -> PixelBox {
    PixelBox(x0: max(0, x0), y0: max(0, y0), x1: min(width, x1), y1: min(height, y1))
  }

  /// The smallest box holding both.
  public func union(_ other: PixelBox) -> PixelBox {
    if isEmpty { return other }
    if other.isEmpty { return self }
    return PixelBox(
      x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
  }

  /// Whether the two boxes share a pixel.
  public func intersects(_ other: PixelBox) -> Bool {
    !isEmpty && !other.isEmpty && x0 < other.x1 && other.x0 < x1 && y0 < other.y1
      && other.y0 < y1
  }

  public func contains(x: Int, y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }

  public var description: String { "[\(x0), \(y0)) – [\(x1), \(y1))" }
}
