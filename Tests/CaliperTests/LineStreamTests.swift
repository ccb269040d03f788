import Testing

@testable import Caliper

/// `measure(_:options:eachLine:)` hands on, one at a time, exactly the lines `measure`
/// returns: the same breaking, texts, widths, y, alignment, justification, hyphens and
/// truncation, whether the width's lines were cached or not.
@Suite struct LineStreamTests {
  static func streamed(
    _ text: PreparedText, _ proposal: ProposedViewSize, _ options: TextContainerOptions
  ) -> (TextMeasurement, [Line]) {
    var lines: [Line] = []
    let result = text.measure(proposal, options: options) { lines.append($0) }
    return (result, lines)
  }

  @Test(arguments: [TextAlignment.leading, .center, .trailing, .justified])
  func streamedLinesAreMeasuresLines(_ alignment: TextAlignment) throws {
    let texts =
      Array(TestFonts.paragraphs.prefix(40)) + [
        "abc שלום עולם def ghi\nsecond paragraph", "in\u{AD}fin\u{AD}ity and be\u{AD}yond",
      ]
    var compared = 0
    for string in texts {
      var options = TextContainerOptions()
      options.alignment = alignment
      for width in [0.0, 37, 90, 160, 333] {
        let proposal = ProposedViewSize(width: width, height: nil)
        // A fresh text streams from a new scan; a measured one from the cached lines.
        let fresh = try TestFonts.prepare(string)
        let (result, lines) = Self.streamed(fresh, proposal, options)
        let measured = fresh.measure(proposal, options: options)
        #expect(lines == measured.lines, "\(string.prefix(20)) at \(width)")
        #expect(result.lines.isEmpty && result.lineCount == measured.lines.count)
        #expect(result.size == measured.size && result.usedRect == measured.usedRect)
        #expect(result.lineBreakRange == measured.lineBreakRange)
        #expect(Self.streamed(fresh, proposal, options).1 == measured.lines)
        compared += measured.lines.count
      }
    }
    #expect(compared > 1000)
  }

  @Test func aLineLimitStreamsTheTruncatedLine() throws {
    let text = try TestFonts.prepare(TestFonts.paragraphs[0])
    var options = TextContainerOptions()
    options.lineLimit = 2
    let proposal = ProposedViewSize(width: 120, height: nil)
    let (result, lines) = Self.streamed(text, proposal, options)
    let measured = text.measure(proposal, options: options)
    #expect(lines.count == 2 && lines.last?.truncation != nil)
    #expect(lines == measured.lines)
    #expect(result.hiddenRange == measured.hiddenRange)
  }
}
