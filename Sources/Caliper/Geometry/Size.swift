/// Sizes, points and rectangles in points (1 pt = 1 px at 72 dpi), unrounded.
///
/// Rounding happens once, at the edge, when a caller asks for it with `rounded(toScale:)`.

/// A width and a height in points.
public struct Size: Sendable, Hashable, Codable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)

  /// The size rounded up to the device-pixel grid of `scale` pixels per point.
  ///
  /// This is the rounding AppKit advises for `NSAttributedString.size()`: ceil, so that a
  /// frame of the rounded size never clips the text.
  public func rounded(toScale scale: Double) -> Size {
    Size(width: ceilToGrid(width, scale), height: ceilToGrid(height, scale))
  }
}

/// A position in points.
public struct Point: Sendable, Hashable, Codable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)
}

/// A rectangle in points, origin at the top left, y growing downwards.
public struct Rect: Sendable, Hashable, Codable {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var width: Double { size.width }
  public var height: Double { size.height }

  /// The smallest rectangle that contains this one and `other` (CGRect's `union`).
  public func union(_ other: Rect) -> Rect {
    let x = min(minX, other.minX)
    let y = min(minY, other.minY)
    return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
  }

  /// The smallest rectangle on the pixel grid of `scale` that contains this one.
  public func rounded(toScale scale: Double) -> Rect {
    let x = floorToGrid(minX, scale)
    let y = floorToGrid(minY, scale)
    return Rect(
      x: x, y: y, width: ceilToGrid(maxX, scale) - x, height: ceilToGrid(maxY, scale) - y)
  }
}

/// Tolerance for values that should sit exactly on the grid but carry rounding error from
/// sums of fractional advances (1e-6 pt, as for line fitting).
let gridTolerance = 1e-6

/// `value` rounded up to the grid of `scale` pixels per point. The tolerance is in points,
/// not pixels: at a tiny scale (1e-10 pixels per point, one pixel 1e10 points) a pixel's
/// tolerance would swallow any width, and 242.656 would round to 0.
func ceilToGrid(_ value: Double, _ scale: Double) -> Double {
  guard value.isFinite, scale.isFinite, scale > 0 else { return value }
  return ((value - gridTolerance) * scale).rounded(.up) / scale + 0  // + 0 turns -0 into 0
}

/// `value` rounded down to the grid of `scale` pixels per point, with the tolerance in
/// points.
func floorToGrid(_ value: Double, _ scale: Double) -> Double {
  guard value.isFinite, scale.isFinite, scale > 0 else { return value }
  return ((value + gridTolerance) * scale).rounded(.down) / scale + 0
}
