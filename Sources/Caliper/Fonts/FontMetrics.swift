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

  /// Height of capital letters above the baseline, in font units: OS/2 `sCapHeight`, else
  /// the top of "H" (CSS `text-box-edge: cap`).
  public var capHeight: Double = 0
  /// Height of lower-case letters above the baseline, in font units: OS/2 `sxHeight`, else
  /// the top of "x" (CSS `ex`).
  public var xHeight: Double = 0
  /// Where an underline goes, in font units above the baseline (negative: below), and how
  /// thick it is: the `post` table's underlinePosition and underlineThickness (as Pango's
  /// `pango_font_metrics_get_underline_position` and `_thickness` read them).
  public var underlinePosition: Double = 0
  public var underlineThickness: Double = 0
  /// Where a line through the text goes, in font units above the baseline, and how thick it
  /// is: the `OS/2` table's yStrikeoutPosition and yStrikeoutSize.
  public var strikeoutPosition: Double = 0
  public var strikeoutThickness: Double = 0

  public init(
    unitsPerEm: Int, ascender: Double, descender: Double, lineGap: Double, capHeight: Double = 0,
    xHeight: Double = 0
  ) {
    self.unitsPerEm = unitsPerEm
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap
    self.capHeight = capHeight
    self.xHeight = xHeight
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
