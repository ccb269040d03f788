/// Vertical metrics of a line in points: the maximum over the faces used on it.
public struct LineMetrics: Sendable, Hashable {
  /// Baseline to top of line.
  public var ascent: Double
  /// Baseline to bottom of line (positive).
  public var descent: Double
  /// Space added below the descent.
  public var lineGap: Double

  public init(ascent: Double, descent: Double, lineGap: Double) {
    self.ascent = ascent
    self.descent = descent
    self.lineGap = lineGap
  }

  public static let zero = LineMetrics(ascent: 0, descent: 0, lineGap: 0)

  /// ascent + descent + line gap.
  public var height: Double { ascent + descent + lineGap }

  /// The per-component maximum of two line metrics (a line's metrics over its faces).
  public func union(_ other: LineMetrics) -> LineMetrics {
    LineMetrics(
      ascent: max(ascent, other.ascent), descent: max(descent, other.descent),
      lineGap: max(lineGap, other.lineGap))
  }
}
