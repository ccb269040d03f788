/// A container's handle on one of its subviews: ask its size, place it.
///
/// The proxy is valid during the layout pass that handed it out. Sizes are memoised per
/// proposal within a pass, so asking twice costs nothing.
public struct LayoutSubview {
  let node: LayoutNode
  let context: LayoutContext

  /// The size the subview needs for `proposal`.
  public func sizeThatFits(_ proposal: ProposedViewSize) -> Size {
    let size = context.size(of: node, for: proposal)
    context.recordMeasurement(of: node, proposal: proposal, size: size)
    return size
  }

  /// The subview's size for `proposal`, with its alignment guides (a text's baselines,
  /// `alignmentGuide` values, and those its own subviews pass up).
  public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
    _ = sizeThatFits(proposal)
    return context.dimensions(of: node, for: proposal)
  }

  /// The subview's value for the guide `key` at `proposal`: its explicit value, else the
  /// guide's default.
  func guide(_ key: AlignmentKey, in proposal: ProposedViewSize) -> Double {
    let size = sizeThatFits(proposal)
    if let value = context.explicitGuide(key, of: node, for: proposal) { return value }
    if key.readsSizeOnly {
      return key.defaultValue(ViewDimensions(width: size.width, height: size.height))
    }
    return context.dimensions(of: node, for: proposal)[key]
  }

  /// The subview's layout priority: a stack offers space to higher priorities first.
  public var priority: Double { node.traits.priority ?? 0 }

  /// What the subview tells its grid or stack.
  var traits: ViewTraits { node.traits }

  /// The node type ("text", "gridRow", …).
  var kind: String { node.kind }

  /// A grid row's cells (the subview's own subviews).
  var cells: LayoutSubviews { context.subviews(of: node) }

  /// Puts the subview so that its `anchor` lands on `position`, sized for `proposal`.
  ///
  /// A subview that is never placed is hidden (ViewThatFits places only the child it picks).
  public func place(
    at position: Point, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize
  ) {
    let size = context.size(of: node, for: proposal)
    let origin = Point(
      x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height)
    context.recordPlacement(
      of: node, frame: Rect(origin: origin, size: size), proposal: proposal)
  }

  /// The spacing the subview prefers around itself.
  public var spacing: ViewSpacing { context.spacing(of: node) }
}

/// A container's subviews, in order.
public typealias LayoutSubviews = [LayoutSubview]
