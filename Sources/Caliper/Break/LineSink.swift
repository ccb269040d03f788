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

  /// Adds a line `width` wide, its indent included, with `metrics`: its sums
  /// (`add(width:height:)`), then the edges (`setEdges(_:after:)`).
  @inline(__always)
  mutating func append(width: Double, metrics: LineMetrics) {
    let before = count
    add(width: width, height: metrics.height)
    setEdges(metrics, after: before)
  }

  /// `append(width:metrics:)` for a `width` that is a number (not NaN): its sums by
  /// `add(number:height:)`, then the edges.
  @inline(__always)
  mutating func append(number width: Double, metrics: LineMetrics) {
    let before = count
    add(number: width, height: metrics.height)
    setEdges(metrics, after: before)
  }

  /// Counts a line `width` wide and `height` high, without the edges `setEdges(_:after:)` sets:
  /// for lines of the same metrics, whose edges are set once after them.
  @inline(__always)
  mutating func add(width: Double, height: Double) {
    count += 1
    widest = max(widest, width)
    self.height += height
  }

  /// `add(width:height:)` for a `width` that is a number (not NaN): the same sums, `max`
  /// written as the one instruction it is for numbers (`maxsd`; `max`'s `width >= widest ?
  /// width : widest` differs only for a NaN, and took five). The count cannot overflow.
  @inline(__always)
  mutating func add(number width: Double, height: Double) {
    count &+= 1
    widest = widest > width ? widest : width
    self.height += height
  }

  /// The edges of the lines added since there were `before`, all with `metrics`: the first
  /// line's ascent, when it is among them, and the last one's height below its baseline.
  @inline(__always)
  mutating func setEdges(_ metrics: LineMetrics, after before: Int) {
    guard count > before else { return }
    if before == 0 { firstAscent = metrics.ascent }
    lastBelowBaseline = metrics.descent + metrics.lineGap
  }

  init() {}

  init(_ spans: [LineBreaker.Span]) {
    for span in spans { append(span) }
  }
}
