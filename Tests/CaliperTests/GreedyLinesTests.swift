import Testing

@testable import Caliper

/// The greedy lines' summary counted from a plain text's table of line ends
/// (`GreedyLines(plain:segments:limit:most:wide:)`, what `balance` reads) against the general
/// scan's lines summed into the same summary (`searchesPlainLines` off, whose lines
/// `PangoAgreementTests` checks against Pango), at random widths and the scan's range edges
/// over the test corpus. Where a segment is wider than the line on its own (found here by
/// its prefix sums, the straightforward way) before the count has passed `most` lines, the
/// count must decline; elsewhere the count, the first and last line's starts, the last
/// line's end and the overflow must be those of the scan's lines, all of them or the first
/// `most + 1` (a count stopped past `most`).
@Suite struct GreedyLinesTests {
  /// The styles of `PlainLineIndexTests` whose texts may be plain without indents.
  static let styles: [(name: String, style: TextStyle, step: Int)] = [
    ("default", TextStyle(), 2),
    ("9 pt", TextStyle(size: 9), 7),
    ("CSS, overflow-wrap normal", TextStyle(breakRules: .css, overflowWrap: .normal), 7),
  ]

  @Test(arguments: 0..<styles.count)
  func countGivesTheScansSummary(_ styleIndex: Int) throws {
    let (name, style, step) = Self.styles[styleIndex]
    let library = try TestFonts.library.get()
    var random = PlainLineIndexTests.Widths(state: UInt64(styleIndex) + 7)
    var compared = 0
    var declined = 0
    var stopped = 0
    for (number, paragraph) in TestFonts.paragraphs.enumerated() where number % step == 0 {
      let text = try library.prepare(paragraph, style: style)
      let facts = text.storage.breakFacts
      guard facts.contains(.plainLines), !facts.contains(.indents),
        let table = PlainLineIndexTests.table(text)
      else { continue }
      defer { PlainLineIndex.destroy(table) }
      for width in PlainLineIndexTests.widths(text, &random) {
        var scan = LineBreaker(limit: width)
        scan.searchesPlainLines = false
        let lines = scan.breakLines(text.widths)
        // The first segment wider than the line on its own: its content's advances, less
        // the breaker's tolerance, past the width.
        let prefix = text.prefix
        let wide = text.segments.first {
          !(width >= prefix[$0.contentEnd] - prefix[$0.start] - LineBreaker.tolerance)
        }
        for most in [Int.max, ScoreLineBreaker.maxLinesForBalance] {
          var declinedAt = 0.0
          let counted = text.segments.withUnsafeBufferPointer {
            GreedyLines(
              plain: table.pointee, segments: $0, limit: width, most: most, wide: &declinedAt)
          }
          let note = "\(name), width \(width), most \(most): \(paragraph.prefix(40))"
          // The lines the count reaches: all, or the first `most + 1`; it declines where
          // it meets the wide segment first.
          let seen = lines.count > most ? most + 1 : lines.count
          let before = wide.map { wide in lines.filter { $0.end <= wide.start }.count } ?? .max
          guard let counted else {
            #expect(before < seen, "\(note)")
            declined += 1
            continue
          }
          #expect(before >= seen, "\(note)")
          let expected = GreedyLines(lines.prefix(seen), limit: width)
          #expect(counted.count == expected.count, "\(note)")
          #expect(counted.start == expected.start, "\(note)")
          #expect(counted.lastStart == expected.lastStart, "\(note)")
          #expect(counted.end == expected.end, "\(note)")
          #expect(counted.overflows == expected.overflows, "\(note)")
          #expect(!counted.emergency && !expected.emergency, "\(note)")
          if seen < lines.count { stopped += 1 } else { compared += 1 }
        }
      }
    }
    // Each case met: summaries compared, counts declined and stopped.
    #expect(compared > 100, "\(compared)")
    #expect(declined > 0, "\(declined)")
    #expect(stopped > 0, "\(stopped)")
  }
}
