/// A flow row of controls at their ideal sizes, wrapping onto new rows.
///
/// Rules, from one plan shared by sizing and placing:
/// - a child that fits (total width exactly equal to the limit included, to 1e-6 pt) stays
///   on the row; one that would exceed the limit starts a new row;
/// - rows advance by the tallest child of the finished row, plus `spacing`;
/// - a child wider than the limit sits alone on its row, and the layout reports that width;
/// - an unspecified or infinite width gives one row of ideal sizes;
/// - no children: zero size; for a finite limit the width is max(limit, widest row).
public struct WrappingLayout: Layout {
  public var spacing: Double

  public init(spacing: Double = 8) {
    self.spacing = spacing
  }

  /// The rows of a wrapping plan: child indices, origins and sizes.
  public struct Plan: Sendable, Hashable {
    public var rows: [[Int]] = []
    public var origins: [Point] = []
    public var sizes: [Size] = []
    public var size = Size.zero
    /// The width of each row.
    public var rowWidths: [Double] = []
  }

  /// The plan for children of `sizes` under a width `limit` (`nil` or infinite: one row).
  public func plan(sizes: [Size], limit: Double?) -> Plan {
    var plan = Plan()
    plan.sizes = sizes
    guard !sizes.isEmpty else { return plan }
    let limit = limit.flatMap { $0.isFinite ? max(0, $0) : nil }
    var x = 0.0
    var y = 0.0
    var rowHeight = 0.0
    var row: [Int] = []
    for (index, size) in sizes.enumerated() {
      if !row.isEmpty, let limit, x + spacing + size.width > limit + 1e-6 {
        plan.rows.append(row)
        plan.rowWidths.append(x)
        y += rowHeight + spacing
        row = []
        x = 0
        rowHeight = 0
      }
      if !row.isEmpty { x += spacing }
      plan.origins.append(Point(x: x, y: y))
      x += size.width
      rowHeight = max(rowHeight, size.height)
      row.append(index)
    }
    plan.rows.append(row)
    plan.rowWidths.append(x)
    let widest = plan.rowWidths.max() ?? 0
    plan.size = Size(width: limit.map { max($0, widest) } ?? widest, height: y + rowHeight)
    return plan
  }

  func plan(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Plan {
    plan(sizes: subviews.map { $0.sizeThatFits(.unspecified) }, limit: proposal.width)
  }

  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size
  {
    plan(proposal, subviews).size
  }

  public func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    let plan = plan(proposal, subviews)
    for (index, subview) in subviews.enumerated() {
      let origin = plan.origins[index]
      subview.place(
        at: Point(x: bounds.minX + origin.x, y: bounds.minY + origin.y), proposal: .unspecified)
    }
  }
}
