/// One layout pass's bookkeeping: memoised sizes, where each node was placed, and, for the
/// audit, a log of every measurement and placement.
final class LayoutContext {
  /// Whether sizes are memoised per node and proposal (off for the nodes the audit probes).
  var memoise = true
  /// Receives measurements made through `LayoutSubview.sizeThatFits` (the audit).
  var onMeasure: ((LayoutNode, ProposedViewSize, Size) -> Void)?
  /// Receives placements instead of the nodes (the audit places without moving anything).
  var onPlace: ((LayoutNode, Rect, ProposedViewSize) -> Void)?

  func subviews(of node: LayoutNode) -> LayoutSubviews {
    node.children.map { LayoutSubview(node: $0, context: self) }
  }

  func size(of node: LayoutNode, for proposal: ProposedViewSize) -> Size {
    // -0 and 0 are one proposal.
    let proposal = ProposedViewSize(
      width: proposal.width.map { $0 + 0 }, height: proposal.height.map { $0 + 0 })
    if memoise, let size = node.sizes[proposal] { return size }
    let size: Size
    switch node.content {
    case .leaf(let leaf): size = leaf.sizeThatFits(proposal, axis: node.stackAxis)
    case .layout(let box): size = box.sizeThatFits(proposal, subviews: subviews(of: node))
    }
    if memoise { node.sizes[proposal] = size }
    return size
  }

  func spacing(of node: LayoutNode) -> ViewSpacing {
    switch node.content {
    case .leaf(let leaf): return leaf.spacing
    case .layout(let box): return box.spacing(subviews: subviews(of: node))
    }
  }

  func recordMeasurement(of node: LayoutNode, proposal: ProposedViewSize, size: Size) {
    onMeasure?(node, proposal, size)
  }

  func recordPlacement(of node: LayoutNode, frame: Rect, proposal: ProposedViewSize) {
    if let onPlace {
      onPlace(node, frame, proposal)
    } else {
      node.frame = frame
      node.proposal = proposal
    }
  }

  /// Places `node` at `frame` and, recursively, everything its layout places inside.
  func place(_ node: LayoutNode, frame: Rect, proposal: ProposedViewSize) {
    node.frame = frame
    node.proposal = proposal
    guard case .layout(let box) = node.content else { return }
    for child in node.children {
      child.frame = nil
      child.proposal = nil
    }
    box.placeSubviews(in: frame, proposal: proposal, subviews: subviews(of: node))
    for child in node.children {
      guard let childFrame = child.frame, let childProposal = child.proposal else { continue }
      place(child, frame: childFrame, proposal: childProposal)
    }
  }
}
