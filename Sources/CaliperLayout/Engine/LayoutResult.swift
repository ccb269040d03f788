/// The frames of one laid-out tree, in the root's coordinates.
public struct LayoutResult: Sendable {
  /// The proposal the root was given.
  public let proposal: ProposedViewSize
  /// The root's size.
  public let size: Size
  /// Every shown view, parents before children. Views a container did not place (the
  /// children ViewThatFits did not pick) are absent.
  public let nodes: [PlacedView]

  /// The view named `id`.
  public subscript(id: String) -> PlacedView? {
    nodes.first { $0.id == id }
  }

  init(proposal: ProposedViewSize, size: Size, root: LayoutNode?) {
    self.proposal = proposal
    self.size = size
    var nodes: [PlacedView] = []
    // Parents first, children in order: a stack of (node, depth, parent index), walked
    // without recursion, so a deep tree costs no stack.
    var pending: [(node: LayoutNode, depth: Int, parent: Int?)] = root.map { [($0, 0, nil)] } ?? []
    while let (node, depth, parent) = pending.popLast() {
      guard let frame = node.frame, let proposal = node.proposal else { continue }
      var text: TextMeasurement?
      var columns: VerticalMeasurement?
      var prepared: PreparedText?
      if case .leaf(let leaf) = node.content, let leaf = leaf as? Text {
        if leaf.isVertical {
          columns = leaf.measureColumns(proposal)
        } else {
          text = leaf.measure(proposal)
        }
        prepared = leaf.prepared
      }
      let index = nodes.count
      nodes.append(
        PlacedView(
          id: node.id, kind: node.kind, summary: node.summary, depth: depth, parent: parent,
          frame: frame, proposal: proposal, text: text, columns: columns,
          preparedText: prepared))
      for child in node.children.reversed() { pending.append((child, depth + 1, index)) }
    }
    self.nodes = nodes
  }
}

/// One shown view: where it is and what it was proposed.
public struct PlacedView: Sendable, Hashable {
  public let id: String?
  /// "text", "box", "spacer", "vstack", "hstack", "zstack", "scroll", "frame", "padding",
  /// "fixedSize", "background", "overlay", "viewThatFits", or a custom layout's type name.
  public let kind: String
  /// A short description ("frame(width: state.badgeWidth + 16)").
  public let summary: String
  /// Depth in the tree (the root is 0).
  public let depth: Int
  /// The index of the parent in `LayoutResult.nodes`.
  public let parent: Int?
  /// The frame in the root's coordinates.
  public let frame: Rect
  /// The proposal it was placed with.
  public let proposal: ProposedViewSize
  /// For text: its measurement at that proposal (lines relative to the frame's top left).
  public let text: TextMeasurement?
  /// For vertical text (`TextStyle.writingMode`), instead of `text`: its columns at that
  /// proposal (x and y relative to the frame's top left).
  public let columns: VerticalMeasurement?
  /// For text: the prepared text that was measured (to draw its glyphs). Not part of
  /// equality: `text`, the measurement, stands for it.
  public let preparedText: PreparedText?

  public static func == (lhs: PlacedView, rhs: PlacedView) -> Bool {
    lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.summary == rhs.summary
      && lhs.depth == rhs.depth && lhs.parent == rhs.parent && lhs.frame == rhs.frame
      && lhs.proposal == rhs.proposal && lhs.text == rhs.text && lhs.columns == rhs.columns
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(kind)
    hasher.combine(depth)
    hasher.combine(parent)
    hasher.combine(frame)
    hasher.combine(text)
    hasher.combine(columns)
  }
}
