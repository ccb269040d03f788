/// The layout of an `if` node: the branch shown, at the `if`'s own frame. It is sized and
/// placed exactly as its branch, and passes the branch's guides, spacing and traits on.
struct IfLayout: Layout {
  func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
    subviews.first?.sizeThatFits(proposal) ?? .zero
  }

  func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    subviews.first?.place(at: bounds.origin, proposal: proposal)
  }
}
