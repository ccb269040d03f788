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

    func store(_ buffer: UnsafeRawBufferPointer, limit: Int) {
      address.store(UInt(bitPattern: buffer.baseAddress), ordering: .relaxed)
      bytes.store(min(limit, buffer.count), ordering: .relaxed)
    }

    /// The buffer as published (for tests).
    var published: (address: UInt, bytes: Int) {
      (address.load(ordering: .relaxed), bytes.load(ordering: .relaxed))
    }

    /// Asks for its lines, if it names any: the first `blockLimit` bytes' in a fixed
    /// count (one instruction a line; past a short block's end, harmless), the rest by a
    /// loop only where there is more (a loop over all of them took some 30 instructions a
    /// relayout of a block of under 1 KB).
    @inline(__always)
    func prefetch() {
      let start = address.load(ordering: .relaxed)
      guard start != 0 else { return }
      caliper_prefetch_lines(start, RelayoutHints.blockLines)
      let count = bytes.load(ordering: .relaxed)
      if _slowPath(count > RelayoutHints.blockLimit) {
        RelayoutHints.prefetch(
          start &+ UInt(RelayoutHints.blockLimit), bytes: count &- RelayoutHints.blockLimit)
      }
    }
  }

  /// The address of memory of a size known here (`lines`): asked for in that many lines
  /// without a loop or a test (a prefetch past the memory's end, or of address 0, is
  /// harmless).
  struct Place: ~Copyable, Sendable {
    let address = Atomic<UInt>(0)

    func store(_ start: UnsafeRawPointer?) {
      address.store(UInt(bitPattern: start), ordering: .relaxed)
    }

    /// Asks for `lines` lines from the address.
    @inline(__always)
    func prefetch(lines: UInt32) {
      caliper_prefetch_lines(address.load(ordering: .relaxed), lines)
    }
  }

  /// The cache's `PlainLineIndex`: the struct (its pointers and steps, `tableLines`), and
  /// its block (`PlainLineIndex.Block`: step guesses, breakable bits, positions, face runs)
  /// up to `tableLimit` bytes after a new breaking, `blockLimit` after a hit.
  let table = Place()
  let block = Region()
  /// The cache's two slot buffers, whole (`keyLines` and `detailLines`: as many lines as
  /// the cache's eight slots take): a new breaking's key and detail are written in one slot
  /// of each (whether the slot's detail kept lines is read from `Slots.keptSlots`, not from
  /// the detail), a hit reads a key and its detail's size, and which slot is the cache's to
  /// choose under its lock. Naming only the next slot took two stores a relayout, which
  /// timed slower than asking for both buffers.
  let keys = Place()
  let details = Place()

  /// The lines asked for at `table`, `keys` and `details`: what the table's struct's first
  /// 64 bytes (what the table's loop reads: `PlainLineIndex`) and the buffers of
  /// `SlotOrder.capacity` slots take from a 16-byte-aligned start (malloc's), whatever the
  /// line it starts in (`RelayoutHintsTests` checks the sizes).
  /// Fixed, so that asking is one instruction a line: the sizes read and a loop over them
  /// took some 40 instructions a relayout.
  static let tableLines: UInt32 = 2
  static let keyLines: UInt32 = 4
  static let detailLines: UInt32 = 8
  /// The lines of the cache object asked for: through its slots' lock, lanes, clock and
  /// table pointer and the min-content width's bits (about 300 bytes by the fields' sizes
  /// since the lanes are `Float`s), wherever its 16-byte-aligned start puts them.
  static let cacheObjectLines: UInt32 = 7

  /// How many bytes of the table's block are asked for when a relayout starts after a
  /// size-only cache hit (`hit(_:)`): the whole block of a text of up to about 50 segments,
  /// else its guesses, bits and first positions. A hit reads none of the block: asked for
  /// whole (up to 8 KB, 32 steps of four prefetches) before every call, it made hits on
  /// texts of hundreds of segments 20 % slower (RESULTS.md, W3 inside a known range).
  static let blockLimit = 1024
  /// `blockLimit`'s lines, asked for at every relayout that reads the cache.
  static let blockLines = UInt32(blockLimit / 64)
  /// How many bytes of the block are asked for when a relayout starts after one that
  /// missed (a new breaking stored: `refresh(from:)`), as when a window is resized: the
  /// next is likely a new width too, which reads the block all along (a vertical column's
  /// block of some 200 segments is 4 to 5 KB).
  static let tableLimit = 8192
  /// Publishes `slots`' buffers and table, and the table's block up to `tableLimit` bytes,
  /// where `slots` says they changed since (`Slots.hintsStale`: the buffers grew, the table
  /// was made at the text's second new width, or a hit cut the block to `blockLimit`):
  /// after each breaking is stored, one test (comparing each published value took some 30
  /// instructions a relayout).
  @inline(__always)
  func refresh(from slots: inout LineBreakCache.Slots) {
    if _slowPath(slots.hintsStale) {
      slots.hintsStale = false
      publish(slots.buffers, slots.plainIndex)
    }
  }

  /// After a size-only lookup that found its breaking in `slots`: the block asked for up
  /// to `blockLimit` bytes from the next relayout on (a text relaid out inside known
  /// ranges reads none of it), and `slots` told to publish it whole again at the next
  /// store. A load and a compare; stores only at a hit after a miss.
  @inline(__always)
  func hit(_ slots: inout LineBreakCache.Slots) {
    if block.bytes.load(ordering: .relaxed) > Self.blockLimit {
      block.bytes.store(Self.blockLimit, ordering: .relaxed)
      slots.hintsStale = true
    }
  }

  /// Stores the addresses `refresh` found changed (out of line: a few times a text).
  @inline(never)
  private func publish(
    _ buffers: (keys: UnsafeRawBufferPointer, details: UnsafeRawBufferPointer),
    _ index: UnsafeMutablePointer<PlainLineIndex>?
  ) {
    keys.store(buffers.keys.baseAddress)
    details.store(buffers.details.baseAddress)
    table.store(index)
    block.store(
      index?.pointee.block ?? UnsafeRawBufferPointer(start: nil, count: 0), limit: Self.tableLimit)
  }

  /// Asks for every line the regions name.
  @inline(__always)
  func prefetch() {
    table.prefetch(lines: Self.tableLines)
    block.prefetch()
    keys.prefetch(lines: Self.keyLines)
    details.prefetch(lines: Self.detailLines)
  }

  /// Whether `text` is not the text this thread last asked this of (a copy is the same
  /// text: it shares the breaking cache), which it then becomes: its lines are then asked
  /// for (`PreparedText.prefetchForRelayout`).
  @inline(__always)
  static func isFirstRelayout(of text: PreparedText) -> Bool {
    caliper_first_relayout(text.breakCacheAddress) != 0
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
  /// (`RelayoutHints`): the cache's object (from the value's own `breakCacheAddress`, so
  /// with the two objects' loads), its slot buffers and table, the first line of
  /// the segments and of the prefix sums. Called where a relayout by a size goes on to the
  /// cache (`knownBreaking`: below the ideal width, or with a line limit); with the text
  /// in the CPU caches it costs its instructions and no wait: some 30 and the table's
  /// block, a prefetch a line (1 KB after a hit, up to `tableLimit` after a miss).
  ///
  /// Asked only at this thread's first relayout of the text since it relaid out another
  /// (`caliper_first_relayout`): the relayouts after it, back to back, find the lines
  /// where the first one left them (W3 asks one text at its widths in turn, a layout
  /// probes one text at several), and asking again took about 50 of a Gatsby relayout's
  /// 690 instructions. Limitation: a text relaid out again after other work, with no
  /// other text relaid out on the thread between, is not asked for and waits as it did
  /// before these hints (two latencies more), where that work pushed its lines out.
  @inline(__always)
  func prefetchForRelayout() {
    guard RelayoutHints.isFirstRelayout(of: self) else { return }
    caliper_prefetch_lines(breakCacheAddress, RelayoutHints.cacheObjectLines)
    lineBreaks.relayoutHints.prefetch()
    // The buffers without `withUnsafeBufferPointer`'s closures, as the table's loop reads
    // them (`LineBreaker.breakLines(_:intoSize:)`).
    caliper_prefetch(storage.segments._baseAddressIfContiguous)
    caliper_prefetch(storage.prefix._baseAddressIfContiguous)
  }
}
