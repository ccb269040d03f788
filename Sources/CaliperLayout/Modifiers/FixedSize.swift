/// Fixed size: on each fixed axis the child is proposed nothing (unspecified), so it takes
/// its ideal size there, whatever the parent offers.
struct FixedSizeLayout: Layout {
  public var horizontal: Bool
  public var vertical: Bool

  public init(horizontal: Bool = true, vertical: Bool = true) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
    ProposedViewSize(
      width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    guard let child = subviews.first else { return }
    let childProposal = childProposal(proposal)
    let size = child.sizeThatFits(childProposal)
    child.place(at: Alignment.center.origin(of: size, in: bounds), proposal: childProposal)
  }
}

extension View {
  /// Fixes the view at its ideal size on the given axes.
  public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> AnyView {
    AnyView(
      .container(
        ConstantLayout(
          layout: FixedSizeLayout(horizontal: horizontal, vertical: vertical), kind: "fixedSize"),
        [body]))
  }
}
