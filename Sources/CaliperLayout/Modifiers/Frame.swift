/// A fixed frame: each given dimension replaces the proposal to the child and is the
/// view's size on that axis; a missing one passes the proposal through and takes the
/// child's size. The child is aligned inside and may overflow a frame smaller than it.
struct FrameLayout: AligningFrame {
  public var width: Double?
  public var height: Double?
  public var alignment: Alignment

  public init(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) {
    self.width = width
    self.height = height
    self.alignment = alignment
  }

  func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
    ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height)
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    let child = subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
    return Size(width: width ?? child.width, height: height ?? child.height)
  }

}

struct FrameFactory: LayoutFactory {
  let width: Expression?
  let height: Expression?
  let alignment: Alignment

  func makeLayout(in state: LayoutState) throws(LayoutError) -> any Layout {
    FrameLayout(
      width: try width.flatMap { e throws(LayoutError) in
        try evaluateLength(e, in: state, what: "frame width")
      },
      height: try height.flatMap { e throws(LayoutError) in
        try evaluateLength(e, in: state, what: "frame height")
      },
      alignment: alignment)
  }

  var stateKeys: Set<String> {
    (width?.stateKeys ?? []).union(height?.stateKeys ?? [])
  }
  var kind: String { "frame" }
  var summary: String {
    let parts = [width.map { "width: \($0)" }, height.map { "height: \($0)" }].compactMap { $0 }
    return "frame(\(parts.joined(separator: ", ")))"
  }
}

extension View {
  /// A fixed frame: SwiftUI's `frame(width:height:alignment:)`.
  public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center)
    -> AnyView
  {
    frame(
      width: width.map(Expression.number), height: height.map(Expression.number),
      alignment: alignment)
  }

  /// A fixed frame whose dimensions are computed from layout state in every pass; a
  /// dimension that reads missing state is unspecified.
  public func frame(width: Expression?, height: Expression? = nil, alignment: Alignment = .center)
    -> AnyView
  {
    AnyView(.container(FrameFactory(width: width, height: height, alignment: alignment), [body]))
  }
}
