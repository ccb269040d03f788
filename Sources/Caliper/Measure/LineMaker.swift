/// Lines: the `Line` values of a breaking, made one at a time in order.
///
/// Problem: `measure` returns every line at once, but a caller writing 800,000 lines out
/// (`caliper measure --json` on 10 MB of prose at 100 pt) must not hold them all.
/// Solution: one maker turns each line the breaker found (a span) into its `Line` — text,
/// widths, metrics, y, the shown hyphen or the truncation's ellipsis, alignment — and keeps
/// only the running y and alignment state, so `measure` collects its lines through it and
/// `measure(_:options:eachLine:)` hands them on one by one; both give the same lines.
struct LineMaker {
  let text: PreparedText
  let widths: LineWidths
  /// How the breaking's last line was truncated, under a line limit.
  let truncation: LineTruncation?
  let lineCount: Int
  private var aligner: LineAligner
  private var y: Double
  private let top: Double
  private var index = 0

  init(_ text: PreparedText, breaking: Breaking, options: TextContainerOptions) {
    self.text = text
    widths = text.widths
    truncation = breaking.truncation
    lineCount = breaking.fit.count
    aligner = LineAligner(
      text, box: breaking.fit.widest, alignment: options.alignment, lineCount: lineCount)
    top = options.textContainerInset.height
    y = top - text.textBoxTrim(breaking.fit).top
  }

  /// The line made from `span`, the next line of the breaking.
  mutating func line(_ span: LineBreaker.Span) -> Line {
    defer { index += 1 }
    let metrics = span.metrics
    var trailing = widths.trailingWidth(span)
    let isLast = index == lineCount - 1
    var content: String
    if isLast, let cut = truncation {
      content = text.substring(cut.prefix) + cut.ellipsis + text.substring(cut.suffix)
      if cut.suffix.isEmpty { trailing = 0 }
    } else if span.hyphen, let hyphen = text.hyphen(forLineEnd: span.end) {
      content = text.substring(span.start..<text.hyphenPosition(lineEnd: span.end))
      content.unicodeScalars.append(hyphen)
    } else {
      content = text.substring(span.start..<span.end)
    }
    var line = Line(
      range: span.start..<span.end, text: content, width: span.width,
      widthIncludingTrailingWhitespace: span.width + trailing, metrics: metrics,
      y: y - top, endsInEmergencyBreak: span.emergency, indent: span.indent)
    line.x = span.indent
    if isLast { line.truncation = truncation }
    line.endsWithHyphen = span.hyphen && text.hyphen(forLineEnd: span.end) != nil
    aligner.align(&line, span: span)
    y += metrics.height
    return line
  }

  /// A breaker's sink that makes each line as it is found and hands it on.
  struct Sink: LineSink {
    var maker: LineMaker
    let eachLine: (Line) -> Void

    mutating func append(_ span: LineBreaker.Span) { eachLine(maker.line(span)) }
  }
}
