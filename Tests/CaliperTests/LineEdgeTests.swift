import Testing

@testable import Caliper

/// Line edges where HarfBuzz marks breaking unsafe: reshaping only the stretch to the
/// nearest safe offset gives the width that reshaping the whole line gives.
@Suite struct LineEdgeTests {
  @Test func windowedReshapeEqualsWholeLineReshape() throws {
    var unsafeLines = 0
    for text in TestFonts.paragraphs {
      let prepared = try TestFonts.prepare(text)
      let count = prepared.analysis.scalars.count
      for width in [60.0, 130, 250, 470] {
        for line in prepared.measure(ProposedViewSize(width: width, height: nil)).lines {
          let (start, end) = (line.range.lowerBound, line.range.upperBound)
          let contentEnd = PreparedText.contentEnd(
            prepared.analysis.scalars, from: start, to: end)
          let unsafeEdge =
            (start > 0 && start < count && prepared.unsafeBefore[start])
            || (end > start && end < count && prepared.unsafeBefore[end])
          guard unsafeEdge else { continue }
          unsafeLines += 1
          let whole = prepared.widths.reshapedWidth(start..<end, contentEnd: contentEnd)
          let windowed = prepared.widths.width(from: start, to: contentEnd, breakingAt: end)
          #expect(abs(whole - windowed) < 1e-9, "\(text.prefix(30)) \(start)..<\(end)")
        }
      }
    }
    #expect(unsafeLines > 20)
  }
}
