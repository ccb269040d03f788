import Caliper

extension TextMeasurement {
  /// One row per proposal for `text`, in `format`: full measurements when lines are asked
  /// for, else sizes alone (`sizeThatFits`: no line values built), rounded when a scale is
  /// given.
  static func rows(
    _ text: PreparedText, at proposals: [ProposedViewSize],
    options: TextContainerOptions = TextContainerOptions(), format: MeasureFormat
  ) -> [TextMeasurement] {
    proposals.map { proposal in
      let row =
        format.lines
        ? text.measure(proposal, options: options)
        : text.sizeThatFits(proposal, options: options)
      return format.scale.map { row.rounded(toScale: $0) } ?? row
    }
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
