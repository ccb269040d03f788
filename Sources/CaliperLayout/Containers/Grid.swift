/// Grid: rows of cells whose columns line up, as SwiftUI's `Grid` and `GridRow`.
///
/// Problem: a form's labels and values must line up in columns although each row is laid
/// out on its own, and the value column must wrap its text in what the label column
/// leaves. Solution, one plan for sizing and placing:
/// - Each child is a `GridRow` (its children are cells, one column each, or
///   `gridCellColumns(n)` columns) or any other view, which spans every column. Rows with
///   fewer cells than the grid has columns leave the rest empty.
/// - Columns are sized by their one-column cells (cells spanning several columns, and
///   cells with `gridCellUnsizedAxes(.horizontal)`, take the width of their columns and do
///   not size them). For an unspecified or infinite width each column is as wide as its
///   widest cell's ideal width. For a finite width the columns share it as a stack shares
///   its length among children: less the spacing, the least flexible column first (a
///   column's flexibility is its widest cell at an infinite proposal less its widest at
///   zero), each offered an equal share of what is left and taking its widest cell's width
///   at that share.
/// - Every cell is then proposed its columns' width (and spacing between them) and an
///   unspecified height; a row's cells line up on the row's vertical guide (the row's own
///   alignment, else the grid's: a text baseline lines up baselines), and the row is as tall
///   as its aligned cells. Cells with `gridCellUnsizedAxes(.vertical)` do not size the row
///   and are proposed its height.
/// - Within its cell a view lines up horizontally on its column's guide
///   (`gridColumnAlignment` on any cell of the column, else the grid's).
/// Limitations: rows take their ideal heights (a proposed height is not shared among
/// rows); a spanning cell never widens the columns it spans.
struct GridLayout: PlannedLayout {
  public var alignment: Alignment
  public var horizontalSpacing: Double
  public var verticalSpacing: Double

  public init(
    alignment: Alignment = .center, horizontalSpacing: Double? = nil,
    verticalSpacing: Double? = nil
  ) {
    self.alignment = alignment
    self.horizontalSpacing = horizontalSpacing ?? 8
    self.verticalSpacing = verticalSpacing ?? 8
  }

  struct Cell {
    let subview: LayoutSubview
    let column: Int
    let span: Int
    let unsized: Axis.Set
  }

  struct Row {
    let subview: LayoutSubview
    let cells: [Cell]
    let alignment: VerticalAlignment
  }

  /// Rows and cells, with every cell's first column and span.
  func structure(_ subviews: Subviews) -> (rows: [Row], columns: Int) {
    var rows: [Row] = []
    var columns = 0
    var spanning: [LayoutSubview] = []
    for subview in subviews {
      guard let rowAlignment = GridRowLayout.alignment(of: subview) else {
        spanning.append(subview)
        rows.append(Row(subview: subview, cells: [], alignment: alignment.vertical))
        continue
      }
      var column = 0
      var cells: [Cell] = []
      for cell in subview.cells {
        let span = max(1, cell.traits.gridCellColumns ?? 1)
        cells.append(
          Cell(
            subview: cell, column: column, span: span,
            unsized: cell.traits.gridCellUnsizedAxes ?? []))
        column += span
      }
      columns = max(columns, column)
      rows.append(
        Row(subview: subview, cells: cells, alignment: rowAlignment ?? alignment.vertical))
    }
    if columns == 0, !spanning.isEmpty { columns = 1 }
    // A view outside a GridRow is one cell spanning every column.
    rows = rows.map { row in
      guard GridRowLayout.alignment(of: row.subview) == nil else { return row }
      let cell = Cell(
        subview: row.subview, column: 0, span: columns,
        unsized: row.subview.traits.gridCellUnsizedAxes ?? [])
      return Row(subview: row.subview, cells: [cell], alignment: row.alignment)
    }
    return (rows, columns)
  }

  struct Plan: SizedPlan {
    var rows: [Row] = []
    var widths: [Double] = []
    var columnX: [Double] = []
    var columnAlignment: [HorizontalAlignment] = []
    var rowY: [Double] = []
    var rowHeights: [Double] = []
    /// Per row, per cell: the proposal and the origin relative to the grid.
    var proposals: [[ProposedViewSize]] = []
    var origins: [[Point]] = []
    var size = Size.zero
  }

  func spanWidth(_ cell: Cell, _ widths: [Double]) -> Double {
    let end = min(widths.count, cell.column + cell.span)
    guard cell.column < end else { return 0 }
    return widths[cell.column..<end].reduce(0, +) + horizontalSpacing
      * Double(end - cell.column - 1)
  }

  func plan(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Plan {
    var plan = Plan()
    let (rows, columns) = structure(subviews)
    plan.rows = rows
    guard columns > 0 else { return plan }
    // One pass over the cells: each column's sizing cells and its first chosen alignment
    // (linear in cells, not columns × cells).
    var sizing = Array(repeating: [Cell](), count: columns)
    var chosenAlignment = [HorizontalAlignment?](repeating: nil, count: columns)
    for row in rows {
      for cell in row.cells {
        if cell.span == 1, !cell.unsized.contains(.horizontal) { sizing[cell.column].append(cell) }
        if chosenAlignment[cell.column] == nil {
          chosenAlignment[cell.column] = cell.subview.traits.gridColumnAlignment
        }
      }
    }
    func width(_ column: Int, at proposed: Double?) -> Double {
      sizing[column].map {
        $0.subview.sizeThatFits(ProposedViewSize(width: proposed, height: nil)).width
      }
      .max() ?? 0
    }
    plan.widths = Array(repeating: 0, count: columns)
    if let total = proposal.width, total.isFinite {
      let flexibility = (0..<columns).map { width($0, at: .infinity) - width($0, at: 0) }
      let order = (0..<columns).sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
      var remaining = total - horizontalSpacing * Double(columns - 1)
      for (position, column) in order.enumerated() {
        let share = max(0, remaining / Double(columns - position))
        plan.widths[column] = width(column, at: share)
        remaining -= plan.widths[column]
      }
    } else {
      plan.widths = (0..<columns).map { width($0, at: proposal.width) }
    }
    var x = 0.0
    for column in 0..<columns {
      plan.columnX.append(x)
      x += plan.widths[column] + horizontalSpacing
      plan.columnAlignment.append(chosenAlignment[column] ?? alignment.horizontal)
    }
    // A cell's width, once per first column and span: rows that span every column share it.
    var spanWidths: [Int: Double] = [:]
    func spanWidth(_ cell: Cell) -> Double {
      if cell.span == 1 { return cell.column < columns ? plan.widths[cell.column] : 0 }
      let key = cell.column * (columns + 1) + min(cell.span, columns + 1)
      if let known = spanWidths[key] { return known }
      let width = self.spanWidth(cell, plan.widths)
      spanWidths[key] = width
      return width
    }
    var y = 0.0
    for row in rows {
      let key = row.alignment.key
      var lead = 0.0
      var trail = 0.0
      var guides: [Double] = []
      var sized: [Bool] = []
      for cell in row.cells {
        let cellProposal = ProposedViewSize(width: spanWidth(cell), height: nil)
        let size = cell.subview.sizeThatFits(cellProposal)
        let guide = cell.subview.guide(key, in: cellProposal)
        let sizesRow = !cell.unsized.contains(.vertical)
        if sizesRow {
          lead = max(lead, guide)
          trail = max(trail, size.height - guide)
        }
        guides.append(guide)
        sized.append(sizesRow)
      }
      let height = sized.contains(true) ? lead + trail : 0
      var proposals: [ProposedViewSize] = []
      var origins: [Point] = []
      for (index, cell) in row.cells.enumerated() {
        let cellWidth = spanWidth(cell)
        let cellProposal = ProposedViewSize(
          width: cellWidth, height: sized[index] ? nil : height)
        let dimensions = cell.subview.dimensions(in: cellProposal)
        let columnGuide = plan.columnAlignment[cell.column]
        let cellBounds = ViewDimensions(width: cellWidth, height: height)
        let originX = plan.columnX[cell.column] + cellBounds[columnGuide] - dimensions[columnGuide]
        let originY =
          sized[index]
          ? y + lead - guides[index]
          : y + cellBounds[row.alignment] - dimensions[row.alignment]
        proposals.append(cellProposal)
        origins.append(Point(x: originX, y: originY))
      }
      plan.rowY.append(y)
      plan.rowHeights.append(height)
      plan.proposals.append(proposals)
      plan.origins.append(origins)
      y += height + verticalSpacing
    }
    plan.size = Size(
      width: plan.widths.reduce(0, +) + horizontalSpacing * Double(columns - 1),
      height: rows.isEmpty ? 0 : y - verticalSpacing)
    return plan
  }

  func place(_ plan: Plan, in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews) {
    for (rowIndex, row) in plan.rows.enumerated() {
      let isGridRow = GridRowLayout.alignment(of: row.subview) != nil
      if isGridRow {
        // The row itself spans the grid; its cells are placed here, by the grid.
        row.subview.place(
          at: Point(x: bounds.minX, y: bounds.minY + plan.rowY[rowIndex]),
          proposal: ProposedViewSize(width: plan.size.width, height: plan.rowHeights[rowIndex]))
      }
      for (index, cell) in row.cells.enumerated() {
        let origin = plan.origins[rowIndex][index]
        cell.subview.place(
          at: Point(x: bounds.minX + origin.x, y: bounds.minY + origin.y),
          proposal: plan.proposals[rowIndex][index])
      }
    }
  }

  /// The cells' guides (not the rows', which would lay their cells out as a stack).
  public func explicitAlignment(
    of guide: HorizontalAlignment, in bounds: Rect, proposal: ProposedViewSize,
    subviews: Subviews, cache: inout ()
  ) -> Double? {
    cellGuide(guide.key, in: bounds, proposal: proposal, subviews: subviews)
  }

  public func explicitAlignment(
    of guide: VerticalAlignment, in bounds: Rect, proposal: ProposedViewSize,
    subviews: Subviews, cache: inout ()
  ) -> Double? {
    cellGuide(guide.key, in: bounds, proposal: proposal, subviews: subviews)
  }

  private func cellGuide(
    _ key: AlignmentKey, in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews
  ) -> Double? {
    let plan = plan(proposal, subviews)
    var result: Double?
    for (rowIndex, row) in plan.rows.enumerated() {
      for (index, cell) in row.cells.enumerated() {
        let cellProposal = plan.proposals[rowIndex][index]
        guard let value = cell.subview.dimensions(in: cellProposal).explicitGuides[key] else {
          continue
        }
        let origin = plan.origins[rowIndex][index]
        let position =
          (key.axis == .horizontal ? bounds.minX + origin.x : bounds.minY + origin.y) + value
        if result == nil || key == VerticalAlignment.lastTextBaseline.key { result = position }
      }
    }
    return result
  }
}

/// The layout of a `GridRow`. Inside a grid the grid places the row's cells; anywhere else
/// the row lays its children out as an `HStack` with the row's alignment.
struct GridRowLayout: Layout, StackAxisProviding {
  let alignment: VerticalAlignment?
  let stack: StackLayout

  init(alignment: VerticalAlignment?) {
    self.alignment = alignment
    stack = StackLayout(axis: .horizontal, alignment: (alignment ?? .center).key, spacing: nil)
  }

  var stackAxis: Axis { .horizontal }

  /// For a subview that is a grid row: its own vertical alignment (nil inside: the grid's).
  /// Nil outside when the subview is not a row.
  static func alignment(of subview: LayoutSubview) -> VerticalAlignment?? {
    guard case .layout(let box) = subview.node.content,
      let row = box as? TypedLayoutBox<GridRowLayout>
    else { return nil }
    return .some(row.layout.alignment)
  }

  func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
    stack.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
  }

  func placeSubviews(
    in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
  ) {
    stack.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
  }
}

/// Rows of cells in aligned columns (see `GridLayout`).
///
/// ```swift
/// Grid(alignment: .leadingFirstTextBaseline, horizontalSpacing: 12) {
///   GridRow { try Text("Name:", fonts: fonts).gridColumnAlignment(.trailing); nameField }
///   GridRow { try Text("Address:", fonts: fonts); addressText }
/// }
/// ```
public struct Grid: View {
  let layout: GridLayout
  let content: [AnyView]

  public init(
    alignment: Alignment = .center, horizontalSpacing: Double? = nil,
    verticalSpacing: Double? = nil, @ViewBuilder content: () -> [AnyView]
  ) {
    layout = GridLayout(
      alignment: alignment, horizontalSpacing: horizontalSpacing,
      verticalSpacing: verticalSpacing)
    self.content = content()
  }

  public var body: AnyView {
    AnyView(.container(ConstantLayout(layout: layout, kind: "grid"), content))
  }
}

/// One row of a `Grid`: each child is a cell.
public struct GridRow: View {
  let layout: GridRowLayout
  let content: [AnyView]

  public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> [AnyView]) {
    layout = GridRowLayout(alignment: alignment)
    self.content = content()
  }

  public var body: AnyView {
    AnyView(.container(ConstantLayout(layout: layout, kind: "gridRow"), content))
  }
}
