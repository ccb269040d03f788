/// Measure, vertical text: columns at a proposed height.
///
/// Problem: Chinese and Japanese set vertically (`WritingMode.verticalRL`) break into
/// columns at the height a parent proposes, and the block grows sideways, one column per
/// line, right to left. Solution: preparing a vertical text already measured each cluster
/// along the column (upright runs by their vertical advances, sideways runs by their
/// horizontal ones: `VerticalShaping`), so a column is a line of the horizontal machinery
/// with the axes swapped: the proposed height is the line width the breaker fills (the
/// same break opportunities, emergency breaks, line limits and truncation, and the same
/// cached breakings, so a new height relayouts without reshaping), and the proposed width
/// is the block, which a line limit or truncation may fill. Each column is as wide as its
/// line is tall (the faces on it, `line-height` as in horizontal text); the block is the
/// sum of the columns' widths by the longest column. Limitation: padding and insets are
/// applied along the axes as given (horizontal padding pads the column's length).
///
/// ```swift
/// var style = TextStyle(size: 16, locale: "ja")
/// style.writingMode = .verticalRL
/// let text = try fonts.prepare("吾輩は猫である。名前はまだ無い。", style: style)
/// let columns = text.measureColumns(ProposedViewSize(width: nil, height: 120))
/// columns.columns.map(\.text)  // ["吾輩は猫であ", "る。名前はまだ", "無い。"]
/// ```
public struct VerticalMeasurement: Sendable, Hashable {
  /// One column: a line set top to bottom.
  public struct Column: Sendable, Hashable {
    /// The line along the column: its `range`, `text`, and `width` (the column's length,
    /// trailing whitespace excluded) and `height` (the column's width) as for a line.
    public let line: Line
    /// Left edge of the column from the left edge of the block.
    public let x: Double
    /// Top of the column's text from the top of the block (its indent and alignment).
    public let y: Double

    /// Offsets of the column's text in Unicode scalars.
    public var range: Range<Int> { line.range }
    /// The column's text as drawn.
    public var text: String { line.text }
    /// How far the column runs down, trailing whitespace excluded.
    public var extent: Double { line.width }
    /// How wide the column is: its line height.
    public var width: Double { line.height }
  }

  /// The proposal this answers: `height` is the column length, `width` the block.
  public let proposal: ProposedViewSize
  /// The block's size: the sum of the column widths × the longest column.
  public private(set) var size: Size
  /// The columns in reading order (right to left in `.verticalRL`); empty when only the
  /// size was asked for.
  public let columns: [Column]
  /// The number of columns (also when `columns` was not asked for).
  public let columnCount: Int
  /// The proposed heights that give these same columns: [lo, hi).
  public let lineBreakRange: Range<Double>
  /// The hidden text when a line limit or the proposed width truncated the text.
  public let hiddenRange: Range<Int>?
  /// Whether text is hidden.
  public var truncated: Bool { hiddenRange != nil }

  /// The measurement with `size` on the pixel grid of `scale` (ceil).
  public func rounded(toScale scale: Double) -> VerticalMeasurement {
    var copy = self
    copy.size = size.rounded(toScale: scale)
    return copy
  }

  /// The columns of `inline` (the measurement along the columns) placed for `mode`.
  init(_ inline: TextMeasurement, proposal: ProposedViewSize, mode: WritingMode) {
    self.proposal = proposal
    size = Size(width: inline.size.height, height: inline.size.width)
    columns = inline.lines.map { line in
      let x = mode == .verticalLR ? line.y : inline.size.height - line.y - line.height
      return Column(line: line, x: x, y: line.x)
    }
    columnCount = inline.lineCount
    lineBreakRange = inline.lineBreakRange
    hiddenRange = inline.hiddenRange
  }
}

extension PreparedText {
  /// The columns and block size of vertical text (`TextStyle.writingMode`) for a proposal:
  /// columns break at the proposed height (nil or infinity: one column per paragraph); the
  /// proposed width limits the block only with a line limit or truncation. A text prepared
  /// horizontally is laid out as if it were turned, as `.verticalRL`.
  public func measureColumns(
    _ proposal: ProposedViewSize, options: TextContainerOptions = TextContainerOptions()
  ) -> VerticalMeasurement {
    VerticalMeasurement(
      measure(proposal.turned, options: options), proposal: proposal, mode: style.writingMode)
  }

  /// `measureColumns` without the columns (none are built): the block size and column
  /// count, as `sizeThatFits` answers for horizontal text.
  public func sizeThatFitsColumns(
    _ proposal: ProposedViewSize, options: TextContainerOptions = TextContainerOptions()
  ) -> VerticalMeasurement {
    VerticalMeasurement(
      sizeThatFits(proposal.turned, options: options), proposal: proposal,
      mode: style.writingMode)
  }
}

extension ProposedViewSize {
  /// The proposal with its axes swapped: a column's length becomes a line's width.
  var turned: ProposedViewSize { ProposedViewSize(width: height, height: width) }
}
