import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// A text whose table of line ends (`PlainLineIndex`) is made (two new widths asked first)
/// asked at hostile widths — NaN, signed zeros and infinities, subnormal, negative and
/// huge ones — and texts at the table's edges (one segment, thousands of alike ones, a
/// wide segment among narrow ones, which makes the table's steps coarse) answers bit for bit
/// as a text that has seen no other width, whose one breaking is the search's without a
/// table; and `measure` agrees with `sizeThatFits`. An equivalence test: the table-less
/// breaking is the expected value (`PlainLineIndexTests` ties it to the general scan).
@Suite struct PlainLineIndexHostileWidthsTests {
  static let widths: [Double] = [
    .nan, -.nan, -1, -0.0, 0, .leastNonzeroMagnitude, 1e-300, .infinity, -.infinity,
    .greatestFiniteMagnitude, 1e300, 1e15, 3.5, 50, 100.25,
  ]

  static let texts: [String] =
    Array(TestFonts.paragraphs.prefix(20)) + [
      "a", "a b", String(repeating: "x ", count: 5000),
      String(repeating: "W", count: 3000) + String(repeating: " i", count: 2000),
    ]

  @Test func hostileWidthsAnswerAsAFreshText() throws {
    let library = try TestFonts.library.get()
    var indexed = 0
    for paragraph in Self.texts {
      let text = try library.prepare(paragraph)
      text.breakCache.removeAll()
      _ = text.sizeThatFits(ProposedViewSize(width: 40, height: nil))
      _ = text.sizeThatFits(ProposedViewSize(width: 77, height: nil))
      if text.breakCache.plainIndexBytes > 0 { indexed += 1 }
      for width in Self.widths {
        let fresh = try FontLibrary(fontsDirectory: TestFonts.directory).prepare(paragraph)
        let proposal = ProposedViewSize(width: width, height: nil)
        let expected = fresh.sizeThatFits(proposal)
        let found = text.sizeThatFits(proposal)
        let context = "width \(width): \(paragraph.prefix(30))"
        #expect(found.size.width.bitPattern == expected.size.width.bitPattern, "\(context)")
        #expect(found.size.height.bitPattern == expected.size.height.bitPattern, "\(context)")
        #expect(found.lineCount == expected.lineCount, "\(context)")
        #expect(found.lineBreakRange == expected.lineBreakRange, "\(context)")
        let measured = text.measure(proposal)
        #expect(measured.lineCount == found.lineCount, "\(context)")
        #expect(measured.size.width.bitPattern == found.size.width.bitPattern, "\(context)")
      }
    }
    // Not vacuous: most of the texts took the table.
    #expect(indexed * 4 >= Self.texts.count * 3)
  }
}
