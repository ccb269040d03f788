/// Measure: one breaking of a text for a proposal, read first as a size and then as lines.
///
/// Problem: a writer such as `caliper measure` prints each row's size before its lines, so
/// it asked `sizeThatFits` for the size and then `measure(_:options:eachLine:)` for the
/// lines: two scans of the line breaker for the same width (three with character rects).
/// Solution: break once, keep the breaker's spans packed (`PackedSpans`, 24 bytes a line,
/// not the `Line` values with their strings) while the row is written, and make the size,
/// the lines and the measurement with lines all from them. Limitation: the spans of one row
/// are held until it is written (10 MB of prose at 100 pt: 888,889 lines, 21 MB); a new
/// breaking is not cached with its spans (a long text's lines would stay in the cache),
/// only its size.
package struct MeasuredBreaking {
  /// The text broken.
  package let text: PreparedText
  let options: TextContainerOptions
  let breaking: Breaking
  /// The lines of a new scan (`breaking.spans` is nil then).
  let packed: PackedSpans?
  /// `sizeThatFits`'s answer: the measurement without its lines.
  package let measurement: TextMeasurement

  init(_ text: PreparedText, proposal: ProposedViewSize, options: TextContainerOptions) {
    self.text = text
    self.options = options
    var packed: PackedSpans?
    breaking = text.breaking(proposal, options: options) { available in
      // Not cached with its lines: scanned into packed spans, its size cached alone.
      var sink = PackedSpans(expecting: text.expectedLineCount(at: available))
      var breaker = LineBreaker(limit: available)
      breaker.breakLines(text.widths, into: &sink)
      packed = sink
      return (sink.fit, breaker.validLimits)
    }
    self.packed = packed
    let (size, used) = text.size(of: breaking.fit, options: options)
    measurement = TextMeasurement(
      proposal: proposal, size: size, lines: [], lineCount: breaking.fit.count, usedRect: used,
      lineBreakRange: breaking.proposedWidths,
      tightWidth: breaking.tightWidth(size: size) { text.minWidth },
      hiddenRange: breaking.truncation?.hidden)
  }

  /// The lines, top to bottom, each handed to `each` as it is made: one closure call a line
  /// (the spans are read by index, not handed through a second closure).
  package func forEachLine(_ each: (Line) -> Void) {
    var maker = LineMaker(text, breaking: breaking, options: options)
    if let packed {
      for index in 0..<packed.count { each(maker.line(packed[index])) }
    } else {
      for span in breaking.spans ?? text.idealLines.spans { each(maker.line(span)) }
    }
  }

  /// `measure(_:options:)`'s answer: the measurement with its lines.
  package var withLines: TextMeasurement {
    var lines: [Line] = []
    lines.reserveCapacity(measurement.lineCount)
    forEachLine { lines.append($0) }
    return TextMeasurement(
      proposal: measurement.proposal, size: measurement.size, lines: lines,
      usedRect: measurement.usedRect, lineBreakRange: measurement.lineBreakRange,
      tightWidth: measurement.tightWidth, hiddenRange: measurement.hiddenRange)
  }
}

/// The spans of one breaking, 24 bytes a line where a `LineBreaker.Span` takes 80: what
/// making a `Line` reads (offsets, width, emergency and hyphen flags) in place, and the
/// line's metrics and indent as an index into the few distinct pairs. Lines with offsets
/// past 2^32, or with more than `maxStyles` distinct pairs, are kept as plain spans. The
/// faces are not kept: a `Line` does not read them.
struct PackedSpans: LineSink {
  private struct Packed {
    var width: Double
    var start: UInt32
    var contentEnd: UInt32
    var end: UInt32
    var flags: UInt8
    var style: UInt8
  }

  private struct Style: Equatable {
    var metrics: LineMetrics
    var indent: Double
  }

  /// The most distinct metrics-and-indent pairs packed (each a line's fonts and indent),
  /// searched in order.
  static let maxStyles = 64

  private var packed: [Packed] = []
  private var styles: [Style] = []
  /// The style of the last line packed.
  private var lastStyle = 0
  /// Every span, unpacked, once one would not pack (`isPlain`).
  private var plain: [LineBreaker.Span] = []
  private var isPlain = false
  /// The size of the lines, summed as they come.
  private(set) var fit = LineFit()

  /// Spans with room for `lines` lines.
  init(expecting lines: Int) {
    packed.reserveCapacity(lines)
  }

  mutating func append(_ span: LineBreaker.Span) {
    fit.append(span)
    if isPlain {
      plain.append(span)
      return
    }
    let style = Style(metrics: span.metrics, indent: span.indent)
    if lastStyle >= styles.count || styles[lastStyle] != style {
      if let known = styles.firstIndex(of: style) {
        lastStyle = known
      } else {
        lastStyle = styles.count
        styles.append(style)
      }
    }
    guard lastStyle < Self.maxStyles, span.end <= Int(UInt32.max) else {
      plain.reserveCapacity(packed.count + 1)
      for index in packed.indices { plain.append(self[index]) }
      plain.append(span)
      isPlain = true
      packed = []
      return
    }
    packed.append(
      Packed(
        width: span.width, start: UInt32(span.start), contentEnd: UInt32(span.contentEnd),
        end: UInt32(span.end), flags: (span.emergency ? 1 : 0) | (span.hyphen ? 2 : 0),
        style: UInt8(lastStyle)))
  }

  /// How many spans there are.
  var count: Int { isPlain ? plain.count : packed.count }

  /// Span `index`, in order (with empty faces).
  subscript(index: Int) -> LineBreaker.Span {
    if isPlain { return plain[index] }
    let line = packed[index]
    let style = styles[Int(line.style)]
    return LineBreaker.Span(
      start: Int(line.start), contentEnd: Int(line.contentEnd), end: Int(line.end),
      width: line.width, emergency: line.flags & 1 != 0, hyphen: line.flags & 2 != 0,
      faces: .empty, metrics: style.metrics, indent: style.indent)
  }
}

extension PreparedText {
  /// Room to reserve for the lines of a breaking at `available` width: the ideal lines,
  /// plus the widest one cut into lines of `available` (the whole count for a text of one
  /// paragraph; fewer than a text of many long paragraphs needs, which the array grows to),
  /// at most one a scalar.
  func expectedLineCount(at available: Double) -> Int {
    let fit = idealFit
    let cuts = available > 0 ? min((fit.widest / available).rounded(.up), 1e7) : 0
    return min(fit.count + Int(cuts), analysis.scalars.count + 1)
  }

  /// The breaking for `proposal`, made once (or found in the cache with its lines), whose
  /// size and lines are read from it (`MeasuredBreaking`).
  package func measuredBreaking(
    _ proposal: ProposedViewSize, options: TextContainerOptions = TextContainerOptions()
  ) -> MeasuredBreaking {
    MeasuredBreaking(self, proposal: proposal, options: options)
  }
}
