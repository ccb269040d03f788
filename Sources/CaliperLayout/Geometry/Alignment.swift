/// Alignment guides: where along a view's width or height it lines up with its siblings.
///
/// The guides are SwiftUI's built-in ones: leading, center and trailing horizontally; top,
/// center and bottom vertically. A guide's value for a view of a given size is a fraction
/// of that size (0, ½ or 1).
public struct HorizontalAlignment: Sendable, Hashable {
  let fraction: Double
  let name: String

  public static let leading = HorizontalAlignment(fraction: 0, name: "leading")
  public static let center = HorizontalAlignment(fraction: 0.5, name: "center")
  public static let trailing = HorizontalAlignment(fraction: 1, name: "trailing")
}

/// A vertical alignment guide: top, center or bottom.
public struct VerticalAlignment: Sendable, Hashable {
  let fraction: Double
  let name: String

  public static let top = VerticalAlignment(fraction: 0, name: "top")
  public static let center = VerticalAlignment(fraction: 0.5, name: "center")
  public static let bottom = VerticalAlignment(fraction: 1, name: "bottom")
}

/// A horizontal and a vertical guide together, for frames and overlays.
public struct Alignment: Sendable, Hashable {
  public var horizontal: HorizontalAlignment
  public var vertical: VerticalAlignment

  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  public static let center = Alignment(horizontal: .center, vertical: .center)
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  public static let top = Alignment(horizontal: .center, vertical: .top)
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

  /// The anchor in a view's unit square that this alignment lines up.
  var unitPoint: UnitPoint {
    UnitPoint(x: horizontal.fraction, y: vertical.fraction)
  }

  /// The origin of a child of `size` aligned inside `bounds`.
  func origin(of size: Size, in bounds: Rect) -> Point {
    Point(
      x: bounds.minX + (bounds.width - size.width) * horizontal.fraction,
      y: bounds.minY + (bounds.height - size.height) * vertical.fraction)
  }
}

/// A view's size for a proposal, with its alignment guides.
public struct ViewDimensions: Sendable, Hashable {
  public let width: Double
  public let height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The guide's offset from the view's leading edge.
  public subscript(guide: HorizontalAlignment) -> Double { width * guide.fraction }
  /// The guide's offset from the view's top edge.
  public subscript(guide: VerticalAlignment) -> Double { height * guide.fraction }
}
