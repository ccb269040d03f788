/// Stacks: children in a row (HStack) or a column (VStack), with SwiftUI's sharing rule.
///
/// Problem: a stack must split a finite proposed length among children that can shrink by
/// different amounts (a fixed box cannot, wrapping text can a lot, a spacer takes anything).
/// Solution, as SwiftUI does: take the spacing off, then offer the children, least
/// flexible first, an equal share of what remains (flexibility: the size at an infinite
/// proposal minus the size at zero, along the stack's axis); each child takes what it
/// needs and the rest passes on. An unspecified or infinite length proposes the same to
/// every child. One plan serves both measuring and placing.
/// Limitation: no layout priorities.
struct StackLayout: Layout, StackAxisProviding {
  let axis: Axis
  /// Where children line up across the axis, as a fraction of the stack's thickness.
  let alignment: Double
  let spacing: Double?

  var stackAxis: Axis { axis }

  struct Plan {
    var proposals: [ProposedViewSize] = []
    var sizes: [Size] = []
    var offsets: [Double] = []
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
      let flexibility = subviews.map { subview in
        along(subview.sizeThatFits(self.proposal(along: .infinity, across: thickness)))
          - along(subview.sizeThatFits(self.proposal(along: 0, across: thickness)))
      }
      let order = subviews.indices.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
      var remaining = length - totalGap
      for (position, index) in order.enumerated() {
        let share = max(0, remaining / Double(subviews.count - position))
        plan.proposals[index] = self.proposal(along: share, across: thickness)
        plan.sizes[index] = subviews[index].sizeThatFits(plan.proposals[index])
        remaining -= along(plan.sizes[index])
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
    let thick = plan.sizes.map(across).max() ?? 0
    plan.size =
      axis == .horizontal
      ? Size(width: offset, height: thick) : Size(width: thick, height: offset)
    return plan
  }

  func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
    plan(proposal, subviews).size
  }

  func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    let plan = plan(proposal, subviews)
    for index in subviews.indices {
      let size = plan.sizes[index]
      let origin: Point
      switch axis {
      case .horizontal:
        origin = Point(
          x: bounds.minX + plan.offsets[index],
          y: bounds.minY + (bounds.height - size.height) * alignment)
      case .vertical:
        origin = Point(
          x: bounds.minX + (bounds.width - size.width) * alignment,
          y: bounds.minY + plan.offsets[index])
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

/// The layout of a `VStack`.
public struct VStackLayout: Layout {
  let stack: StackLayout

  public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil) {
    stack = StackLayout(axis: .vertical, alignment: alignment.fraction, spacing: spacing)
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    stack.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    stack.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
  }
}

/// The layout of an `HStack`.
public struct HStackLayout: Layout {
  let stack: StackLayout

  public init(alignment: VerticalAlignment = .center, spacing: Double? = nil) {
    stack = StackLayout(axis: .horizontal, alignment: alignment.fraction, spacing: spacing)
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    stack.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    stack.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
  }
}

extension VStackLayout: StackAxisProviding { var stackAxis: Axis { .vertical } }
extension HStackLayout: StackAxisProviding { var stackAxis: Axis { .horizontal } }

/// Children in a column, aligned by `alignment`, `spacing` apart (default: each pair's
/// preferred spacing, 8 pt for most views).
public struct VStack: View {
  let layout: VStackLayout
  let content: [AnyView]

  public init(
    alignment: HorizontalAlignment = .center, spacing: Double? = nil,
    @ViewBuilder content: () -> [AnyView]
  ) {
    layout = VStackLayout(alignment: alignment, spacing: spacing)
    self.content = content()
  }

  public var body: AnyView {
    AnyView(.container(ConstantLayout(layout: layout, kind: "vstack"), content))
  }
}

/// Children in a row, aligned by `alignment`, `spacing` apart.
public struct HStack: View {
  let layout: HStackLayout
  let content: [AnyView]

  public init(
    alignment: VerticalAlignment = .center, spacing: Double? = nil,
    @ViewBuilder content: () -> [AnyView]
  ) {
    layout = HStackLayout(alignment: alignment, spacing: spacing)
    self.content = content()
  }

  public var body: AnyView {
    AnyView(.container(ConstantLayout(layout: layout, kind: "hstack"), content))
  }
}
