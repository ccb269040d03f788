/// Traits: what a view tells the container that holds it, without a layout of its own —
/// SwiftUI's `layoutPriority`, `gridCellColumns`, `gridColumnAlignment`,
/// `gridCellUnsizedAxes` and `alignmentGuide`.
///
/// A trait set on a view also holds for the modifiers around it (padding, frames, fixed
/// size, background and overlay, `if`), as in SwiftUI: `text.layoutPriority(1).padding(4)`
/// is still the priority-1 subview of its stack.
struct ViewTraits: Sendable {
  /// The stack offers space to higher priorities first (default 0).
  var priority: Double?
  /// The number of grid columns the cell spans (default 1).
  var gridCellColumns: Int?
  /// How the cells of this cell's grid column line up horizontally.
  var gridColumnAlignment: HorizontalAlignment?
  /// The axes on which the cell does not size its grid row or column.
  var gridCellUnsizedAxes: Axis.Set?
  /// Explicit guide values, applied in order.
  var alignmentGuides: [AlignmentGuide] = []

  /// `self` with the container-facing traits `inner` has and `self` lacks (guides are not
  /// inherited: they travel through the containers' explicit alignments).
  func inheriting(_ inner: ViewTraits) -> ViewTraits {
    var traits = self
    traits.priority = priority ?? inner.priority
    traits.gridCellColumns = gridCellColumns ?? inner.gridCellColumns
    traits.gridColumnAlignment = gridColumnAlignment ?? inner.gridColumnAlignment
    traits.gridCellUnsizedAxes = gridCellUnsizedAxes ?? inner.gridCellUnsizedAxes
    return traits
  }
}

/// One trait set by a modifier.
enum ViewTrait: Sendable {
  case layoutPriority(Double)
  case gridCellColumns(Int)
  case gridColumnAlignment(HorizontalAlignment)
  case gridCellUnsizedAxes(Axis.Set)
  case alignmentGuide(AlignmentGuide)

  func apply(to traits: inout ViewTraits) {
    switch self {
    case .layoutPriority(let value): traits.priority = value
    case .gridCellColumns(let count): traits.gridCellColumns = count
    case .gridColumnAlignment(let alignment): traits.gridColumnAlignment = alignment
    case .gridCellUnsizedAxes(let axes): traits.gridCellUnsizedAxes = axes
    case .alignmentGuide(let guide): traits.alignmentGuides.append(guide)
    }
  }
}

/// An explicit value for one guide, computed from the view's dimensions (in which the
/// guide reads the value it had before: its inner explicit value, or its default).
struct AlignmentGuide: Sendable {
  let key: AlignmentKey
  let computeValue: @Sendable (ViewDimensions) -> Double
}

extension View {
  /// Sets the priority with which a stack offers this view space: higher first, as
  /// SwiftUI's `layoutPriority(_:)` (default 0).
  public func layoutPriority(_ value: Double) -> AnyView {
    AnyView(.trait(.layoutPriority(value), body))
  }

  /// Makes a grid cell span `count` columns (at least 1), as SwiftUI's `gridCellColumns(_:)`.
  public func gridCellColumns(_ count: Int) -> AnyView {
    AnyView(.trait(.gridCellColumns(max(1, count)), body))
  }

  /// Aligns every cell of this cell's grid column by `guide`, as SwiftUI's
  /// `gridColumnAlignment(_:)`.
  public func gridColumnAlignment(_ guide: HorizontalAlignment) -> AnyView {
    AnyView(.trait(.gridColumnAlignment(guide), body))
  }

  /// Keeps a grid cell from sizing its column (horizontal) or row (vertical): it is offered
  /// the size the other cells make, as SwiftUI's `gridCellUnsizedAxes(_:)`.
  public func gridCellUnsizedAxes(_ axes: Axis.Set) -> AnyView {
    AnyView(.trait(.gridCellUnsizedAxes(axes), body))
  }

  /// Sets the view's value for a horizontal guide, as SwiftUI's
  /// `alignmentGuide(_:computeValue:)`: `d[guide]` inside reads the previous value.
  public func alignmentGuide(
    _ guide: HorizontalAlignment, computeValue: @escaping @Sendable (ViewDimensions) -> Double
  ) -> AnyView {
    AnyView(
      .trait(.alignmentGuide(AlignmentGuide(key: guide.key, computeValue: computeValue)), body))
  }

  /// Sets the view's value for a vertical guide.
  public func alignmentGuide(
    _ guide: VerticalAlignment, computeValue: @escaping @Sendable (ViewDimensions) -> Double
  ) -> AnyView {
    AnyView(
      .trait(.alignmentGuide(AlignmentGuide(key: guide.key, computeValue: computeValue)), body))
  }
}
