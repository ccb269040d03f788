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

  init(_ measurement: TextMeasurement) {
    proposal = measurement.proposal
    size = measurement.size
    lineCount = measurement.lineCount
    usedRect = measurement.usedRect
    lines = measurement.lines
  }

  init(_ fit: TextFit) {
    proposal = fit.proposal
    size = fit.size
    lineCount = fit.lineCount
    usedRect = fit.usedRect
    lines = []
  }

  /// One row per proposal for `text`, in `format`: full measurements when lines are asked
  /// for, else sizes alone (no line values built), rounded when a scale is given.
  static func rows(
    _ text: PreparedText, at proposals: [ProposedViewSize], format: MeasureFormat
  ) -> [MeasuredRow] {
    proposals.map { proposal in
      let row =
        format.lines
        ? MeasuredRow(text.measure(proposal)) : MeasuredRow(text.sizeThatFits(proposal))
      return format.scale.map { row.rounded(toScale: $0) } ?? row
    }
  }

  /// `size` and `usedRect` on the pixel grid of `scale` (ceil), as `TextMeasurement` does.
  func rounded(toScale scale: Double) -> MeasuredRow {
    MeasuredRow(
      proposal: proposal, size: size.rounded(toScale: scale), lineCount: lineCount,
      usedRect: usedRect.rounded(toScale: scale), lines: lines)
  }

  private init(
    proposal: ProposedViewSize, size: Size, lineCount: Int, usedRect: Rect, lines: [Line]
  ) {
    self.proposal = proposal
    self.size = size
    self.lineCount = lineCount
    self.usedRect = usedRect
    self.lines = lines
  }
}

/// What a measurement reports, shared by `caliper measure` and `caliper serve`.
struct MeasureFormat {
  /// Whether each result lists its lines (`--no-lines`, `"lines": false` turn them off).
  var lines = true
  /// Round sizes up to the grid of this many pixels per point (`--scale`, `"scale"`).
  var scale: Double?
}
