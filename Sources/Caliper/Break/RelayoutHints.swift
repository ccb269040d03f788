import CPrefetch
import Synchronization

/// Break: where a relayout at a new width will read, kept where a relayout starts.
///
/// Problem: a text relaid out after other work (a layout pass over many texts; in the
/// benchmark's race, Pango's and SkParagraph's work between Caliper's paragraphs) finds its
/// data in memory, not in the CPU caches, and a relayout reaches it through a chain of
/// pointers: the line-break state, its cache, the cache's slot buffers and table of line
/// ends, the table's arrays. Each link waited for the one before it, four or five memory
/// latencies a paragraph: W3 at a new width took 120 ns a call interleaved with Pango
/// against 77 ns with its data in the caches (`caliper-bench --loop relayout-interleaved`
/// and `relayout-timed`).
/// Solution: the addresses at the chain's end are published in the line-break state (which
/// the `PreparedText` value points at) when they change (`refresh`), and a relayout asks
/// for all of them at once (software prefetch) before it starts (`PreparedText.
/// prefetchForRelayout`): the misses overlap, two latencies deep. The addresses are only
/// ever prefetched, never read through: a stale one (a buffer freed and its memory reused)
/// costs a useless fetch, never a wrong answer, so they are relaxed atomics, unordered.
struct RelayoutHints: ~Copyable, Sendable {
  /// The cache's `PlainLineIndex` (its pointers), its positions block and the bytes of it
  /// asked for, its breakable bits and its step guesses (the first line of each: where
  /// a breaking starts reading them).
  private let table = Atomic<UInt>(0)
  private let positions = Atomic<UInt>(0)
  private let positionsBytes = Atomic<Int>(0)
  private let breakable = Atomic<UInt>(0)
  private let lastAtStep = Atomic<UInt>(0)
  /// The cache's two slot buffers and their bytes: a new breaking's key and detail are
  /// written in one slot of each, and the detail read first (whether it kept lines). All
  /// of both (eight slots: 11 lines), since which slot is the cache's to choose under its
  /// lock: naming the next one took two stores a relayout, which cost more than the lines.
  private let keys = Atomic<UInt>(0)
  private let keysBytes = Atomic<Int>(0)
  private let details = Atomic<UInt>(0)
  private let detailsBytes = Atomic<Int>(0)

  /// How many bytes of the positions block are asked for at most: its first 4 KB of
  /// content ends and of start positions.
  private static let positionsLimit = 8192

  /// Publishes `slots`' buffers and table where they changed (the buffers grow, the table
  /// is made at the text's second new width): after each new breaking is stored, two
  /// compares.
  @inline(__always)
  func refresh(from slots: inout LineBreakCache.Slots) {
    let buffers = slots.buffers
    let index = slots.plainIndex
    if details.load(ordering: .relaxed) != buffers.details
      || table.load(ordering: .relaxed) != UInt(bitPattern: index)
    {
      publish(buffers, index)
    }
  }

  /// Stores the addresses `refresh` found changed (out of line: a few times a text).
  @inline(never)
  private func publish(
    _ buffers: (keys: UInt, details: UInt, slots: Int),
    _ index: UnsafeMutablePointer<PlainLineIndex>?
  ) {
    keys.store(buffers.keys, ordering: .relaxed)
    keysBytes.store(buffers.slots * MemoryLayout<LineBreakCache.Key>.stride, ordering: .relaxed)
    details.store(buffers.details, ordering: .relaxed)
    detailsBytes.store(
      buffers.slots * MemoryLayout<LineBreakCache.Detail>.stride, ordering: .relaxed)
    table.store(UInt(bitPattern: index), ordering: .relaxed)
    guard let index else { return }
    let block = index.pointee.positions(count: index.pointee.steps - 1)
    positions.store(UInt(bitPattern: block.baseAddress), ordering: .relaxed)
    positionsBytes.store(
      min(Self.positionsLimit, block.count * MemoryLayout<Double>.stride), ordering: .relaxed)
    breakable.store(UInt(bitPattern: index.pointee.breakable), ordering: .relaxed)
    lastAtStep.store(UInt(bitPattern: index.pointee.lastAtStep), ordering: .relaxed)
  }

  /// The addresses as published, for tests: the table, its positions block, the two slot
  /// buffers.
  var published: (table: UInt, positions: UInt, keys: UInt, details: UInt) {
    (
      table.load(ordering: .relaxed), positions.load(ordering: .relaxed),
      keys.load(ordering: .relaxed), details.load(ordering: .relaxed)
    )
  }

  /// Asks for every line the addresses name.
  @inline(__always)
  func prefetch() {
    caliper_prefetch(UnsafeRawPointer(bitPattern: table.load(ordering: .relaxed)))
    caliper_prefetch(UnsafeRawPointer(bitPattern: breakable.load(ordering: .relaxed)))
    caliper_prefetch(UnsafeRawPointer(bitPattern: lastAtStep.load(ordering: .relaxed)))
    Self.prefetch(
      positions.load(ordering: .relaxed), bytes: positionsBytes.load(ordering: .relaxed))
    Self.prefetch(keys.load(ordering: .relaxed), bytes: keysBytes.load(ordering: .relaxed))
    Self.prefetch(details.load(ordering: .relaxed), bytes: detailsBytes.load(ordering: .relaxed))
  }

  /// Asks for the lines of `bytes` bytes at `address` (none at 0). An address and its
  /// bytes are published one after the other: read between, a pair may be a buffer's
  /// old address with its new size, a prefetch past its end, which is harmless.
  @inline(__always)
  private static func prefetch(_ address: UInt, bytes: Int) {
    guard let start = UnsafePointer<UInt8>(bitPattern: address) else { return }
    LineBreaker.prefetch(UnsafeBufferPointer(start: start, count: bytes), limit: .max)
  }
}

extension PreparedText {
  /// Asks for what a relayout at a new width reads beyond the `PreparedText` value's two
  /// objects (`RelayoutHints`): the cache's object, its buffers and table, the segments'
  /// and prefix sums' first lines. Every relayout calls it first; with the text in the CPU
  /// caches it costs its instructions (about 40) and no wait.
  @inline(__always)
  func prefetchForRelayout() {
    let cache = UnsafeRawPointer(Unmanaged.passUnretained(breakCache).toOpaque())
    caliper_prefetch(cache)
    caliper_prefetch(cache + 64)
    caliper_prefetch(cache + 128)
    caliper_prefetch(cache + 192)
    lineBreaks.relayoutHints.prefetch()
    storage.segments.withUnsafeBufferPointer { caliper_prefetch($0.baseAddress) }
    storage.prefix.withUnsafeBufferPointer { caliper_prefetch($0.baseAddress) }
  }
}
