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
    if !node.childrenPlacedByParent {
      for child in node.children {
        child.frame = nil
        child.proposal = nil
      }
      box.placeSubviews(in: frame, proposal: proposal, subviews: subviews(of: node))
    }
    for child in node.children {
      guard let childFrame = child.frame, let childProposal = child.proposal else { continue }
      place(child, frame: childFrame, proposal: childProposal)
    }
  }

  /// The node's explicit value for the guide `key` at `proposal`, from its top leading
  /// corner; nil when it has none (its container then uses the guide's default).
  func explicitGuide(_ key: AlignmentKey, of node: LayoutNode, for proposal: ProposedViewSize)
    -> Double?
  {
    guard node.guideKeys.contains(key) else { return nil }
    let proposal = ProposedViewSize(
      width: proposal.width.map { $0 + 0 }, height: proposal.height.map { $0 + 0 })
    let query = GuideQuery(key: key, proposal: proposal)
    if memoise, let value = node.guides[query] { return value }
    let value: Double?
    if node.traits.alignmentGuides.isEmpty {
      value = innerExplicitGuide(key, of: node, for: proposal)
    } else {
      value = dimensions(of: node, for: proposal).explicitGuides[key]
    }
    if memoise { node.guides[query] = value }
    return value
  }

  /// The node's size at `proposal` with every explicit guide it has.
  func dimensions(of node: LayoutNode, for proposal: ProposedViewSize) -> ViewDimensions {
    let size = size(of: node, for: proposal)
    var guides: [AlignmentKey: Double] = [:]
    let ownGuides = !node.traits.alignmentGuides.isEmpty
    for key in node.guideKeys {
      // Memoised either way: a frame asks for its child's dimensions, the child for its
      // own child's, and without memos the baselines would be found 2^depth times.
      let value =
        ownGuides
        ? innerExplicitGuide(key, of: node, for: proposal)
        : explicitGuide(key, of: node, for: proposal)
      if let value { guides[key] = value }
    }
    for guide in node.traits.alignmentGuides {
      let dimensions = ViewDimensions(
        width: size.width, height: size.height, explicitGuides: guides)
      guides[guide.key] = guide.computeValue(dimensions)
    }
    return ViewDimensions(width: size.width, height: size.height, explicitGuides: guides)
  }

  /// The explicit guide of the node's content, before its own `alignmentGuide`s: a text's
  /// baselines, or what its layout passes up from its children.
  private func innerExplicitGuide(
    _ key: AlignmentKey, of node: LayoutNode, for proposal: ProposedViewSize
  ) -> Double? {
    let query = GuideQuery(key: key, proposal: proposal)
    if memoise, let value = node.innerGuides[query] { return value }
    let value = computeInnerExplicitGuide(key, of: node, for: proposal)
    if memoise { node.innerGuides[query] = value }
    return value
  }

  private func computeInnerExplicitGuide(
    _ key: AlignmentKey, of node: LayoutNode, for proposal: ProposedViewSize
  ) -> Double? {
    switch node.content {
    case .leaf(let leaf):
      // Vertical text has no horizontal baseline: the default guide (its bottom) stands in.
      guard let text = leaf as? Text, !text.isVertical else { return nil }
      let measurement = text.measure(proposal)
      let line: Line?
      switch key {
      case VerticalAlignment.firstTextBaseline.key: line = measurement.lines.first
      case VerticalAlignment.lastTextBaseline.key: line = measurement.lines.last
      default: line = nil
      }
      return line.map { measurement.usedRect.minY + $0.baseline }
    case .layout(let box):
      let bounds = Rect(origin: .zero, size: size(of: node, for: proposal))
      return box.explicitGuide(key, in: bounds, proposal: proposal, subviews: subviews(of: node))
    }
  }

  /// A container's explicit guide merged from its children: their explicit values where
  /// `place` puts them. The first child with a value gives it, except for the last text
  /// baseline, which the last child gives (a column's last baseline is its last text's).
  func mergedExplicitGuide(_ key: AlignmentKey, subviews: LayoutSubviews, place: () -> Void)
    -> Double?
  {
    guard subviews.contains(where: { $0.node.guideKeys.contains(key) }) else { return nil }
    var placements: [(LayoutNode, Rect, ProposedViewSize)] = []
    let saved = onPlace
    onPlace = { node, frame, proposal in placements.append((node, frame, proposal)) }
    place()
    onPlace = saved
    var result: Double?
    for (child, frame, proposal) in placements {
      guard let value = explicitGuide(key, of: child, for: proposal) else { continue }
      let position = (key.axis == .horizontal ? frame.minX : frame.minY) + value
      if result == nil || key == VerticalAlignment.lastTextBaseline.key { result = position }
    }
    return result
  }
}
