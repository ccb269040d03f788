/// A container that measures and places from one plan, as `Layout` advises: `plan` works
/// out the children's proposals, sizes and places once, `sizeThatFits` reports the plan's
/// size and `placeSubviews` places from the same plan, so that the two cannot disagree and
/// no container writes the two calls again.
protocol PlannedLayout: Layout where Cache == Void {
  associatedtype Plan: SizedPlan

  /// The plan for `proposal`: what both `sizeThatFits` and `placeSubviews` read.
  func plan(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Plan
  /// Places the subviews inside `bounds` as `plan` (made for `proposal`) says.
  func place(_ plan: Plan, in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews)
}

/// A layout plan that knows the container's size.
protocol SizedPlan {
  var size: Size { get }
}

extension PlannedLayout {
  func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
    plan(proposal, subviews).size
  }

  func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    place(plan(proposal, subviews), in: bounds, proposal: proposal, subviews: subviews)
  }
}

/// A frame around one child: the child is proposed `childProposal`, aligned inside the
/// frame by `alignment`, and may overflow a frame smaller than it (`FrameLayout`,
/// `FlexibleFrameLayout`).
protocol AligningFrame: Layout where Cache == Void {
  var alignment: Alignment { get }
  /// What the child is proposed when the frame is proposed `proposal`.
  func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize
}

extension AligningFrame {
  func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    guard let child = subviews.first else { return }
    let childProposal = childProposal(proposal)
    let dimensions = child.dimensions(in: childProposal)
    child.place(at: alignment.origin(of: dimensions, in: bounds), proposal: childProposal)
  }

  var allowsOverflow: Bool { true }
}
