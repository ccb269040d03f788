/// Where `LineBreaker` hands its lines: an array of spans, or a running size.
protocol LineSink {
  mutating func append(_ span: LineBreaker.Span)
  /// Whether the sink takes no more lines: the scan stops (a line limit was reached).
  var isFull: Bool { get }
}

extension LineSink {
  var isFull: Bool { false }
}

extension Array: LineSink where Element == LineBreaker.Span {}

/// The size of a breaking without its lines: count, widest line and total height, summed
/// in line order exactly as `measure` sums them.
struct LineFit: LineSink, Sendable, Hashable {
  var count = 0
  var widest = 0.0
  var height = 0.0
  /// The first line's ascent and the last line's height below its baseline (descent and
  /// line gap): what `text-box-trim` trims (`PreparedText+TextBox.swift`).
  var firstAscent = 0.0
  var lastBelowBaseline = 0.0

  @inline(__always)
  mutating func append(_ span: LineBreaker.Span) {
    // An indent counts where the line has content.
    append(
      width: span.width + (span.contentEnd > span.start ? span.indent : 0), metrics: span.metrics)
  }

  /// Adds a line `width` wide, its indent included, with `metrics`.
  @inline(__always)
  mutating func append(width: Double, metrics: LineMetrics) {
    if count == 0 { firstAscent = metrics.ascent }
    lastBelowBaseline = metrics.descent + metrics.lineGap
    count += 1
    widest = max(widest, width)
    height += metrics.height
  }

  init() {}

  init(_ spans: [LineBreaker.Span]) {
    for span in spans { append(span) }
  }
}
