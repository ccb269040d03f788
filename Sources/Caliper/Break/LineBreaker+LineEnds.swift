/// Break lines, line ends: what the scan decides once it knows where a line ends — TextKit's
/// hyphenation factor between a hyphenated and a plain end, CSS's preserved spaces at a
/// paragraph's end, and the span handed to the sink.
extension LineBreaker {
  /// TextKit's hyphenation factor: a line that would end at an automatic hyphenation point
  /// ends at its last other break instead where, broken there, it is filled at least
  /// `factor` of its width (`plain.width ≥ factor × (limit − indent)`); `.auto` (factor 1)
  /// always hyphenates. Narrows `validLimits` like `fits`.
  mutating func preferringPlain(
    _ candidate: Fallback, _ plain: Fallback?, _ widths: LineWidths
  ) -> Fallback {
    let factor = widths.text.style.hyphenation.factor
    guard factor < 1, candidate.hyphen, widths.text.isHyphenationPoint(candidate.end),
      let plain, plain.end < candidate.end
    else { return candidate }
    // Filled enough exactly when limit ≤ threshold.
    let threshold = plain.width / factor + indent
    if limit <= threshold {
      highest = min(highest, threshold.nextUp)
      return plain
    }
    lowest = max(lowest, threshold.nextUp)
    return candidate
  }

  /// Hands on the line from `start` to `end`; `metrics`, where given, are its metrics
  /// (known for every line of the text: `plainLineMetrics`), else worked out.
  @inline(__always)
  mutating func emit<Sink: LineSink>(
    _ widths: LineWidths, _ start: Int, _ contentEnd: Int, _ end: Int, _ width: Double,
    _ faces: FaceMask,
    emergency: Bool = false, hyphen: Bool = false, metrics: LineMetrics? = nil,
    to sink: inout Sink
  ) {
    var contentEnd = contentEnd
    var width = width
    if contentEnd < end, !emergency, !hyphen {
      (contentEnd, width) = preservedSpaces(widths, start, contentEnd, end, width)
    }
    sink.append(
      Span(
        start: start, contentEnd: contentEnd, end: end, width: width, emergency: emergency,
        hyphen: hyphen, faces: faces,
        metrics: metrics ?? widths.text.lineMetrics(start..<end, faces: faces),
        indent: start == end ? widths.indent(atLineStart: start) : indent))
  }

  /// CSS `white-space: pre` and `pre-wrap` (CSS Text 3 §4.1.3, as Blink lays them out):
  /// spaces and tabs preserved at the end of a line that ends the paragraph (a forced break
  /// or the text's end) count in the line: always in `pre`, which never wraps and does not
  /// hang them ("abc   " is 38.976 pt wide in Noto Sans at 16 pt, not 26.496), and in
  /// `pre-wrap` where they fit (they hang conditionally there). At a soft wrap they hang
  /// and count nothing; `break-spaces` keeps every space as content already.
  mutating func preservedSpaces(
    _ widths: LineWidths, _ start: Int, _ contentEnd: Int, _ end: Int, _ width: Double
  ) -> (contentEnd: Int, width: Double) {
    let text = widths.text
    guard text.style.breakRules == .css,
      text.style.whiteSpace == .pre || text.style.whiteSpace == .preWrap
    else { return (contentEnd, width) }
    let kept = PreparedText.contentEnd(
      text.analysis.scalars, from: contentEnd, to: end, keepingSpaces: true)
    guard kept > contentEnd, kept < end || end == text.analysis.scalars.count else {
      return (contentEnd, width)
    }
    let whole = widths.width(from: start, to: kept, breakingAt: end)
    guard text.style.whiteSpace == .pre || fits(whole) else { return (contentEnd, width) }
    return (kept, whole)
  }
}
