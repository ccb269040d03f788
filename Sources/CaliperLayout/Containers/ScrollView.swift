/// A scroll view: its content is proposed nothing (unspecified) along the scrolling axes,
/// so it takes its ideal length there, and the scroll view takes the proposed size (or the
/// content's, where the proposal is unspecified or infinite). Content longer than the
/// scroll view overflows it on purpose.
struct ScrollLayout: Layout {
  public var axes: Axis.Set

  public init(axes: Axis.Set = .vertical) {
    self.axes = axes
  }

  func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
    ProposedViewSize(
      width: axes.contains(.horizontal) ? nil : proposal.width,
      height: axes.contains(.vertical) ? nil : proposal.height)
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    let content = subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
    func length(_ proposed: Double?, _ content: Double) -> Double {
      guard let proposed, proposed.isFinite else { return content }
      return proposed
    }
    return Size(
      width: length(proposal.width, content.width), height: length(proposal.height, content.height))
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    guard let child = subviews.first else { return }
    let childProposal = childProposal(proposal)
    let size = child.sizeThatFits(childProposal)
    // Scrolled content starts at the leading/top edge; across the scrolling axis it is
    // centred, as in SwiftUI.
    let alignment = Alignment(
      horizontal: axes.contains(.horizontal) ? .leading : .center,
      vertical: axes.contains(.vertical) ? .top : .center)
    child.place(at: alignment.origin(of: size, in: bounds), proposal: childProposal)
  }

  public var allowsOverflow: Bool { true }
}

/// Scrollable content along `axes` (default vertical).
public struct ScrollView: View {
  let layout: ScrollLayout
  let content: [AnyView]

  public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> [AnyView]) {
    layout = ScrollLayout(axes: axes)
    let views = content()
    self.content = views.count == 1 ? views : [VStack { views }.body]
  }

  public var body: AnyView {
    AnyView(.container(ConstantLayout(layout: layout, kind: "scroll"), content))
  }
}
