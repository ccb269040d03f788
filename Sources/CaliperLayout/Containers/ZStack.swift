/// Children on top of each other: each is proposed the stack's proposal; the stack is as
/// large as its largest child on each axis, and aligns the others inside.
public struct ZStackLayout: Layout {
  public var alignment: Alignment

  public init(alignment: Alignment = .center) {
    self.alignment = alignment
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    let sizes = subviews.map { $0.sizeThatFits(proposal) }
    return Size(
      width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    for subview in subviews {
      let size = subview.sizeThatFits(proposal)
      subview.place(at: alignment.origin(of: size, in: bounds), proposal: proposal)
    }
  }
}

/// Children layered in one frame.
public struct ZStack: View {
  let layout: ZStackLayout
  let content: [AnyView]

  public init(alignment: Alignment = .center, @ViewBuilder content: () -> [AnyView]) {
    layout = ZStackLayout(alignment: alignment)
    self.content = content()
  }

  public var body: AnyView {
    AnyView(.container(ConstantLayout(layout: layout, kind: "zstack"), content))
  }
}
