import Caliper

/// The result schema of vertical text (`TextStyle.writingMode`) in `caliper measure
/// --json` and `caliper serve`: the header of `MeasurementJSON`, then one result per
/// proposal with its columns, each with its text and place in the block.
///
/// A result: `{"proposal": {"width", "height"}, "size": {"width", "height"}, "columnCount",
/// "lineBreakRange": {"lower", "upper"}, "truncated", "hiddenRange", "columns": [{"text",
/// "start", "end", "x", "y", "width", "height", "extent", "emergencyBreak"}]}`: a column's
/// `width` is its line height, `height` its length (`extent`, trailing whitespace
/// excluded), `x` its left edge in the block (columns run right to left in vertical-rl).
package enum VerticalJSON {
  /// The ideal size and line (column) count the header reports: the columns' for vertical
  /// text.
  package static func ideal(_ text: PreparedText) -> (size: Size, count: Int) {
    guard text.style.writingMode.isVertical else {
      let ideal = text.sizeThatFits(.unspecified)
      return (ideal.size, ideal.lineCount)
    }
    let ideal = text.sizeThatFitsColumns(.unspecified)
    return (ideal.size, ideal.columnCount)
  }

  /// `MeasurementJSON.write`'s members for vertical text.
  package static func write(
    _ rows: MeasuredRows, lossy: MeasurementJSON.Lossy, leading: [(String, JSONWriter.Value)],
    into json: inout JSONWriter, flush: (inout JSONWriter) -> Void
  ) {
    json.raw("{")
    json.members(leading)
    if !leading.isEmpty { json.raw(",") }
    MeasurementJSON.header(rows.text, format: rows.format, lossy: lossy, into: &json)
    json.member(",\"writingMode\":", rows.text.style.writingMode.rawValue)
    json.raw(",\"results\":[")
    for index in 0..<rows.count {
      if index > 0 { json.raw(",") }
      let proposal = rows.proposals[index]
      let lines = rows.format.lines
      var result =
        lines
        ? rows.text.measureColumns(proposal, options: rows.options)
        : rows.text.sizeThatFitsColumns(proposal, options: rows.options)
      if let scale = rows.format.scale { result = result.rounded(toScale: scale) }
      self.result(result, into: &json)
      if lines {
        json.raw(",\"columns\":[")
        for (number, column) in result.columns.enumerated() {
          if number > 0 { json.raw(",") }
          self.column(column, into: &json)
          if json.count >= MeasurementJSON.linesPerPiece { flush(&json) }
        }
        json.raw("]")
      }
      json.raw("}")
    }
    json.raw("]}")
  }

  /// A result's members, without its columns.
  static func result(_ result: VerticalMeasurement, into json: inout JSONWriter) {
    json.raw("{\"proposal\":{\"width\":")
    optional(result.proposal.width, into: &json)
    json.raw(",\"height\":")
    optional(result.proposal.height, into: &json)
    json.member("},\"size\":{\"width\":", result.size.width)
    json.member(",\"height\":", result.size.height)
    json.member("},\"columnCount\":", result.columnCount)
    json.member(",\"lineBreakRange\":{\"lower\":", result.lineBreakRange.lowerBound)
    json.raw(",\"upper\":")
    optional(
      result.lineBreakRange.upperBound.isFinite ? result.lineBreakRange.upperBound : nil,
      into: &json)
    json.member("},\"truncated\":", result.truncated)
    json.raw(",\"hiddenRange\":")
    if let hidden = result.hiddenRange {
      json.member("{\"start\":", hidden.lowerBound)
      json.member(",\"end\":", hidden.upperBound)
      json.raw("}")
    } else {
      json.raw("null")
    }
  }

  /// One column object.
  static func column(_ column: VerticalMeasurement.Column, into json: inout JSONWriter) {
    json.member("{\"text\":", column.text)
    json.member(",\"start\":", column.range.lowerBound)
    json.member(",\"end\":", column.range.upperBound)
    json.member(",\"x\":", column.x)
    json.member(",\"y\":", column.y)
    json.member(",\"width\":", column.width)
    json.member(",\"height\":", column.extent)
    json.member(",\"emergencyBreak\":", column.line.endsInEmergencyBreak)
    json.raw("}")
  }

  private static func optional(_ value: Double?, into json: inout JSONWriter) {
    if let value { json.number(value) } else { json.raw("null") }
  }
}
