import CaliperTestSupport
import Testing

@testable import Caliper

/// glibc's `malloc_usable_size` (malloc.h, which the Glibc module does not export): the
/// bytes an allocation really holds.
@_silgen_name("malloc_usable_size")
func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int

/// The prepared-text cache's byte limit bounds what it keeps alive: a prepared text's
/// relayouts (the table of line ends made at its second new width, the lines its breaking
/// cache keeps, the ideal lines) are charged to its entry as they are made (`CostMeter`),
/// and an evicted entry is released at once.
@Suite struct PreparedCacheBudgetTests {
  /// 31 widths, all narrower than a long paragraph's ideal width.
  static let widths: [Double] = Array(stride(from: 60, through: 600, by: 18))

  static func library(preparedBytes: Int) throws -> FontLibrary {
    try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: preparedBytes))
  }

  /// A paragraph long enough for a table of line ends of a few KB.
  static let paragraph = TestFonts.paragraphs.prefix(6).joined(separator: " ")

  /// Relays `text` out at every width: its size alone, its lines at every third width and
  /// lines under a line limit at every fifth, calling `each` after each width.
  static func relayOut(_ text: PreparedText, each: () -> Void = {}) {
    for (number, width) in widths.enumerated() {
      let proposal = ProposedViewSize(width: width, height: nil)
      _ = text.sizeThatFits(proposal)
      if number % 3 == 0 { _ = text.measure(proposal) }
      if number % 5 == 0 {
        let limited = TextContainerOptions(lineLimit: 2, truncationMode: .tail)
        _ = text.measure(proposal, options: limited)
      }
      each()
    }
  }

  /// The table's byte count is its block's, counted by hand and checked against
  /// what the allocator handed out for it and the table before it (`malloc_usable_size`:
  /// at least the bytes asked for, and less than 48 more: a line-aligned allocation keeps
  /// a tail under malloc's 32-byte least chunk, beside its 16-byte granule).
  @Test func tableCountsItsArraysBytes() throws {
    let text = try TestFonts.library.get().prepare(Self.paragraph)
    let table = try #require(PlainLineIndexTests.table(text))
    defer { PlainLineIndex.destroy(table) }
    let segments = text.segments.count
    // One block: an Int32 a step (one more step than segments), padded to 8 bytes; a bit
    // a segment in 64-bit words; a Double a segment for the ends, one past them (a NaN)
    // and one a segment for the starts.
    let byHand = Self.tableBytes(segments)
    #expect(table.pointee.byteCount == byHand)
    #expect(table.pointee.startPositions == table.pointee.endPositions + (segments + 1))
    let steps = UnsafeMutableRawPointer(table.pointee.lastAtStep)
    #expect(
      UnsafeMutableRawPointer(table.pointee.breakable) == steps + ((segments + 1) * 4 + 7) / 8 * 8)
    #expect(
      UnsafeMutableRawPointer(table.pointee.endPositions)
        == UnsafeMutableRawPointer(table.pointee.breakable) + (segments + 63) / 64 * 8)
    // The table itself lies in the room before its block, the allocation's start.
    #expect(UnsafeMutableRawPointer(table) + PlainLineIndex.headerBytes == steps)
    #expect(Int(bitPattern: UnsafeMutableRawPointer(table)) % 64 == 0)
    let asked = PlainLineIndex.headerBytes + byHand
    let real = mallocUsableSize(UnsafeMutableRawPointer(table))
    #expect(real >= asked && real < asked + 48, "\(real) for \(asked)")
  }

  /// A text of several faces (a Japanese column) keeps its face runs in the same block,
  /// after the starts: an Int32 a segment more, counted by hand, and the allocator's
  /// block holds them.
  @Test func tableKeepsFaceRunsInItsBlock() throws {
    let library = try TestFonts.library.get()
    let style = ClusterPiecesTests.style(vertical: true, rules: .unicode)
    var checked = 0
    for paragraph in ClusterPiecesTests.paragraphs {
      let text = try library.prepare(paragraph, style: style)
      guard let table = PlainLineIndexTests.table(text) else { continue }
      defer { PlainLineIndex.destroy(table) }
      guard let runs = table.pointee.faceRunEnds else { continue }
      let segments = text.segments.count
      let byHand = Self.tableBytes(segments, faceRuns: true)
      #expect(table.pointee.byteCount == byHand)
      #expect(table.pointee.block.count == byHand)
      #expect(
        UnsafeMutableRawPointer(runs)
          == UnsafeMutableRawPointer(table.pointee.startPositions + segments))
      let asked = PlainLineIndex.headerBytes + byHand
      let real = mallocUsableSize(UnsafeMutableRawPointer(table))
      #expect(real >= asked && real < asked + 48, "\(real) for \(asked)")
      checked += 1
    }
    #expect(checked > 0)
  }

  /// The bytes of the table of a text of `segments` segments, by hand (above), with its
  /// face runs (an Int32 a segment) where `faceRuns`.
  static func tableBytes(_ segments: Int, faceRuns: Bool = false) -> Int {
    ((segments + 1) * 4 + 7) / 8 * 8 + (segments + 63) / 64 * 8 + (2 * segments + 1) * 8
      + (faceRuns ? segments * 4 : 0)
  }

  /// What a text's relayouts keep is in its footprint, and the cache's count follows the
  /// footprint after every relayout: the table of line ends (counted by hand) and the
  /// lines kept.
  @Test func cacheCountsWhatRelayoutsKeep() throws {
    let fonts = try Self.library(preparedBytes: 64 << 20)
    let text = try fonts.prepare(Self.paragraph)
    let key = Self.paragraph.utf8.count
    let base = text.heldBytes
    #expect(fonts.cacheStatistics.prepared.bytes == base + key)
    Self.relayOut(text) {
      #expect(fonts.cacheStatistics.prepared.bytes == text.heldBytes + key)
    }
    let segments = text.segments.count
    let table = Self.tableBytes(segments)
    #expect(text.breakCache.plainIndexBytes == table)
    // At least the table and the lines of the last width measured with its lines kept (a
    // line is a span of at least 40 bytes).
    let lines = text.measure(ProposedViewSize(width: Self.widths[30], height: nil)).lines.count
    #expect(lines > 1)
    #expect(text.heldBytes >= base + table + lines * 40)
    #expect(fonts.cacheStatistics.prepared.bytes == text.heldBytes + key)
  }

  /// The candidates a balanced paragraph keeps beside the text (`LineBreakState
  /// .wrapCandidates`, some 50 bytes a segment) are charged too: balancing 200 paragraphs
  /// raises the cache's count by at least their arrays' bytes, added up here from the
  /// arrays themselves, and the count stays the text's `heldBytes`. (Before, the count did
  /// not move: 770 KB of candidates were alive beside a count of 1.5 MB.)
  @Test func balancedParagraphsCandidatesAreCharged() throws {
    let fonts = try Self.library(preparedBytes: 64 << 20)
    let paragraph = try #require(
      TestFonts.paragraphs.first { $0.utf8.count > 300 && $0.utf8.count < 600 })
    let string = Array(repeating: paragraph, count: 200).joined(separator: "\n")
    var style = TextStyle()
    style.wrapStyle = .balance
    let text = try fonts.prepare(string, style: style)
    let key = string.utf8.count
    let before = fonts.cacheStatistics.prepared.bytes
    let lines = text.measure(ProposedViewSize(width: 900, height: nil)).lines.count
    #expect(lines >= 400)
    let arrays = text.lineBreaks.withWrapCandidates { kept in
      kept.values.reduce(0) { total, entry in
        guard let made = entry.candidates else { return total }
        return total + made.candidates.capacity * MemoryLayout<ScoreLineBreaker.Candidate>.stride
          + (made.posNoBreak.capacity + made.posIfBreak.capacity
            + made.orphanPenalties.capacity) * MemoryLayout<Float>.stride
      }
    }
    #expect(arrays > 100_000, "\(arrays)")
    let after = fonts.cacheStatistics.prepared.bytes
    #expect(after == text.heldBytes + key)
    #expect(after - before >= arrays, "counted \(before) -> \(after), candidates \(arrays)")
  }

  /// A text and the objects it is made of, held weakly: alive only while the cache (or a
  /// caller) keeps it.
  final class Seen {
    weak var storage: PreparedTextStorage?
    weak var lineBreaks: LineBreakState?
    let keyBytes: Int

    init(_ text: PreparedText, keyBytes: Int) {
      storage = text.storage
      lineBreaks = text.lineBreaks
      self.keyBytes = keyBytes
    }

    /// The text, if something still keeps it.
    var text: PreparedText? {
      guard let storage, let lineBreaks else { return nil }
      return PreparedText(storage: storage, lineBreaks: lineBreaks)
    }
  }

  /// A cache whose limit holds two of six paragraphs, each relaid out at 31 widths twice
  /// over: after every relayout it counts no more than its limit, and at the end the texts
  /// still alive are exactly those it counts, by their own footprints.
  @Test func smallBudgetHoldsAfterRelayoutsAtManyWidths() throws {
    let paragraphs = TestFonts.paragraphs.filter { $0.utf8.count > 300 }.prefix(6)
    #expect(paragraphs.count == 6)
    let uncached = try Self.library(preparedBytes: 0)
    let costs = try paragraphs.map { try uncached.prepare($0).heldBytes + $0.utf8.count }
    let limit = try #require(costs.max()) * 5 / 2
    let fonts = try Self.library(preparedBytes: limit)
    var seen: [Seen] = []
    for _ in 0..<2 {
      for paragraph in paragraphs {
        let text = try fonts.prepare(paragraph)
        if !seen.contains(where: { $0.lineBreaks === text.lineBreaks }) {
          seen.append(Seen(text, keyBytes: paragraph.utf8.count))
        }
        Self.relayOut(text) {
          #expect(fonts.cacheStatistics.prepared.bytes <= limit)
        }
      }
    }
    let alive = seen.compactMap { seen in seen.text.map { ($0, seen.keyBytes) } }
    let counted = fonts.cacheStatistics.prepared
    #expect(counted.evictions > 0)
    #expect(counted.entries == alive.count)
    #expect(counted.bytes == alive.reduce(0) { $0 + $1.0.heldBytes + $1.1 })
    #expect(counted.bytes <= limit)
  }

  /// A text that fits the limit when stored but not once relaid out is evicted by its own
  /// growth, and released: nothing keeps it once its caller lets go.
  @Test func evictingFreesTheText() throws {
    let uncached = try Self.library(preparedBytes: 0)
    let cost = try uncached.prepare(Self.paragraph).heldBytes + Self.paragraph.utf8.count
    // An array's capacity is what `malloc_usable_size` gives its buffer, so two preparations
    // of one text can hold a few bytes apart with the heap in another state (a run of the
    // whole suite once read a text more than 16 bytes dearer than the one measured here):
    // room for that, far below what the relayouts add (checked below).
    let slack = 1024
    let fonts = try Self.library(preparedBytes: cost + slack)
    var text: PreparedText? = try fonts.prepare(Self.paragraph)
    weak let lineBreaks = text?.lineBreaks
    #expect(fonts.cacheStatistics.prepared.entries == 1)
    for width in Self.widths.prefix(3) {
      _ = text?.sizeThatFits(ProposedViewSize(width: width, height: nil))
    }
    #expect((text?.heldBytes ?? 0) > cost + 2 * slack, "the relayouts outgrow the slack")
    let counted = fonts.cacheStatistics.prepared
    #expect(counted.entries == 0 && counted.bytes == 0 && counted.evictions == 1)
    text = nil
    #expect(lineBreaks == nil)
  }

  /// A reference a test can watch.
  final class Token: Sendable {}

  /// An entry removed or evicted is released then, not when its slot is next used (a freed
  /// slot kept its value until an insert took it).
  @Test func removedEntriesAreReleasedAtOnce() {
    let cache = LRUCache<CacheTests.ClusteredKey, Token>(byteLimit: 30)
    var tokens: [Token?] = (0..<3).map { _ in Token() }
    weak let first = tokens[0]
    weak let second = tokens[1]
    for number in 0..<3 {
      cache.insert(tokens[number]!, for: CacheTests.ClusteredKey(value: number), cost: 10)
    }
    tokens = []
    cache.removeValue(for: CacheTests.ClusteredKey(value: 0))
    #expect(first == nil)
    // An insert over the limit evicts the oldest unused (1), and releases it.
    cache.insert(Token(), for: CacheTests.ClusteredKey(value: 5), cost: 20)
    #expect(second == nil)
    #expect(cache.value(for: CacheTests.ClusteredKey(value: 2)) != nil)
    #expect(cache.value(for: CacheTests.ClusteredKey(value: 5)) != nil)
    #expect(cache.statistics.entries == 2 && cache.statistics.bytes == 30)
  }

  /// A charge goes to the entry its value picks among keys filed under one hash, and one
  /// that takes the cache over its limit evicts: the others first, then the charged entry.
  @Test func chargeFindsItsEntryAndEvicts() {
    let cache = LRUCache<CacheTests.ClusteredKey, Int>(byteLimit: 100)
    for number in [0, 5, 10] {  // one hash (`value % 5`)
      cache.insert(number, for: CacheTests.ClusteredKey(value: number), cost: 10)
    }
    let hash = LRUCache<CacheTests.ClusteredKey, Int>.hash(CacheTests.ClusteredKey(value: 0))
    cache.charge(30, hash: hash) { $0 == 5 }
    #expect(cache.statistics.bytes == 60)
    cache.charge(-20, hash: hash) { $0 == 5 }
    #expect(cache.statistics.bytes == 40)
    cache.charge(50, hash: hash) { $0 == 7 }  // no such entry: nothing
    #expect(cache.statistics.bytes == 40)
    cache.charge(65, hash: hash) { $0 == 10 }  // 105: the oldest unused (0) goes
    #expect(cache.value(for: CacheTests.ClusteredKey(value: 0)) == nil)
    #expect(cache.statistics.bytes == 95 && cache.statistics.entries == 2)
    cache.charge(200, hash: hash) { $0 == 10 }  // past the whole limit: all go
    #expect(cache.statistics.entries == 0 && cache.statistics.bytes == 0)
  }
}
