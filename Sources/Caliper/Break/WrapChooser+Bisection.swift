/// Break, wrap styles: Blink's bisection for `balance` (`ParagraphLineBreaker`), where its
/// score-based breaker declines: the greedy lines at the narrowest width, to 1 px, that keep
/// the paragraph's line count (see `PreparedText+WrapStyle.swift`).
extension WrapChooser {
  /// Blink's bisection (`ParagraphLineBreaker::AttemptParagraphBalancing`): the greedy lines
  /// at the narrowest width, to 1 px, that keeps the paragraph's line count, handed to
  /// `sink` as they are made (no array).
  func bisect<Sink: LineSink>(_ lines: UnsafeBufferPointer<LineBreaker.Span>, into sink: inout Sink)
  {
    let count = lines.count
    if isCSS {
      // LayoutUnits: the mean snapped line width (integer division), 80 % of it rounded.
      let sum = lines.reduce(0) { $0 + Self.snapped($1.width) }
      let mean = sum / count
      var lower = Int((Float(mean) / 64 * 0.8 * 64).rounded())
      var upper = Self.layoutUnits(available)
      // Blink fits a line in its width plus 1/64 px (`AddEpsilon`).
      func limit(_ units: Int) -> Double { Double(units + 1) / 64 - LineBreaker.tolerance }
      while lower + 64 < upper {
        let middle = (upper + lower) / 2
        if keeps(lines, at: limit(middle)) {
          upper = middle
        } else {
          lower = middle
        }
      }
      return paragraphLines(lines, at: limit(upper), into: &sink)
    }
    let mean = lines.reduce(0) { $0 + $1.width } / Double(count)
    var lower = mean * 0.8
    var upper = available
    while lower + 1 < upper {
      let middle = (upper + lower) / 2
      if keeps(lines, at: middle) {
        upper = middle
      } else {
        lower = middle
      }
    }
    paragraphLines(lines, at: upper, into: &sink)
  }

  /// Whether the greedy lines at `limit` of the paragraph that `lines` are the greedy lines
  /// of are no more than those, none overflowing: a scan into a count that stops at the
  /// paragraph's end or one line too many, with no lines kept.
  func keeps(_ lines: UnsafeBufferPointer<LineBreaker.Span>, at limit: Double) -> Bool {
    var sink = ParagraphLines(
      paragraph: (lines.first?.start ?? 0)..<(lines.last?.end ?? 0), most: lines.count,
      limit: limit)
    var breaker = LineBreaker(limit: limit)
    breaker.breakLines(widths, into: &sink)
    return sink.count <= lines.count && !sink.overflows
  }

  /// The greedy lines at `limit` of the paragraph that `lines` are the greedy lines of,
  /// handed to `sink`.
  func paragraphLines<Sink: LineSink>(
    _ lines: UnsafeBufferPointer<LineBreaker.Span>, at limit: Double, into sink: inout Sink
  ) {
    let paragraph = (lines.first?.start ?? 0)..<(lines.last?.end ?? 0)
    var breaker = LineBreaker(limit: limit)
    withUnsafeMutablePointer(to: &sink) { sink in
      var lines = ParagraphFilter(paragraph: paragraph, sink: sink)
      breaker.breakLines(widths, into: &lines)
    }
  }
}

/// Hands on the lines that start in `paragraph` (in order: full at the first line past it).
struct ParagraphFilter<Sink: LineSink>: LineSink {
  let paragraph: Range<Int>
  let sink: UnsafeMutablePointer<Sink>
  var isFull = false

  mutating func append(_ span: LineBreaker.Span) {
    guard span.start < paragraph.upperBound else {
      isFull = true
      return
    }
    if span.start >= paragraph.lowerBound { sink.pointee.append(span) }
  }
}

/// Counts the lines of one paragraph that a scan hands on, and whether one overflows (or
/// breaks inside a word); full at the paragraph's end or past `most` lines.
struct ParagraphLines: LineSink {
  let paragraph: Range<Int>
  let most: Int
  let limit: Double
  var count = 0
  var overflows = false
  var isFull = false

  init(paragraph: Range<Int>, most: Int, limit: Double) {
    self.paragraph = paragraph
    self.most = most
    self.limit = limit
  }

  mutating func append(_ span: LineBreaker.Span) {
    guard span.start >= paragraph.lowerBound else { return }
    guard span.start < paragraph.upperBound else {
      isFull = true
      return
    }
    count += 1
    if span.emergency || span.width + span.indent > limit + LineBreaker.tolerance {
      overflows = true
    }
    if count > most || span.end >= paragraph.upperBound || overflows { isFull = true }
  }
}
