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
  /// One stretch of memory to ask for: its address (0: none) and bytes. An address and its
  /// bytes are published one after the other: read between, a pair may be a buffer's old
  /// address with its new size, a prefetch past its end, which is harmless.
  struct Region: ~Copyable, Sendable {
    let address = Atomic<UInt>(0)
    let bytes = Atomic<Int>(0)

    func store(_ buffer: UnsafeRawBufferPointer, limit: Int = .max) {
      address.store(UInt(bitPattern: buffer.baseAddress), ordering: .relaxed)
      bytes.store(min(limit, buffer.count), ordering: .relaxed)
    }

    /// The buffer as published (for tests).
    var published: (address: UInt, bytes: Int) {
      (address.load(ordering: .relaxed), bytes.load(ordering: .relaxed))
    }

    /// Asks for its lines.
    @inline(__always)
    func prefetch() {
      RelayoutHints.prefetch(
        address.load(ordering: .relaxed), bytes: bytes.load(ordering: .relaxed))
    }
  }

  /// The cache's `PlainLineIndex`: the struct (its pointers and steps, two lines), and
  /// its block (`PlainLineIndex.Block`: step guesses, breakable bits, positions) up to
  /// `blockLimit` bytes.
  let table = Region()
  let block = Region()
  /// The cache's two slot buffers, whole (eight slots: 11 lines): a new breaking's key
  /// and detail are written in one slot of each, the detail read first (whether it kept
  /// lines), and which slot is the cache's to choose under its lock. Naming only the next
  /// slot took two stores a relayout, which timed slower than asking for both buffers.
  let keys = Region()
  let details = Region()

  /// How many bytes of the table's block are asked for when a relayout starts: the whole
  /// block of a text of up to about 50 segments, else its guesses, bits and first
  /// positions; the table's loop asks for the rest, up to `tableLimit`, once it knows the
  /// relayout is a new width (`LineBreaker.breakLines(_:intoSize:)`). A cache hit reads
  /// none of it: asked for whole (up to 8 KB, 32 steps of four prefetches), it made hits
  /// on texts of hundreds of segments 20 % slower (RESULTS.md, W3 inside a known range).
  static let blockLimit = 1024
  /// How many bytes of the block are asked for in all.
  static let tableLimit = 8192
  /// The bytes of the cache object asked for: through its slots' lock, lanes, clock and
  /// table pointer and the min-content width's bits (about 360 bytes by the fields'
  /// sizes), wherever its 16-byte-aligned start puts its lines.
  static let cacheObjectBytes = 384

  /// Publishes `slots`' buffers and table where they changed (the buffers grow, the table
  /// is made at the text's second new width): after each breaking is stored, two
  /// compares.
  @inline(__always)
  func refresh(from slots: inout LineBreakCache.Slots) {
    let buffers = slots.buffers
    let index = slots.plainIndex
    if details.address.load(ordering: .relaxed) != UInt(bitPattern: buffers.details.baseAddress)
      || keys.address.load(ordering: .relaxed) != UInt(bitPattern: buffers.keys.baseAddress)
      || table.address.load(ordering: .relaxed) != UInt(bitPattern: index)
    {
      publish(buffers, index)
    }
  }

  /// Stores the addresses `refresh` found changed (out of line: a few times a text).
  @inline(never)
  private func publish(
    _ buffers: (keys: UnsafeRawBufferPointer, details: UnsafeRawBufferPointer),
    _ index: UnsafeMutablePointer<PlainLineIndex>?
  ) {
    keys.store(buffers.keys)
    details.store(buffers.details)
    table.store(
      UnsafeRawBufferPointer(
        start: index, count: index == nil ? 0 : MemoryLayout<PlainLineIndex>.size))
    block.store(
      index?.pointee.block ?? UnsafeRawBufferPointer(start: nil, count: 0), limit: Self.blockLimit)
  }

  /// Asks for every line the regions name.
  @inline(__always)
  func prefetch() {
    table.prefetch()
    block.prefetch()
    keys.prefetch()
    details.prefetch()
  }

  /// Asks for the lines of `bytes` bytes at `address` (none at 0).
  @inline(__always)
  static func prefetch(_ address: UInt, bytes: Int) {
    guard let start = UnsafePointer<UInt8>(bitPattern: address) else { return }
    LineBreaker.prefetch(UnsafeBufferPointer(start: start, count: bytes), limit: .max)
  }
}

extension PreparedText {
  /// Asks for what a relayout reads beyond the `PreparedText` value's two objects
  /// (`RelayoutHints`): the cache's object, its slot buffers and table, the segments'
  /// and prefix sums' headers. `sizeThatFits` and `breaking(_:options:needsSpans:)` call it
  /// first (every relayout by a size); with the text in the CPU caches it costs its
  /// instructions (some 70 with a table) and no wait.
  @inline(__always)
  func prefetchForRelayout() {
    RelayoutHints.prefetch(
      UInt(bitPattern: Unmanaged.passUnretained(breakCache).toOpaque()),
      bytes: RelayoutHints.cacheObjectBytes)
    lineBreaks.relayoutHints.prefetch()
    storage.segments.withUnsafeBufferPointer { caliper_prefetch($0.baseAddress) }
    storage.prefix.withUnsafeBufferPointer { caliper_prefetch($0.baseAddress) }
  }
}
