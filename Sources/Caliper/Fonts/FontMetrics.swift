/// Vertical metrics of a face, in font units, as HarfBuzz reads them (OS/2 typo metrics
/// when the font sets USE_TYPO_METRICS, otherwise hhea).
public struct FontMetrics: Sendable, Hashable {
  /// Design units per em.
  public let unitsPerEm: Int
  /// Distance from the baseline up to the top of a line, in font units (positive).
  public let ascender: Double
  /// Distance from the baseline down to the bottom of a line, in font units (positive).
  public let descender: Double
  /// Extra space the font asks for between lines, in font units.
  public let lineGap: Double

  public init(unitsPerEm: Int, ascender: Double, descender: Double, lineGap: Double) {
    self.unitsPerEm = unitsPerEm
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap
  }

  /// The metrics in points at a font size.
  public func scaled(to size: Double) -> LineMetrics {
    let units = FontUnits(unitsPerEm: unitsPerEm)
    return LineMetrics(
      ascent: units.points(ascender, size: size),
      descent: units.points(descender, size: size),
      lineGap: units.points(lineGap, size: size))
  }
}

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
