/// One view of a resolved layout tree, for one pass: what it is, its children, and what
/// the pass found out about it.
///
/// Nodes are made afresh for every pass (conditions may pick other children) and are used
/// by one pass on one thread only.
final class LayoutNode {
  enum Content {
    case leaf(any LeafView)
    case layout(LayoutBox)
  }

  let content: Content
  var children: [LayoutNode] = []
  weak var parent: LayoutNode?
  var id: String?
  /// The structural position, e.g. `0.2.1`, stable across passes for the same tree shape.
  let position: String
  /// The axis of the enclosing stack, for spacers.
  var stackAxis: Axis?
  /// State the node's parameters (or the condition that chose it) read, with what reads it.
  var reads: [(key: String, reader: String)] = []
  var observations: [Observation] = []
  /// Sizes already answered this pass, by proposal.
  var sizes: [ProposedViewSize: Size] = [:]
  /// Explicit guide values already answered this pass (nil: the view has none).
  var guides: [GuideQuery: Double?] = [:]
  /// The same, before the node's own `alignmentGuide`s.
  var innerGuides: [GuideQuery: Double?] = [:]
  /// What the view tells its container: priority, grid cell settings, alignment guides.
  var traits = ViewTraits()
  /// The guides the view or something inside it may have an explicit value for.
  var guideKeys: Set<AlignmentKey> = []
  /// Whether the node's children are placed by its parent (a grid row's cells are placed
  /// by the grid), so that placing the node leaves them where they are.
  var childrenPlacedByParent = false
  /// Where the node was placed, in root coordinates, and with which proposal.
  var frame: Rect?
  var proposal: ProposedViewSize?

  init(content: Content, position: String) {
    self.content = content
    self.position = position
  }

  var kind: String {
    switch content {
    case .leaf(let leaf): return leaf.kind
    case .layout(let box): return box.kind
    }
  }

  var summary: String {
    switch content {
    case .leaf(let leaf): return leaf.summary
    case .layout(let box): return box.summary
    }
  }

  /// The node's name in messages: its id, else its summary inside the nearest named
  /// ancestor.
  var name: String {
    if let id { return "'\(id)'" }
    var ancestor = parent
    while let current = ancestor {
      if let id = current.id { return "\(summary) in '\(id)'" }
      ancestor = current.parent
    }
    return summary
  }

  func isAncestor(of other: LayoutNode) -> Bool {
    var current = other.parent
    while let node = current {
      if node === self { return true }
      current = node.parent
    }
    return false
  }

  /// The node and all its descendants, parents first.
  func preorder() -> [LayoutNode] {
    var result: [LayoutNode] = []
    var pending: [LayoutNode] = [self]
    while let node = pending.popLast() {
      result.append(node)
      pending += node.children.reversed()
    }
    return result
  }
}

/// A layout and its cache, type-erased so that nodes can hold any `Layout`.
class LayoutBox {
  let kind: String
  let summary: String

  init(kind: String, summary: String) {
    self.kind = kind
    self.summary = summary
  }

  func sizeThatFits(_ proposal: ProposedViewSize, subviews: LayoutSubviews) -> Size {
    fatalError("abstract")
  }
  func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: LayoutSubviews) {
    fatalError("abstract")
  }
  func spacing(subviews: LayoutSubviews) -> ViewSpacing { fatalError("abstract") }
  func explicitGuide(
    _ key: AlignmentKey, in bounds: Rect, proposal: ProposedViewSize, subviews: LayoutSubviews
  ) -> Double? { fatalError("abstract") }
  var allowsOverflow: Bool { false }
  var stackAxis: Axis? { nil }
  /// Whether the layout places its children's children (a grid places its rows' cells).
  var placesGrandchildren: Bool { false }
  /// Drops the cache, so that the next call makes a new one (for the audit).
  func resetCache() {}
  /// Takes over the cache of the same layout from an earlier pass, updated.
  func adoptCache(from previous: LayoutBox, subviews: LayoutSubviews) {}
}

final class TypedLayoutBox<L: Layout>: LayoutBox {
  let layout: L
  private var cache: L.Cache?

  init(_ layout: L, kind: String, summary: String) {
    self.layout = layout
    super.init(kind: kind, summary: summary)
  }

  private func withCache<R>(_ subviews: LayoutSubviews, _ body: (inout L.Cache) -> R) -> R {
    var current = cache ?? layout.makeCache(subviews: subviews)
    let result = body(&current)
    cache = current
    return result
  }

  override func sizeThatFits(_ proposal: ProposedViewSize, subviews: LayoutSubviews) -> Size {
    withCache(subviews) { layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0) }
  }

  override func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: LayoutSubviews
  ) {
    withCache(subviews) {
      layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &$0)
    }
  }

  override func spacing(subviews: LayoutSubviews) -> ViewSpacing {
    withCache(subviews) { layout.spacing(subviews: subviews, cache: &$0) }
  }

  override func explicitGuide(
    _ key: AlignmentKey, in bounds: Rect, proposal: ProposedViewSize, subviews: LayoutSubviews
  ) -> Double? {
    withCache(subviews) { cache in
      switch key.axis {
      case .horizontal:
        return layout.explicitAlignment(
          of: HorizontalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews,
          cache: &cache)
      case .vertical:
        return layout.explicitAlignment(
          of: VerticalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews,
          cache: &cache)
      }
    }
  }

  override var allowsOverflow: Bool { layout.allowsOverflow }
  override var stackAxis: Axis? { (layout as? any StackAxisProviding)?.stackAxis }
  override var placesGrandchildren: Bool { layout is GridLayout }
  override func resetCache() { cache = nil }

  override func adoptCache(from previous: LayoutBox, subviews: LayoutSubviews) {
    guard let previous = previous as? TypedLayoutBox<L>, var old = previous.cache else { return }
    layout.updateCache(&old, subviews: subviews)
    cache = old
  }
}

func makeBox(_ layout: some Layout, kind: String, summary: String) -> LayoutBox {
  TypedLayoutBox(layout, kind: kind, summary: summary)
}

/// One explicit-guide question: which guide, at which proposal.
struct GuideQuery: Hashable {
  let key: AlignmentKey
  let proposal: ProposedViewSize
}
