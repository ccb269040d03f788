/// One line of measured text.
public struct Line: Sendable, Hashable {
  /// Offsets of the line in Unicode scalars, trailing whitespace and line separator included.
  /// A truncated last line stands for all the rest of the text, hidden part included.
  public let range: Range<Int>
  /// The line's text as drawn, trailing whitespace included: a line broken at a soft hyphen
  /// ends with the hyphen shown (U+2010, or "-" where the face lacks it) in the soft
  /// hyphen's place, one broken at a hyphenation point (`TextStyle.hyphenation`) with the
  /// hyphen after it; a truncated line holds the text it shows and the ellipsis.
  public let text: String
  /// Width in points, trailing whitespace excluded; a soft hyphen's hyphen or an ellipsis
  /// included; justification's extra space not included.
  public let width: Double
  /// Width in points, trailing whitespace included.
  public let widthIncludingTrailingWhitespace: Double
  /// Vertical metrics: the maximum over the faces used on the line.
  public let metrics: LineMetrics
  /// Top of the line, from the top of the text.
  public let y: Double
  /// Whether the line ends inside a word because the word was wider than the proposal.
  public let endsInEmergencyBreak: Bool
  /// For a truncated last line: the text it keeps and the ellipsis it draws between them.
  public internal(set) var truncation: LineTruncation?
  /// Whether the line ends at a soft hyphen (U+00AD) or a hyphenation point, shown as a
  /// hyphen.
  public internal(set) var endsWithHyphen = false
  /// Left edge of the line from the left edge of the lines (inside padding and insets):
  /// its indent at the paragraph's leading edge, and where `TextContainerOptions.alignment`
  /// puts it.
  public internal(set) var x = 0.0
  /// For justified lines: the width added to each inter-word space (U+0020, U+00A0) before
  /// the trailing whitespace, so that the line spans the text's width; 0 otherwise.
  public internal(set) var justification = 0.0
  /// Where the line starts, from the text's leading edge: the paragraph's first-line head
  /// indent on a paragraph's first line, its head indent on the others. `width` does not
  /// include it; the measured size does.
  public var indent: Double = 0

  /// ascent + descent + line gap of the faces on the line.
  public var height: Double { metrics.height }
  /// Baseline position from the top of the text: `y + ascent`.
  public var baseline: Double { y + metrics.ascent }
}
