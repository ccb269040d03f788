/// One line of measured text.
public struct Line: Sendable, Hashable {
  /// Offsets of the line in Unicode scalars, trailing whitespace and line separator included.
  public let range: Range<Int>
  /// The line's text, trailing whitespace included.
  public let text: String
  /// Width in points, trailing whitespace excluded.
  public let width: Double
  /// Width in points, trailing whitespace included.
  public let widthIncludingTrailingWhitespace: Double
  /// Vertical metrics: the maximum over the faces used on the line.
  public let metrics: LineMetrics
  /// Top of the line, from the top of the text.
  public let y: Double
  /// Whether the line ends inside a word because the word was wider than the proposal.
  public let endsInEmergencyBreak: Bool
  /// Where the line starts, from the text's leading edge: the paragraph's first-line head
  /// indent on a paragraph's first line, its head indent on the others. `width` does not
  /// include it; the measured size does.
  public var indent: Double = 0

  /// ascent + descent + line gap of the faces on the line.
  public var height: Double { metrics.height }
  /// Baseline position from the top of the text: `y + ascent`.
  public var baseline: Double { y + metrics.ascent }
}
