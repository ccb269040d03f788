/// How a paragraph's lines are set beyond its characters: tab stops, line heights, the
/// space between lines and between paragraphs, and indents (TextKit's `NSParagraphStyle`).
///
/// Each line is as wide as the proposal minus its indent: `firstLineHeadIndent` for a
/// paragraph's first line (after the text's start or a hard break), `headIndent` for the
/// rest; `Line.indent` says which, and the measured width includes it.
///
/// A line's natural height is its fonts' ascent + descent + line gap. `lineHeight` (a
/// fixed height, CSS `line-height: 24px`) or else `lineHeightMultiple` (× natural, TextKit's
/// `lineHeightMultiple`, CSS `line-height: 1.5`) replaces it, the difference split evenly
/// above and below the glyphs (CSS half-leading: the baseline moves down by half of it).
/// `lineSpacing` is added after every line but the last (SwiftUI's `lineSpacing`), and
/// `paragraphSpacing` after the last line of each paragraph ended by a hard break, except
/// the text's last line (TextKit's `paragraphSpacing`). Both go into the line's `lineGap`.
///
/// ```swift
/// var style = TextStyle(size: 14)
/// style.paragraph.lineHeightMultiple = 1.5
/// style.paragraph.paragraphSpacing = 8
/// style.paragraph.tabStops = TabStops([40, 120])
/// ```
public struct ParagraphStyle: Sendable, Hashable {
  /// Where tab characters advance to.
  public var tabStops: TabStops
  /// Points added between lines (≥ 0).
  public var lineSpacing: Double
  /// The natural line height times this (> 0; 1 leaves it).
  public var lineHeightMultiple: Double
  /// A fixed line height in points (> 0), instead of the natural height × multiple.
  public var lineHeight: Double?
  /// Points added after a paragraph's last line, before the next paragraph (≥ 0).
  public var paragraphSpacing: Double
  /// Where a paragraph's first line starts, in points from the leading edge (≥ 0; CSS
  /// `text-indent`, TextKit's `firstLineHeadIndent`).
  public var firstLineHeadIndent: Double
  /// Where the other lines of a paragraph start (≥ 0; TextKit's `headIndent`): larger than
  /// `firstLineHeadIndent` for a hanging indent.
  public var headIndent: Double
  /// Whether the text's box is trimmed at its first line's top and last line's bottom (CSS
  /// `text-box-trim`; `TextBoxTrim`).
  public var textBoxTrim: TextBoxTrim = .none
  /// The edges a trim goes to (CSS `text-box-edge`; `.auto` by default).
  public var textBoxEdge: TextBoxEdge = .auto

  public init(
    tabStops: TabStops = TabStops(), lineSpacing: Double = 0, lineHeightMultiple: Double = 1,
    lineHeight: Double? = nil, paragraphSpacing: Double = 0, firstLineHeadIndent: Double = 0,
    headIndent: Double = 0
  ) {
    self.tabStops = tabStops
    self.lineSpacing = lineSpacing
    self.lineHeightMultiple = lineHeightMultiple
    self.lineHeight = lineHeight
    self.paragraphSpacing = paragraphSpacing
    self.firstLineHeadIndent = firstLineHeadIndent
    self.headIndent = headIndent
  }

  /// The first reason this style cannot be used, if any.
  var problem: String? {
    let limit = Self.longestLength
    func bad(_ value: Double, above lowest: Double, strictly: Bool) -> Bool {
      !(value.isFinite && (strictly ? value > lowest : value >= lowest) && value <= limit)
    }
    if bad(lineSpacing, above: 0, strictly: false) {
      return "line spacing \(lineSpacing) must be a number of points from 0 to \(limit)"
    }
    if bad(lineHeightMultiple, above: 0, strictly: true) || lineHeightMultiple > 1000 {
      return "line height multiple \(lineHeightMultiple) must be a number > 0 and ≤ 1000"
    }
    if let height = lineHeight, bad(height, above: 0, strictly: true) {
      return "line height \(height) must be a number of points > 0 and ≤ \(limit)"
    }
    if bad(paragraphSpacing, above: 0, strictly: false) {
      return "paragraph spacing \(paragraphSpacing) must be a number of points from 0 to \(limit)"
    }
    // (Each indent on its own: an array of the two to loop over was made on every prepare.)
    func indentProblem(_ name: String, _ indent: Double) -> String? {
      guard bad(indent, above: 0, strictly: false) else { return nil }
      return "\(name) \(indent) must be a number of points from 0 to \(limit)"
    }
    if let problem = indentProblem("first-line indent", firstLineHeadIndent) { return problem }
    if let problem = indentProblem("head indent", headIndent) { return problem }
    return tabStops.problem
  }

  /// The largest length a style may set, in points (a million: 350 m): past it, sums of a
  /// few lines' worth would lose all precision or overflow to infinity.
  public static let longestLength = 1_000_000.0

  /// Whether line heights differ from the fonts' natural ones.
  var changesLineHeights: Bool {
    lineSpacing != 0 || lineHeightMultiple != 1 || lineHeight != nil || paragraphSpacing != 0
  }

  /// A line's metrics under this style, from its fonts' `natural` metrics.
  func lineMetrics(_ natural: LineMetrics, endsParagraph: Bool, isLast: Bool) -> LineMetrics {
    let height = lineHeight ?? natural.height * lineHeightMultiple
    let half = (height - natural.height) / 2
    var after = isLast ? 0 : lineSpacing
    if endsParagraph && !isLast { after += paragraphSpacing }
    return LineMetrics(
      ascent: natural.ascent + half, descent: natural.descent,
      lineGap: natural.lineGap + half + after)
  }
}
