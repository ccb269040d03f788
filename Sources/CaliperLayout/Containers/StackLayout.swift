/// Stacks: children in a row (HStack) or a column (VStack), with SwiftUI's sharing rule.
///
/// Problem: a stack must split a finite proposed length among children that can shrink by
/// different amounts (a fixed box cannot, wrapping text can a lot, a spacer takes anything),
/// and some children matter more than others. Solution, as SwiftUI does: take the spacing
/// off, then serve the children by layout priority, highest first. Each priority group is
/// offered what remains less the minimum lengths of the lower-priority children; inside a
/// group the least flexible child goes first (flexibility: the length at an infinite
/// proposal minus the length at zero), each offered an equal share of what the group has
/// left, and takes what it needs. An unspecified or infinite length proposes the same to
/// every child. Across the axis, children line up on the stack's alignment guide: each
/// child's guide value (a text's baseline, an explicit `alignmentGuide`, or the guide's
/// default) lands on one shared line. One plan serves both measuring and placing.
struct StackLayout: PlannedLayout, StackAxisProviding {
  let axis: Axis
  /// The guide children line up on across the axis.
  let alignment: AlignmentKey
  let spacing: Double?

  var stackAxis: Axis { axis }

  struct Plan: SizedPlan {
    var proposals: [ProposedViewSize] = []
    var sizes: [Size] = []
    var offsets: [Double] = []
    /// Each child's offset across the axis, from the stack's top (or leading) edge.
    var acrossOffsets: [Double] = []
    var size = Size.zero
  }

  private func along(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }
  private func across(_ size: Size) -> Double { axis == .horizontal ? size.height : size.width }

  private func proposal(along length: Double?, across thickness: Double?) -> ProposedViewSize {
    axis == .horizontal
      ? ProposedViewSize(width: length, height: thickness)
      : ProposedViewSize(width: thickness, height: length)
  }

  func plan(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Plan {
    var plan = Plan()
    guard !subviews.isEmpty else { return plan }
    let length = axis == .horizontal ? proposal.width : proposal.height
    let thickness = axis == .horizontal ? proposal.height : proposal.width
    let gaps = subviews.indices.dropLast().map { index in
      spacing ?? subviews[index].spacing.distance(to: subviews[index + 1].spacing, along: axis)
    }
    let totalGap = gaps.reduce(0, +)
    plan.proposals = Array(
      repeating: self.proposal(along: length, across: thickness), count: subviews.count)
    plan.sizes = Array(repeating: .zero, count: subviews.count)
    if let length, length.isFinite {
      let minimum = subviews.map {
        along($0.sizeThatFits(self.proposal(along: 0, across: thickness)))
      }
      let flexibility = subviews.indices.map { index in
        along(subviews[index].sizeThatFits(self.proposal(along: .infinity, across: thickness)))
          - minimum[index]
      }
      var remaining = length - totalGap
      // Children grouped by priority, highest first; the minimum lengths of the groups
      // below each one summed as the groups are served (linear after one sort).
      let groups = Dictionary(grouping: subviews.indices) { subviews[$0].priority }
        .sorted { $0.key > $1.key }
      var reservedBelow = Array(repeating: 0.0, count: groups.count)
      var below = 0.0
      for rank in groups.indices.reversed() {
        reservedBelow[rank] = below
        below = groups[rank].value.reduce(below) { $0 + minimum[$1] }
      }
      for (rank, members) in groups.map(\.value).enumerated() {
        let group = members.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
        var available = remaining - reservedBelow[rank]
        for (position, index) in group.enumerated() {
          let share = max(0, available / Double(group.count - position))
          plan.proposals[index] = self.proposal(along: share, across: thickness)
          plan.sizes[index] = subviews[index].sizeThatFits(plan.proposals[index])
          available -= along(plan.sizes[index])
          remaining -= along(plan.sizes[index])
        }
      }
    } else {
      for index in subviews.indices {
        plan.sizes[index] = subviews[index].sizeThatFits(plan.proposals[index])
      }
    }
    var offset = 0.0
    for index in subviews.indices {
      plan.offsets.append(offset)
      offset += along(plan.sizes[index]) + (index < gaps.count ? gaps[index] : 0)
    }
    let guides = subviews.indices.map { subviews[$0].guide(alignment, in: plan.proposals[$0]) }
    let (acrossOffsets, thick) = Self.align(guides, plan.sizes.map(across))
    plan.acrossOffsets = acrossOffsets
    plan.size =
      axis == .horizontal
      ? Size(width: offset, height: thick) : Size(width: thick, height: offset)
    return plan
  }

  /// Lines children up on one guide: each child's offset from the leading (top) edge, and
  /// the thickness of them all. A child infinitely thick (a view taking an infinite
  /// proposal) makes the whole infinitely thick; it sits at offset 0.
  static func align(_ guides: [Double], _ lengths: [Double]) -> (offsets: [Double], length: Double)
  {
    // One pass for the extents, one for the offsets: linear in the children.
    func isFinite(_ index: Int) -> Bool { guides[index].isFinite && lengths[index].isFinite }
    var lead = -Double.infinity
    var trail = -Double.infinity
    var allFinite = true
    for index in guides.indices {
      guard isFinite(index) else {
        allFinite = false
        continue
      }
      lead = max(lead, guides[index])
      trail = max(trail, lengths[index] - guides[index])
    }
    if lead == -.infinity { (lead, trail) = (0, 0) }
    let offsets = guides.indices.map { isFinite($0) ? lead - guides[$0] : 0 }
    return (offsets, guides.isEmpty ? 0 : allFinite ? lead + trail : .infinity)
  }

  func place(_ plan: Plan, in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews) {
    // Bounds thicker than the plan: the shared line moves with the guide's default.
    var shift = 0.0
    if alignment.readsSizeOnly {
      shift =
        alignment.defaultValue(ViewDimensions(width: bounds.width, height: bounds.height))
        - alignment.defaultValue(ViewDimensions(width: plan.size.width, height: plan.size.height))
    }
    for index in subviews.indices {
      let origin: Point
      switch axis {
      case .horizontal:
        origin = Point(
          x: bounds.minX + plan.offsets[index], y: bounds.minY + shift + plan.acrossOffsets[index])
      case .vertical:
        origin = Point(
          x: bounds.minX + shift + plan.acrossOffsets[index], y: bounds.minY + plan.offsets[index])
      }
      subviews[index].place(at: origin, proposal: plan.proposals[index])
    }
  }
}

/// A layout that arranges its children along an axis, so that spacers know which way to
/// expand.
protocol StackAxisProviding {
  var stackAxis: Axis { get }
}

/// Children in a column, aligned by `alignment`, `spacing` apart (default: each pair's
/// preferred spacing, 8 pt for most views).
public struct VStack: View {
  let layout: StackLayout
  let content: [AnyView]

  public init(
    alignment: HorizontalAlignment = .center, spacing: Double? = nil,
    @ViewBuilder content: () -> [AnyView]
  ) {
    layout = StackLayout(axis: .vertical, alignment: alignment.key, spacing: spacing)
    self.content = content()
  }

  public var body: AnyView {
    AnyView(.container(ConstantLayout(layout: layout, kind: "vstack"), content))
  }
}

/// Children in a row, aligned by `alignment`, `spacing` apart.
public struct HStack: View {
  let layout: StackLayout
  let content: [AnyView]

  public init(
    alignment: VerticalAlignment = .center, spacing: Double? = nil,
    @ViewBuilder content: () -> [AnyView]
  ) {
    layout = StackLayout(axis: .horizontal, alignment: alignment.key, spacing: spacing)
    self.content = content()
  }

  public var body: AnyView {
    AnyView(.container(ConstantLayout(layout: layout, kind: "hstack"), content))
  }
}
