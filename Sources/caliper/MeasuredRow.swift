import Caliper

/// One row of `caliper measure`'s output: a full measurement, or a size alone when the
/// lines are not asked for (`--no-lines`, from `PreparedText.sizeThatFits`).
struct MeasuredRow {
  let proposal: ProposedViewSize
  let size: Size
  let lineCount: Int
  let usedRect: Rect
  /// Empty when only the size was measured.
  let lines: [Line]
  /// The hidden text under a line limit, if any.
  let hiddenRange: Range<Int>?

  init(_ measurement: TextMeasurement) {
    proposal = measurement.proposal
    size = measurement.size
    lineCount = measurement.lineCount
    usedRect = measurement.usedRect
    lines = measurement.lines
    hiddenRange = measurement.hiddenRange
  }

  init(_ fit: TextFit) {
    proposal = fit.proposal
    size = fit.size
    lineCount = fit.lineCount
    usedRect = fit.usedRect
    lines = []
    hiddenRange = fit.hiddenRange
  }

  /// One row per proposal for `text`, in `format`: full measurements when lines are asked
  /// for, else sizes alone (no line values built), rounded when a scale is given.
  static func rows(
    _ text: PreparedText, at proposals: [ProposedViewSize],
    options: TextContainerOptions = TextContainerOptions(), format: MeasureFormat
  ) -> [MeasuredRow] {
    proposals.map { row(text, at: $0, options: options, format: format) }
  }

  /// The row for one proposal: what `rows` makes for each, so that a caller writing rows
  /// as they come (`MeasurementJSON.write`) holds one measurement's lines at a time.
  static func row(
    _ text: PreparedText, at proposal: ProposedViewSize,
    options: TextContainerOptions = TextContainerOptions(), format: MeasureFormat
  ) -> MeasuredRow {
    let row =
      format.lines
      ? MeasuredRow(text.measure(proposal, options: options))
      : MeasuredRow(text.sizeThatFits(proposal, options: options))
    return format.scale.map { row.rounded(toScale: $0) } ?? row
  }

  /// `size` and `usedRect` on the pixel grid of `scale` (ceil), as `TextMeasurement` does.
  func rounded(toScale scale: Double) -> MeasuredRow {
    MeasuredRow(
      proposal: proposal, size: size.rounded(toScale: scale), lineCount: lineCount,
      usedRect: usedRect.rounded(toScale: scale), lines: lines, hiddenRange: hiddenRange)
  }

  private init(
    proposal: ProposedViewSize, size: Size, lineCount: Int, usedRect: Rect, lines: [Line],
    hiddenRange: Range<Int>?
  ) {
    self.proposal = proposal
    self.size = size
    self.lineCount = lineCount
    self.usedRect = usedRect
    self.lines = lines
    self.hiddenRange = hiddenRange
  }
}

/// What a measurement reports, shared by `caliper measure` and `caliper serve`.
struct MeasureFormat {
  /// Whether each result lists its lines (`--no-lines`, `"lines": false` turn them off).
  var lines = true
  /// Round sizes up to the grid of this many pixels per point (`--scale`, `"scale"`).
  var scale: Double?
  /// The bundled fonts' folder: the table names faces outside it by file.
  var fontsDirectory = ""
}
