import Caliper
import CaliperService
import CaliperTestSupport
import Testing

/// `caliper measure` breaks each proposed width once: a row's size, its lines and its
/// character rects all come from one scan of the line breaker (`MeasuredRows.row`), where
/// the size (`sizeThatFits`) and the lines (`measure(_:options:eachLine:)`) were two scans,
/// and the rects (`measure`) a third.
///
/// Expected counts: one scan per finite width that the ideal lines do not hold (the ideal
/// lines were scanned while preparing), counted by the text's own scan counter
/// (`PreparedText.lineBreakScans`), so tests running in parallel do not share it.
@Suite struct MeasureOnceTests {
  static let widths: [Double] = [80, 150, 240, 333.5]

  static func rows(_ text: PreparedText, format: MeasureFormat) -> MeasuredRows {
    MeasuredRows(
      text: text, proposals: widths.map { ProposedViewSize(width: $0, height: nil) },
      options: TextContainerOptions(), format: format)
  }

  @Test(arguments: [false, true])
  func eachWidthIsBrokenOnce(withRects: Bool) throws {
    let text = try TestFonts.prepare(TestFonts.paragraphs[0])
    // Every width wraps: none is answered by the ideal lines.
    #expect(Self.widths.allSatisfy { $0 < text.idealWidth })
    var format = MeasureFormat()
    if withRects { format.rects = 0..<40 }
    #if DEBUG
      let before = text.lineBreakScans
    #endif
    var bytes = 0
    MeasurementJSON.write(Self.rows(text, format: format)) { bytes += $0.count }
    #expect(bytes > 0)
    // The counter counts in debug builds only (`lineBreakScans`: 0 in the sanitizers'
    // optimized test builds).
    #if DEBUG
      #expect(text.lineBreakScans - before == Self.widths.count)
    #endif
  }

  /// The lines written are `measure`'s lines, and the row's size `sizeThatFits`'s.
  @Test func theRowIsWhatMeasureAndSizeThatFitsSay() throws {
    let text = try TestFonts.prepare(TestFonts.paragraphs[1])
    let rows = Self.rows(text, format: MeasureFormat())
    for index in 0..<rows.count {
      let row = rows.row(index)
      var lines: [Line] = []
      row.lines { lines.append($0) }
      let proposal = rows.proposals[index]
      #expect(row.measurement == text.sizeThatFits(proposal))
      #expect(lines == text.measure(proposal).lines)
    }
  }
}
