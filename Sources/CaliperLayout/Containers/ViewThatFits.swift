/// The first child whose ideal size fits the proposal on the constrained axes, else the
/// last; only that child is shown (placed).
///
/// ```swift
/// ViewThatFits(in: .horizontal) {
///   HStack { wideLabel; Box(width: 80, height: 24) }   // wide presentation
///   VStack { compactLabel; Box(width: 80, height: 24) } // compact fallback
/// }
/// ```
struct ViewThatFitsLayout: Layout {
  public var axes: Axis.Set

  public init(axes: Axis.Set = [.horizontal, .vertical]) {
    self.axes = axes
  }

  /// The index of the child shown for `proposal`.
  func choice(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Int? {
    guard !subviews.isEmpty else { return nil }
    for (index, subview) in subviews.enumerated() {
      let ideal = subview.sizeThatFits(.unspecified)
      let fitsWidth =
        !axes.contains(.horizontal) || proposal.width.map { ideal.width <= $0 + 1e-6 } ?? true
      let fitsHeight =
        !axes.contains(.vertical) || proposal.height.map { ideal.height <= $0 + 1e-6 } ?? true
      if fitsWidth && fitsHeight { return index }
    }
    return subviews.count - 1
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    guard let index = choice(proposal, subviews) else { return .zero }
    return subviews[index].sizeThatFits(proposal)
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    guard let index = choice(proposal, subviews) else { return }
    let size = subviews[index].sizeThatFits(proposal)
    subviews[index].place(at: Alignment.center.origin(of: size, in: bounds), proposal: proposal)
  }
}

/// Shows the first of its children that fits (see `ViewThatFitsLayout`).
public struct ViewThatFits: View {
  let layout: ViewThatFitsLayout
  let content: [AnyView]

  public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> [AnyView]) {
    layout = ViewThatFitsLayout(axes: axes)
    self.content = content()
  }

  public var body: AnyView {
    AnyView(.container(ConstantLayout(layout: layout, kind: "viewThatFits"), content))
  }
}
