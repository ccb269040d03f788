import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `RelayoutHints`: after every relayout at a new width, the addresses a text's line-break
/// state publishes are those its cache will read next (the table and its positions, the
/// slot buffers a new breaking is written to), read from the cache under its lock. The
/// hints only steer prefetches, so a wrong one changes no answer: this is what shows they
/// are kept up to date, on the greedy path (`.auto`) and the wrap styles' (`.balance`),
/// through the buffers' growth, the table's making at the second new width, evictions and
/// an emptied cache.
@Suite struct RelayoutHintsTests {
  static func paragraphs() throws -> [String] {
    let text = try String(
      contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/gatsby-opening.txt", encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { $0.utf8.count > 300 }
  }

  static func expectPublished(_ text: PreparedText, _ note: String) {
    let published = text.lineBreaks.relayoutHints.published
    let expected = text.breakCache.relayoutAddresses
    #expect(published.table == expected.table, "table: \(note)")
    #expect(published.positions == expected.positions, "positions: \(note)")
    #expect(published.keys == expected.keys, "keys: \(note)")
    #expect(published.details == expected.details, "details: \(note)")
  }

  @Test(arguments: [TextStyle.WrapStyle.auto, .balance])
  func publishedAfterEveryNewWidth(_ wrapStyle: TextStyle.WrapStyle) throws {
    let library = try TestFonts.library.get()
    var style = TextStyle()
    style.wrapStyle = wrapStyle
    var checked = 0
    for (number, paragraph) in try Self.paragraphs().prefix(6).enumerated() {
      let text = try library.prepare(paragraph, style: style)
      let ideal = text.idealWidth
      // 24 widths below the ideal one, then again: new breakings, the buffers grown to the
      // cache's eight, the table made, least recently used slots replaced.
      for step in 0..<48 {
        let width = (0.2 + 0.78 * Double((step * 7) % 24) / 24) * ideal
        _ = text.sizeThatFits(ProposedViewSize(width: width, height: nil))
        Self.expectPublished(text, "paragraph \(number), \(wrapStyle), step \(step)")
        checked += 1
        if step == 30 {
          text.breakCache.removeAll()
          _ = text.sizeThatFits(ProposedViewSize(width: 0.5 * ideal, height: nil))
          Self.expectPublished(text, "paragraph \(number), \(wrapStyle), after emptying")
        }
      }
      // The table was made and named (every paragraph here has one after two new widths).
      #expect(text.lineBreaks.relayoutHints.published.table != 0)
    }
    #expect(checked == 6 * 48)
  }
}
