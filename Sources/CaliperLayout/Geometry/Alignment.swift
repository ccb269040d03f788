/// Alignment guides: where along a view's width or height it lines up with its siblings.
///
/// Problem: views line up on more than their edges — a label and a value on their text
/// baselines, a column of fields on the colon of each label. Solution: SwiftUI's guides. A
/// guide has an identity and a default value computed from a view's `ViewDimensions`
/// (leading 0, center ½, trailing the width; top, center, bottom; a text baseline defaults
/// to the bottom). A view may carry an explicit value for a guide instead: text carries its
/// first and last baselines, `alignmentGuide(_:computeValue:)` sets any guide, and
/// containers pass up their children's explicit values. Custom guides are made from an
/// `AlignmentID` type (or, in the JSON description, a declared name and default).
/// Limitation: no right-to-left mirroring of leading and trailing.
public protocol AlignmentID: SendableMetatype {
  /// The guide's value for a view that has no explicit value for it.
  static func defaultValue(in context: ViewDimensions) -> Double
}

/// The identity of a guide and its default value. Two keys are the same guide when their
/// names and axes are equal.
struct AlignmentKey: Sendable, Hashable, CustomStringConvertible {
  let name: String
  let axis: Axis
  /// Whether the default reads only the size (built-in guides), so that it needs no
  /// explicit guides to compute.
  let readsSizeOnly: Bool
  let defaultValue: @Sendable (ViewDimensions) -> Double

  static func == (lhs: AlignmentKey, rhs: AlignmentKey) -> Bool {
    lhs.name == rhs.name && lhs.axis == rhs.axis
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(axis)
  }

  var description: String { name }

  static func fraction(_ fraction: Double, _ name: String, _ axis: Axis) -> AlignmentKey {
    AlignmentKey(name: name, axis: axis, readsSizeOnly: true) { dimensions in
      (axis == .horizontal ? dimensions.width : dimensions.height) * fraction
    }
  }
}

/// A horizontal alignment guide: leading, center, trailing, or a custom one.
public struct HorizontalAlignment: Sendable, Hashable, CustomStringConvertible {
  let key: AlignmentKey

  init(key: AlignmentKey) {
    self.key = key
  }

  /// A custom guide identified by `id`, as SwiftUI's `HorizontalAlignment(_:)`.
  public init(_ id: any AlignmentID.Type) {
    let name = String(reflecting: id)
    key = AlignmentKey(name: name, axis: .horizontal, readsSizeOnly: false) {
      id.defaultValue(in: $0)
    }
  }

  /// A custom guide with a name and a default computed from a view's dimensions.
  public init(name: String, defaultValue: @escaping @Sendable (ViewDimensions) -> Double) {
    key = AlignmentKey(
      name: name, axis: .horizontal, readsSizeOnly: false, defaultValue: defaultValue)
  }

  public static let leading = HorizontalAlignment(key: .fraction(0, "leading", .horizontal))
  public static let center = HorizontalAlignment(key: .fraction(0.5, "center", .horizontal))
  public static let trailing = HorizontalAlignment(key: .fraction(1, "trailing", .horizontal))

  public var description: String { key.name }
}

/// A vertical alignment guide: top, center, bottom, a text baseline, or a custom one.
public struct VerticalAlignment: Sendable, Hashable, CustomStringConvertible {
  let key: AlignmentKey

  init(key: AlignmentKey) {
    self.key = key
  }

  /// A custom guide identified by `id`, as SwiftUI's `VerticalAlignment(_:)`.
  public init(_ id: any AlignmentID.Type) {
    let name = String(reflecting: id)
    key = AlignmentKey(name: name, axis: .vertical, readsSizeOnly: false) {
      id.defaultValue(in: $0)
    }
  }

  /// A custom guide with a name and a default computed from a view's dimensions.
  public init(name: String, defaultValue: @escaping @Sendable (ViewDimensions) -> Double) {
    key = AlignmentKey(
      name: name, axis: .vertical, readsSizeOnly: false, defaultValue: defaultValue)
  }

  public static let top = VerticalAlignment(key: .fraction(0, "top", .vertical))
  public static let center = VerticalAlignment(key: .fraction(0.5, "center", .vertical))
  public static let bottom = VerticalAlignment(key: .fraction(1, "bottom", .vertical))
  /// The baseline of a text's first line; a view without text defaults to its bottom.
  public static let firstTextBaseline = VerticalAlignment(
    key: .fraction(1, "firstTextBaseline", .vertical))
  /// The baseline of a text's last line; a view without text defaults to its bottom.
  public static let lastTextBaseline = VerticalAlignment(
    key: .fraction(1, "lastTextBaseline", .vertical))

  public var description: String { key.name }
}

/// A horizontal and a vertical guide together, for frames, overlays, ZStacks and grids.
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
  public static let centerFirstTextBaseline = Alignment(
    horizontal: .center, vertical: .firstTextBaseline)
  public static let centerLastTextBaseline = Alignment(
    horizontal: .center, vertical: .lastTextBaseline)
  public static let leadingFirstTextBaseline = Alignment(
    horizontal: .leading, vertical: .firstTextBaseline)
  public static let leadingLastTextBaseline = Alignment(
    horizontal: .leading, vertical: .lastTextBaseline)
  public static let trailingFirstTextBaseline = Alignment(
    horizontal: .trailing, vertical: .firstTextBaseline)
  public static let trailingLastTextBaseline = Alignment(
    horizontal: .trailing, vertical: .lastTextBaseline)

  /// The origin of a child of `size` aligned inside `bounds` by its default guides.
  func origin(of size: Size, in bounds: Rect) -> Point {
    origin(of: ViewDimensions(width: size.width, height: size.height), in: bounds)
  }

  /// The origin of a child with `dimensions` inside `bounds`: the child's guides land on
  /// the bounds' default guides (a baseline guide on the bounds' bottom, as in SwiftUI).
  func origin(of dimensions: ViewDimensions, in bounds: Rect) -> Point {
    let container = ViewDimensions(width: bounds.width, height: bounds.height)
    return Point(
      x: bounds.minX + container[horizontal] - dimensions[horizontal],
      y: bounds.minY + container[vertical] - dimensions[vertical])
  }
}

/// A view's size for a proposal, with its alignment guides.
///
/// `d[guide]` is the view's explicit value for the guide if it has one (a text's baselines,
/// an `alignmentGuide`), else the guide's default for this size.
public struct ViewDimensions: Sendable, Hashable {
  public let width: Double
  public let height: Double
  var explicitGuides: [AlignmentKey: Double]

  public init(width: Double, height: Double) {
    self.init(width: width, height: height, explicitGuides: [:])
  }

  init(width: Double, height: Double, explicitGuides: [AlignmentKey: Double]) {
    self.width = width
    self.height = height
    self.explicitGuides = explicitGuides
  }

  /// The guide's offset from the view's leading edge.
  public subscript(guide: HorizontalAlignment) -> Double { self[guide.key] }
  /// The guide's offset from the view's top edge.
  public subscript(guide: VerticalAlignment) -> Double { self[guide.key] }
  /// The view's explicit value for the guide, if it has one.
  public subscript(explicit guide: HorizontalAlignment) -> Double? { explicitGuides[guide.key] }
  /// The view's explicit value for the guide, if it has one.
  public subscript(explicit guide: VerticalAlignment) -> Double? { explicitGuides[guide.key] }

  subscript(key: AlignmentKey) -> Double { explicitGuides[key] ?? key.defaultValue(self) }
}
