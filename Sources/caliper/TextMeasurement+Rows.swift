import Caliper

extension TextMeasurement {
  /// One row per proposal for `text`, in `format` (see `row`).
  static func rows(
    _ text: PreparedText, at proposals: [ProposedViewSize],
    options: TextContainerOptions = TextContainerOptions(), format: MeasureFormat
  ) -> [TextMeasurement] {
    proposals.map { row(text, at: $0, options: options, format: format) }
  }

  /// The row for one proposal: a full measurement when lines are asked for, else the size
  /// alone (`sizeThatFits`: no line values built), rounded when a scale is given. A caller
  /// writing rows as they come (`MeasurementJSON.write`) holds one measurement's lines at a time.
  static func row(
    _ text: PreparedText, at proposal: ProposedViewSize,
    options: TextContainerOptions = TextContainerOptions(), format: MeasureFormat
  ) -> TextMeasurement {
    let row =
      format.lines
      ? text.measure(proposal, options: options)
      : text.sizeThatFits(proposal, options: options)
    return format.scale.map { row.rounded(toScale: $0) } ?? row
  }
}
