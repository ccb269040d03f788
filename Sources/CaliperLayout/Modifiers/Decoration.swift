/// Background and overlay: a decoration sized to the view it decorates, which never
/// contributes to that view's size.
///
/// The decorated view is subview 0 and sizes the whole; the decoration, subview 1, is
/// proposed exactly that size and aligned on it. A decoration larger than the view overflows
/// it (on purpose, as in SwiftUI).
struct DecorationLayout: Layout {
  public var alignment: Alignment

  public init(alignment: Alignment = .center) {
    self.alignment = alignment
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    subviews.first?.sizeThatFits(proposal) ?? .zero
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    guard let main = subviews.first else { return }
    main.place(at: bounds.origin, proposal: proposal)
    for decoration in subviews.dropFirst() {
      let decorationProposal = ProposedViewSize(bounds.size)
      let size = decoration.sizeThatFits(decorationProposal)
      decoration.place(at: alignment.origin(of: size, in: bounds), proposal: decorationProposal)
    }
  }

  public func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
    subviews.first?.spacing ?? .standard
  }

  /// The decorated view's guides: a decoration never moves them.
  public func explicitAlignment(
    of guide: HorizontalAlignment, in bounds: Rect, proposal: ProposedViewSize,
    subviews: Subviews, cache: inout ()
  ) -> Double? {
    subviews.first?.dimensions(in: proposal)[explicit: guide].map { bounds.minX + $0 }
  }

  public func explicitAlignment(
    of guide: VerticalAlignment, in bounds: Rect, proposal: ProposedViewSize,
    subviews: Subviews, cache: inout ()
  ) -> Double? {
    subviews.first?.dimensions(in: proposal)[explicit: guide].map { bounds.minY + $0 }
  }

  public var allowsOverflow: Bool { true }
}

extension View {
  /// Draws `content` behind the view, sized to it.
  public func background(alignment: Alignment = .center, @ViewBuilder _ content: () -> [AnyView])
    -> AnyView
  {
    decorated(kind: "background", alignment: alignment, content())
  }

  /// Draws `content` in front of the view, sized to it.
  public func overlay(alignment: Alignment = .center, @ViewBuilder _ content: () -> [AnyView])
    -> AnyView
  {
    decorated(kind: "overlay", alignment: alignment, content())
  }

  func decorated(kind: String, alignment: Alignment, _ content: [AnyView]) -> AnyView {
    let decoration = content.count == 1 ? content[0] : ZStack(alignment: alignment) { content }.body
    return AnyView(
      .container(
        ConstantLayout(layout: DecorationLayout(alignment: alignment), kind: kind),
        [body, decoration]))
  }
}
