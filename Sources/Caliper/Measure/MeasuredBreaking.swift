/// Measure: one breaking of a text for a proposal, read first as a size and then as lines.
///
/// Problem: a writer such as `caliper measure` prints each row's size before its lines, so
/// it asked `sizeThatFits` for the size and then `measure(_:options:eachLine:)` for the
/// lines: two scans of the line breaker for the same width (three with character rects).
/// Solution: break once, keep the breaker's spans (about 80 bytes a line, not the `Line`
/// values with their strings) while the row is written, and make the size, the lines and
/// the measurement with lines all from them. Limitation: the spans of one row are held
/// until it is written; a new breaking is not cached with its spans (a long text's lines
/// would stay in the cache), only its size.
package struct MeasuredBreaking {
  /// The text broken.
  package let text: PreparedText
  let options: TextContainerOptions
  let breaking: Breaking
  /// `sizeThatFits`'s answer: the measurement without its lines.
  package let measurement: TextMeasurement

  init(_ text: PreparedText, proposal: ProposedViewSize, options: TextContainerOptions) {
    self.text = text
    self.options = options
    breaking = text.breaking(proposal, options: options, needsSpans: true, keepsSpans: false)
    let (size, used) = breaking.fit.size(options: options)
    measurement = TextMeasurement(
      proposal: proposal, size: size, lines: [], lineCount: breaking.fit.count, usedRect: used,
      lineBreakRange: breaking.proposedWidths, hiddenRange: breaking.truncation?.hidden)
  }

  /// The lines, top to bottom, each handed to `each` as it is made.
  package func forEachLine(_ each: (Line) -> Void) {
    var maker = LineMaker(text, breaking: breaking, options: options)
    for span in breaking.spans ?? text.idealLines.spans { each(maker.line(span)) }
  }

  /// `measure(_:options:)`'s answer: the measurement with its lines.
  package var withLines: TextMeasurement {
    var lines: [Line] = []
    lines.reserveCapacity(measurement.lineCount)
    forEachLine { lines.append($0) }
    return TextMeasurement(
      proposal: measurement.proposal, size: measurement.size, lines: lines,
      usedRect: measurement.usedRect, lineBreakRange: measurement.lineBreakRange,
      hiddenRange: measurement.hiddenRange)
  }
}

extension PreparedText {
  /// The breaking for `proposal`, made once (or found in the cache with its lines), whose
  /// size and lines are read from it (`MeasuredBreaking`).
  package func measuredBreaking(
    _ proposal: ProposedViewSize, options: TextContainerOptions = TextContainerOptions()
  ) -> MeasuredBreaking {
    MeasuredBreaking(self, proposal: proposal, options: options)
  }
}
