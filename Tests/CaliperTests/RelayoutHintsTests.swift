import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `RelayoutHints`: after every relayout, the regions a text's line-break state publishes
/// are those its cache will read next (the table's struct and block, the two slot
/// buffers), read from the cache under its lock, with their bytes worked out here from the
/// arrays' element counts. The hints only steer prefetches, so a wrong one changes no
/// answer: this is what shows they are kept up to date, on the greedy path (`.auto`), the
/// wrap styles' (`.balance`) and through `measure` (which stores lines), across the
/// buffers' growth, the table's making at the second new width, evictions and an emptied
/// cache.
@Suite struct RelayoutHintsTests {
  static func paragraphs() throws -> [String] {
    let text = try String(
      contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/gatsby-opening.txt", encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { $0.utf8.count > 300 }
  }

  static func expectPublished(_ text: PreparedText, _ note: String) {
    let state = text.lineBreaks
    let (table, keys, details) = text.breakCache.relayoutRegions
    let slots = keys.count / MemoryLayout<LineBreakCache.Key>.stride
    #expect(slots == details.count / MemoryLayout<LineBreakCache.Detail>.stride)
    #expect(
      state.relayoutHints.keys.published.address == UInt(bitPattern: keys.baseAddress),
      "keys: \(note)")
    #expect(state.relayoutHints.keys.published.bytes == slots * 24, "keys' bytes: \(note)")
    #expect(
      state.relayoutHints.details.published.address == UInt(bitPattern: details.baseAddress),
      "details: \(note)")
    #expect(state.relayoutHints.details.published.bytes == slots * 56, "details' bytes: \(note)")
    guard let table else {
      #expect(state.relayoutHints.table.published.address == 0, "no table: \(note)")
      return
    }
    // The block (its bytes by hand in `PreparedCacheBudgetTests`), asked for up to `RelayoutHints.blockLimit` bytes.
    let segments = text.segments.count
    let bytes = PreparedCacheBudgetTests.tableBytes(segments)
    #expect(table.count == bytes, "block: \(note)")
    #expect(
      state.relayoutHints.block.published.address == UInt(bitPattern: table.baseAddress),
      "block: \(note)")
    #expect(
      state.relayoutHints.block.published.bytes == min(RelayoutHints.blockLimit, bytes),
      "block's bytes: \(note)")
    #expect(state.relayoutHints.table.published.address != 0, "table: \(note)")
    #expect(
      state.relayoutHints.table.published.bytes == MemoryLayout<PlainLineIndex>.size,
      "table: \(note)")
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
      // cache's eight, the table made, least recently used slots replaced; every fifth
      // through `measure`, which stores its lines (`insert`).
      for step in 0..<48 {
        let width = (0.2 + 0.78 * Double((step * 7) % 24) / 24) * ideal
        let proposal = ProposedViewSize(width: width, height: nil)
        if step % 5 == 4 {
          _ = text.measure(proposal)
        } else {
          _ = text.sizeThatFits(proposal)
        }
        Self.expectPublished(text, "paragraph \(number), \(wrapStyle), step \(step)")
        checked += 1
        if step == 30 {
          text.breakCache.removeAll()
          _ = text.sizeThatFits(ProposedViewSize(width: 0.5 * ideal, height: nil))
          Self.expectPublished(text, "paragraph \(number), \(wrapStyle), after emptying")
        }
      }
      // The table was made and named (every paragraph here has one after two new widths).
      #expect(text.lineBreaks.relayoutHints.table.published.address != 0)
    }
    #expect(checked == 6 * 48)
  }

  /// A first `measure` grows the slot buffers through `insert` (its lines stored), with no
  /// size-only relayout before: the hints name the grown buffers.
  @Test func measureAloneRefreshes() throws {
    let library = try TestFonts.library.get()
    let paragraph = try Self.paragraphs()[0]
    let text = try library.prepare(paragraph)
    for step in 0..<6 {
      _ = text.measure(
        ProposedViewSize(width: (0.3 + 0.1 * Double(step)) * text.idealWidth, height: nil))
      Self.expectPublished(text, "measure \(step)")
    }
    #expect(text.lineBreaks.relayoutHints.details.published.address != 0)
  }
}
