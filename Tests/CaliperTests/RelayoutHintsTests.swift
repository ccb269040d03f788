import CaliperTestSupport
import Foundation
import Synchronization
import Testing

@testable import Caliper

/// `RelayoutHints`: after every relayout, the regions a text's line-break state publishes
/// are those its cache will read next (the table's struct and block, the two slot
/// buffers), read from the cache under its lock, with their bytes worked out here from the
/// arrays' element counts. The hints only steer prefetches, so a wrong one changes no
/// answer: this is what shows they are kept up to date, on the greedy path (`.auto`), the
/// wrap styles' (`.balance`) and through `measure` (which stores lines), across the
/// buffers' growth, the table's making at the second new width, evictions and an emptied
/// cache. The table's block is named up to `RelayoutHints.tableLimit` bytes after a
/// relayout that stored a new breaking, up to `blockLimit` after a size-only hit.
@Suite struct RelayoutHintsTests {
  static func paragraphs() throws -> [String] {
    let text = try String(
      contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/gatsby-opening.txt", encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { $0.utf8.count > 300 }
  }

  static func expectPublished(_ text: PreparedText, wholeBlock: Bool, _ note: String) {
    let state = text.lineBreaks
    let (table, keys, details) = text.breakCache.relayoutRegions
    let slots = keys.count / MemoryLayout<LineBreakCache.Key>.stride
    #expect(slots == details.count / MemoryLayout<LineBreakCache.Detail>.stride)
    #expect(
      state.relayoutHints.keys.address.load(ordering: .relaxed)
        == UInt(bitPattern: keys.baseAddress),
      "keys: \(note)")
    #expect(
      state.relayoutHints.details.address.load(ordering: .relaxed)
        == UInt(bitPattern: details.baseAddress),
      "details: \(note)")
    guard let table else {
      #expect(state.relayoutHints.table.address.load(ordering: .relaxed) == 0, "no table: \(note)")
      return
    }
    // The block (its bytes by hand in `PreparedCacheBudgetTests`), asked for up to
    // `RelayoutHints.tableLimit` bytes after a new breaking, `blockLimit` after a hit.
    let segments = text.segments.count
    let bytes = PreparedCacheBudgetTests.tableBytes(segments)
    #expect(table.count == bytes, "block: \(note)")
    #expect(
      state.relayoutHints.block.address.load(ordering: .relaxed)
        == UInt(bitPattern: table.baseAddress),
      "block: \(note)")
    #expect(
      state.relayoutHints.block.bytes.load(ordering: .relaxed)
        == min(wholeBlock ? RelayoutHints.tableLimit : RelayoutHints.blockLimit, bytes),
      "block's bytes: \(note)")
    #expect(state.relayoutHints.table.address.load(ordering: .relaxed) != 0, "table: \(note)")
  }

  /// The constant spans cover what they name, exactly: the table's struct's first 64 bytes
  /// (what the table's loop reads: `PlainLineIndexLayoutTests`), the buffers of the
  /// cache's most slots (by the keys' and details' strides; the keys' 24 bytes worked out
  /// from their fields), and the cache object from its header's end through `slots`, read
  /// where the object keeps `slots` and within what the allocator gave it. Fails with a
  /// stored property added before `slots` or `LineBreakCache.relayoutBytes` worked out
  /// short (the slots' last line, the table pointer's, left out).
  @Test func spansCoverTheirMemory() throws {
    #expect(MemoryLayout<LineBreakCache.Key>.stride == 8 + 8 + 1 + 1 + 6)
    #expect(RelayoutHints.tableBytes == 64)
    #expect(RelayoutHints.keyBytes == SlotOrder.capacity * (8 + 8 + 1 + 1 + 6))
    #expect(
      RelayoutHints.detailBytes == SlotOrder.capacity * MemoryLayout<LineBreakCache.Detail>.stride)
    let text = try TestFonts.library.get().prepare(try Self.paragraphs()[0])
    let slots = text.breakCache.slotsLayout
    #expect(16 + RelayoutHints.cacheObjectBytes == slots.offset + slots.bytes)
    // The lock is right before `slots`: `capacity`, one word, after the header.
    #expect(slots.offset - 16 - MemoryLayout<Int>.size < 16)
    let object = Unmanaged.passUnretained(text.breakCache).toOpaque()
    let allocated = mallocUsableSize(UnsafeMutableRawPointer(object))
    #expect(16 + RelayoutHints.cacheObjectBytes <= allocated, "\(allocated) bytes")
  }

  /// `RelayoutHints.forEachLine`, which every prefetch of the hints goes through: an
  /// address in each cache line the bytes touch, each within the bytes (so no line past
  /// their end), for sizes 0 to 8 KB and one more (the edges of a line, of a step of 64,
  /// `blockLimit` and `tableLimit`, and seeded random ones) at each 16-byte offset in a
  /// line (malloc's starts) and seeded random addresses. Fails with the last byte's call
  /// left out (the last line of bytes that end past a 64-byte step from their start is
  /// skipped, e.g. 64 bytes from 16 into a line) and with `offset <= bytes` (a line past
  /// the end, for 64 bytes from a line's start).
  @Test func forEachLineAsksEachLineOnce() {
    var generator = ShortestDecimalTests.SeededGenerator(state: 23)
    var sizes = [0, 1, 2, 15, 16, 17, 48, 63, 64, 65, 127, 128, 129, 192, 448, 1023, 1024, 1025]
    sizes += [RelayoutHints.tableLimit - 1, RelayoutHints.tableLimit, RelayoutHints.tableLimit + 1]
    for _ in 0..<200 { sizes.append(Int.random(in: 0...9000, using: &generator)) }
    var starts: [UInt] = (0..<64).map { 0x7f00_0000 + UInt($0) }
    for _ in 0..<40 { starts.append(UInt.random(in: 1...(1 << 46), using: &generator)) }
    for bytes in sizes {
      for start in starts {
        var lines = Set<UInt>()
        var calls = 0
        var outside = 0
        RelayoutHints.forEachLine(start, bytes: bytes) { address in
          if address < start || address >= start + UInt(bytes) { outside += 1 }
          lines.insert(address >> 6)
          calls += 1
        }
        let expected =
          bytes == 0 ? Set<UInt>() : Set((start >> 6)...((start + UInt(bytes) - 1) >> 6))
        #expect(lines == expected, "\(bytes) bytes at \(start)")
        #expect(outside == 0, "\(bytes) bytes at \(start)")
        #expect(calls <= expected.count + 1, "\(bytes) bytes at \(start)")
      }
    }
  }

  /// The address the `PreparedText` value keeps of its breaking cache's object
  /// (`breakCacheAddress`, asked for at a relayout's start without waiting for the
  /// line-break state) is that object's, for a plain text, one with soft hyphens (whose
  /// line-break state is made twice around one cache), a styled one and a copy, before and
  /// after relayouts that grow the slot buffers and make the table.
  @Test func valueNamesItsBreakCache() throws {
    let fonts = try TestFonts.library.get()
    let paragraph = try Self.paragraphs()[0]
    var texts = [
      try fonts.prepare(paragraph),
      try fonts.prepare(
        "Ex\u{AD}tra\u{AD}or\u{AD}di\u{AD}na\u{AD}ry words "
          + "hy\u{AD}phen\u{AD}at\u{AD}ed"),
      try fonts.prepare(paragraph, spans: [TextSpan(10..<40, size: 20)]),
    ]
    texts.append(texts[0])
    #expect(!texts[1].hyphenStretches.isEmpty)
    func expectNamed(_ note: String) {
      for (index, text) in texts.enumerated() {
        #expect(
          text.breakCacheAddress
            == UInt(bitPattern: Unmanaged.passUnretained(text.lineBreaks.cache).toOpaque()),
          "text \(index), \(note)")
      }
    }
    expectNamed("prepared")
    for width in stride(from: 300.0, to: 60, by: -20) {
      for text in texts { _ = text.sizeThatFits(ProposedViewSize(width: width, height: nil)) }
    }
    #expect(texts[0].breakCache.plainIndexBytes > 0)
    expectNamed("relaid out")
  }

  /// The slot buffers and the table lie where a paragraph visit reads them in few pages and
  /// lines: the keys and details in one allocation from a cache line's start, the details
  /// right after the keys; the table's block in the allocation that starts with the table
  /// itself, `headerBytes` on (`PreparedCacheBudgetTests` checks what malloc gave). Checked
  /// at every width as the buffers grow (2, 4, 8 slots) and the table is made. Fails with
  /// the buffers allocated apart again (the details not after the keys, or not within what
  /// malloc gave the keys), or with malloc's 16-byte alignment in place of a line's.
  @Test func buffersAndTableAreAdjacent() throws {
    let library = try TestFonts.library.get()
    for paragraph in try Self.paragraphs().prefix(3) {
      let text = try library.prepare(paragraph)
      let ideal = text.idealWidth
      for step in 1...12 {
        _ = text.sizeThatFits(
          ProposedViewSize(width: ideal * (1 - 0.07 * Double(step)), height: nil))
        let (table, keys, details) = text.breakCache.relayoutRegions
        let start = try #require(keys.baseAddress)
        #expect(details.baseAddress == start + keys.count)
        #expect(Int(bitPattern: start) % 64 == 0)
        let layout = LineBreakCache.Slots.bufferLayout(
          keys.count / MemoryLayout<LineBreakCache.Key>.stride)
        #expect(layout.detailsOffset == keys.count)
        #expect(layout.bytes == keys.count + details.count)
        #expect(mallocUsableSize(UnsafeMutableRawPointer(mutating: start)) >= layout.bytes)
        if let table {
          let from = try #require(table.baseAddress) - PlainLineIndex.headerBytes
          #expect(Int(bitPattern: from) % 64 == 0)
          #expect(
            mallocUsableSize(UnsafeMutableRawPointer(mutating: from)) >= PlainLineIndex.headerBytes
              + table.count)
        }
      }
      #expect(text.breakCache.plainIndexBytes > 0)
    }
  }

  /// The ranges (and whether each keeps lines) of the breakings `text`'s cache keeps, read
  /// from its keys (the first `count` slots of the buffer): a relayout that stores a new
  /// breaking changes them, a hit does not.
  static func keptRanges(_ text: PreparedText) -> [String] {
    let keys = text.breakCache.relayoutRegions.keys
    let stride = MemoryLayout<LineBreakCache.Key>.stride
    return (0..<text.breakCache.count).map { slot in
      let key = keys.load(fromByteOffset: slot * stride, as: LineBreakCache.Key.self)
      return "\(key.lower)..<\(key.upper) \(key.hasSpans)"
    }.sorted()
  }

  @Test(arguments: [TextStyle.WrapStyle.auto, .balance])
  func publishedAfterEveryNewWidth(_ wrapStyle: TextStyle.WrapStyle) throws {
    let library = try TestFonts.library.get()
    var style = TextStyle()
    style.wrapStyle = wrapStyle
    var checked = 0
    var hits = 0
    var large = 0
    for (number, paragraph) in try Self.paragraphs().prefix(6).enumerated() {
      let text = try library.prepare(paragraph, style: style)
      let ideal = text.idealWidth
      // Whether the block is named whole: after a new breaking stored, not after a
      // size-only hit; a `measure` that hits leaves it as it was.
      var wholeBlock = true
      // 24 widths below the ideal one, then again: new breakings, the buffers grown to the
      // cache's eight, the table made, least recently used slots replaced; every fifth
      // through `measure`, which stores its lines (`insert`); every seventh the width
      // before again, a hit.
      for step in 0..<48 {
        let turn = step % 7 == 6 ? step - 1 : step
        let width = (0.2 + 0.78 * Double((turn * 7) % 24) / 24) * ideal
        let proposal = ProposedViewSize(width: width, height: nil)
        let kept = Self.keptRanges(text)
        if step % 5 == 4 {
          _ = text.measure(proposal)
          if Self.keptRanges(text) != kept { wholeBlock = true }
        } else {
          _ = text.sizeThatFits(proposal)
          wholeBlock = Self.keptRanges(text) != kept
          if !wholeBlock { hits += 1 }
        }
        Self.expectPublished(
          text, wholeBlock: wholeBlock, "paragraph \(number), \(wrapStyle), step \(step)")
        checked += 1
        if step == 30 {
          text.breakCache.removeAll()
          _ = text.sizeThatFits(ProposedViewSize(width: 0.5 * ideal, height: nil))
          wholeBlock = true
          Self.expectPublished(
            text, wholeBlock: true, "paragraph \(number), \(wrapStyle), after emptying")
        }
      }
      if PreparedCacheBudgetTests.tableBytes(text.segments.count) > RelayoutHints.blockLimit {
        large += 1
      }
      // The table was made and named (every paragraph here has one after two new widths).
      #expect(text.lineBreaks.relayoutHints.table.address.load(ordering: .relaxed) != 0)
    }
    #expect(checked == 6 * 48)
    // Not vacuous: hits cut the block's bytes, and some blocks are larger than the cut.
    #expect(hits >= 6 * 4)
    #expect(large > 0)
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
      Self.expectPublished(text, wholeBlock: true, "measure \(step)")
    }
    #expect(text.lineBreaks.relayoutHints.details.address.load(ordering: .relaxed) != 0)
  }
}
