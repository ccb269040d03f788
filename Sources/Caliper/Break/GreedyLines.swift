/// Break, wrap styles: what the score-based breaker needs of a paragraph's greedy lines.
///
/// Problem: `balance` re-breaks a paragraph from its greedy lines, but of them it needs only
/// how many there are, where the first and last start and the last ends, and whether one
/// overflows; keeping them as spans (an array a width, a span built and stored a line) was
/// about a tenth of a balanced relayout. Solution: this summary, which is also a `LineSink`:
/// the greedy breaker hands it the lines and none is kept (`wrapStyledLines`, for a text of
/// one plain paragraph); the spans are made only where Blink keeps the greedy lines or
/// bisects.
struct GreedyLines: LineSink {
  /// The available width.
  let limit: Double
  var count = 0
  var start = 0
  var lastStart = 0
  var end = 0
  /// Whether a line is broken inside a word.
  var emergency = false
  /// Whether a line is wider than `limit` (a word that may not be broken) or broken inside
  /// a word (`WrapChooser.overflows`).
  var overflows = false

  init(limit: Double) {
    self.limit = limit
  }

  /// The summary of `lines`.
  init(_ lines: some Collection<LineBreaker.Span>, limit: Double) {
    self.limit = limit
    for span in lines { append(span) }
  }

  @inline(__always)
  mutating func append(_ span: LineBreaker.Span) {
    if count == 0 { start = span.start }
    lastStart = span.start
    end = span.end
    count += 1
    emergency = emergency || span.emergency
    overflows = overflows || span.overflows(limit)
  }
}
