/// A column whose children all get one width: the shared-width label column.
///
/// The width is the widest ideal child width, capped by a finite proposed width (an
/// unspecified or infinite proposal gives the ideal width). Every child is measured and
/// placed at that width with an unspecified height; the height is the sum of the child
/// heights plus the gaps. No children: zero size.
///
/// ```swift
/// EqualWidthColumn(gap: 8) {
///   try Text("Amber tile", fonts: fonts).padding(10).frame(maxWidth: .infinity)
///   try Text("Blue tile with a longer local label", fonts: fonts).padding(10)
/// }
/// ```
public struct EqualWidthColumn: Layout {
  public var gap: Double

  public init(gap: Double = 8) {
    self.gap = gap
  }

  struct Plan {
    var childProposal = ProposedViewSize.unspecified
    var heights: [Double] = []
    var size = Size.zero
  }

  func plan(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Plan {
    var plan = Plan()
    guard !subviews.isEmpty else { return plan }
    var width = subviews.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0
    if let limit = proposal.width, limit.isFinite { width = min(width, max(0, limit)) }
    plan.childProposal = ProposedViewSize(width: width, height: nil)
    plan.heights = subviews.map { $0.sizeThatFits(plan.childProposal).height }
    let height = plan.heights.reduce(0, +) + gap * Double(subviews.count - 1)
    plan.size = Size(width: width, height: height)
    return plan
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    plan(proposal, subviews).size
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    let plan = plan(proposal, subviews)
    var y = bounds.minY
    for (index, subview) in subviews.enumerated() {
      subview.place(at: Point(x: bounds.minX, y: y), proposal: plan.childProposal)
      y += plan.heights[index] + gap
    }
  }

  /// A child that cannot get as narrow as a small proposed width (a padded word at width
  /// 0) is wider than the column: the column keeps the width it was asked for, as the
  /// rules say, and the child overflows it.
  public var allowsOverflow: Bool { true }
}

extension EqualWidthColumn: StackAxisProviding { var stackAxis: Axis { .vertical } }
