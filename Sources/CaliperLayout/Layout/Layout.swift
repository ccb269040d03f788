/// A container that sizes and places its subviews: SwiftUI's `Layout` protocol.
///
/// A parent proposes a size; `sizeThatFits` answers with the size the container needs,
/// asking its subviews for theirs; `placeSubviews` puts each subview somewhere in the bounds
/// the parent granted. Measure and place from one shared plan (compute it in a function
/// both call, or keep it in the cache), so that size and placement cannot disagree.
///
/// ```swift
/// struct Column: Layout {
///   func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
///     let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
///     return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).reduce(0, +))
///   }
///   func placeSubviews(
///     in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
///   ) {
///     var y = bounds.minY
///     for subview in subviews {
///       subview.place(at: Point(x: bounds.minX, y: y), proposal: .unspecified)
///       y += subview.sizeThatFits(.unspecified).height
///     }
///   }
/// }
/// let view = Column { Box(width: 80, height: 24); Box(width: 40, height: 24) }
/// ```
public protocol Layout: Sendable {
  /// Data kept between calls of one layout pass (and updated between passes).
  associatedtype Cache = Void
  typealias Subviews = LayoutSubviews

  /// Creates the cache at the start of a layout pass.
  func makeCache(subviews: Subviews) -> Cache
  /// Brings a cache from an earlier pass up to date (the default makes a new one).
  func updateCache(_ cache: inout Cache, subviews: Subviews)
  /// The size the container needs for `proposal`.
  func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> Size
  /// Places every subview that should be shown, inside `bounds`.
  func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
  /// The spacing the container prefers around itself (the default: its subviews' union).
  func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
  /// The container's explicit value for a horizontal guide, as a position in `bounds`'
  /// coordinates, or nil (its parent then uses the guide's default). The default passes up
  /// the explicit values of the subviews where `placeSubviews` puts them.
  func explicitAlignment(
    of guide: HorizontalAlignment, in bounds: Rect, proposal: ProposedViewSize,
    subviews: Subviews, cache: inout Cache
  ) -> Double?
  /// The container's explicit value for a vertical guide (a text baseline inside it).
  func explicitAlignment(
    of guide: VerticalAlignment, in bounds: Rect, proposal: ProposedViewSize,
    subviews: Subviews, cache: inout Cache
  ) -> Double?
  /// Whether the container places subviews outside its bounds on purpose (a scroll view's
  /// content, a child wider than a fixed frame). The audit reports overflow only when this
  /// is false.
  var allowsOverflow: Bool { get }
}

extension Layout where Cache == Void {
  public func makeCache(subviews: Subviews) {}
}

extension Layout {
  public func updateCache(_ cache: inout Cache, subviews: Subviews) {
    cache = makeCache(subviews: subviews)
  }

  public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
    var union = ViewSpacing.zero
    for subview in subviews { union.formUnion(subview.spacing) }
    return subviews.isEmpty ? .standard : union
  }

  public var allowsOverflow: Bool { false }

  public func explicitAlignment(
    of guide: HorizontalAlignment, in bounds: Rect, proposal: ProposedViewSize,
    subviews: Subviews, cache: inout Cache
  ) -> Double? {
    mergedExplicitGuide(
      guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
  }

  public func explicitAlignment(
    of guide: VerticalAlignment, in bounds: Rect, proposal: ProposedViewSize,
    subviews: Subviews, cache: inout Cache
  ) -> Double? {
    mergedExplicitGuide(
      guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
  }

  func mergedExplicitGuide(
    _ key: AlignmentKey, in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews,
    cache: inout Cache
  ) -> Double? {
    guard let context = subviews.first?.context else { return nil }
    return context.mergedExplicitGuide(key, subviews: subviews) {
      placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
  }

  /// The container with its subviews, as a view.
  public func callAsFunction(@ViewBuilder _ content: () -> [AnyView]) -> AnyView {
    AnyView(.container(ConstantLayout(layout: self), content()))
  }
}

/// The space a view prefers between itself and its neighbours, per edge.
///
/// Two neighbours are `max` of their facing preferences apart. Text, boxes and containers
/// prefer `standard` (8 pt, SwiftUI's usual distance); a spacer prefers none.
public struct ViewSpacing: Sendable, Hashable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  public static let zero = ViewSpacing(top: 0, leading: 0, bottom: 0, trailing: 0)
  public static let standard = ViewSpacing(top: 8, leading: 8, bottom: 8, trailing: 8)

  /// The distance from this view to `next`, which follows it along `axis`.
  public func distance(to next: ViewSpacing, along axis: Axis) -> Double {
    switch axis {
    case .horizontal: return max(trailing, next.leading)
    case .vertical: return max(bottom, next.top)
    }
  }

  /// Takes, edge by edge, the larger preference.
  public mutating func formUnion(_ other: ViewSpacing) {
    top = max(top, other.top)
    leading = max(leading, other.leading)
    bottom = max(bottom, other.bottom)
    trailing = max(trailing, other.trailing)
  }
}
