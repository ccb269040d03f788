/// Children on top of each other: each is proposed the stack's proposal and they line up
/// on the stack's two guides (a text baseline, an explicit `alignmentGuide`, or the guide's
/// default). The stack is the union of its aligned children: with default guides, the
/// largest child on each axis.
struct ZStackLayout: PlannedLayout {
  public var alignment: Alignment

  public init(alignment: Alignment = .center) {
    self.alignment = alignment
  }

  struct Plan: SizedPlan {
    var origins: [Point] = []
    var size = Size.zero
  }

  func plan(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Plan {
    var plan = Plan()
    guard !subviews.isEmpty else { return plan }
    let sizes = subviews.map { $0.sizeThatFits(proposal) }
    let xs = subviews.map { $0.guide(alignment.horizontal.key, in: proposal) }
    let ys = subviews.map { $0.guide(alignment.vertical.key, in: proposal) }
    let (xOffsets, width) = StackLayout.align(xs, sizes.map(\.width))
    let (yOffsets, height) = StackLayout.align(ys, sizes.map(\.height))
    plan.origins = subviews.indices.map { Point(x: xOffsets[$0], y: yOffsets[$0]) }
    plan.size = Size(width: width, height: height)
    return plan
  }

  func place(_ plan: Plan, in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews) {
    // Bounds larger than the plan: the children move with the guides' defaults.
    let shift = alignment.origin(of: plan.size, in: bounds)
    for (index, subview) in subviews.enumerated() {
      subview.place(
        at: Point(x: shift.x + plan.origins[index].x, y: shift.y + plan.origins[index].y),
        proposal: proposal)
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
