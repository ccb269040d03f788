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

    /// Asks for its lines, if it names any: exactly the lines of its bytes
    /// (`RelayoutHints.forEachLine`). A fixed 16 lines from its start (and a loop past 1
    /// KB) asked for up to 15 lines past a short block's end, memory no relayout reads:
    /// 7.3 lines a Gatsby paragraph visit, 7.6 a URL one (over the corpus files'
    /// paragraphs), each fetched for nothing beside the ones the first call waits for.
    @inline(__always)
    func prefetch() {
      let start = address.load(ordering: .relaxed)
      guard start != 0 else { return }
      RelayoutHints.prefetchBlock(start, bytes: bytes.load(ordering: .relaxed))
    }
  }

  /// The address of memory of a size known here (`bytes`, a constant: its lines are asked
  /// for without a loop or a test; a prefetch of address 0 is harmless).
  struct Place: ~Copyable, Sendable {
    let address = Atomic<UInt>(0)

    func store(_ start: UnsafeRawPointer?) {
      address.store(UInt(bitPattern: start), ordering: .relaxed)
    }

    /// Asks for the lines of `bytes` bytes from the address.
    @inline(__always)
    func prefetch(bytes: Int) {
      RelayoutHints.prefetch(address.load(ordering: .relaxed), bytes: bytes)
    }
  }

  /// The cache's `PlainLineIndex`: the struct (its pointers and steps, `tableBytes`), and
  /// its block (`PlainLineIndex.Block`: step guesses, breakable bits, positions, face runs)
  /// up to `tableLimit` bytes after a new breaking, `blockLimit` after a hit.
  let table = Place()
  let block = Region()
  /// The cache's two slot buffers, whole (`keyBytes` and `detailBytes`: the cache's eight
  /// slots): a new breaking's key and detail are written in one slot
  /// of each (whether the slot's detail kept lines is read from `Slots.keptSlots`, not from
  /// the detail), a hit reads a key and its detail's size, and which slot is the cache's to
  /// choose under its lock. Naming only the next slot took two stores a relayout, which
  /// timed slower than asking for both buffers.
  let keys = Place()
  let details = Place()

  /// The bytes asked for at `table`, `keys` and `details`: the table's struct's first 64
  /// bytes (what the table's loop reads: `PlainLineIndex`) and the buffers of
  /// `SlotOrder.capacity` slots, each exactly the lines those bytes touch from where they
  /// start (`forEachLine`), where a fixed count of lines had to allow for the worst
  /// start (48 bytes into a line) and asked for a line past the end three times in four.
  /// Constants, so that asking is one instruction a line: the sizes read and a loop over
  /// them took some 40 instructions a relayout.
  @inline(__always) static var tableBytes: Int { 64 }
  @inline(__always) static var keyBytes: Int {
    SlotOrder.capacity * MemoryLayout<LineBreakCache.Key>.stride
  }
  @inline(__always) static var detailBytes: Int {
    SlotOrder.capacity * MemoryLayout<LineBreakCache.Detail>.stride
  }
  /// The bytes of the cache object asked for, from the end of its 16-byte header: what a
  /// relayout reads of it, its lock and slots (the lanes, order, clock, buffers and table
  /// pointer: `LineBreakCache.relayoutBytes`). Seven lines from its start (its whole
  /// allocation) fetched three more: the ideal lines, the min-content width and the
  /// edges, which a `.auto` relayout at a new width does not read (a wrap style's reads
  /// the min-content width, a line of its own then, waited for beside the table's).
  @inline(__always) static var cacheObjectBytes: Int { LineBreakCache.relayoutBytes }

  /// How many bytes of the table's block are asked for when a relayout starts after a
  /// size-only cache hit (`hit(_:)`): the whole block of a text of up to about 50 segments,
  /// else its guesses, bits and first positions. A hit reads none of the block: asked for
  /// whole (up to 8 KB, 32 steps of four prefetches) before every call, it made hits on
  /// texts of hundreds of segments 20 % slower (RESULTS.md, W3 inside a known range).
  static let blockLimit = 1024
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
    table.prefetch(bytes: Self.tableBytes)
    block.prefetch()
    keys.prefetch(bytes: Self.keyBytes)
    details.prefetch(bytes: Self.detailBytes)
  }

  /// Whether `text` is not the text this thread last asked this of (a copy is the same
  /// text: it shares the breaking cache), which it then becomes: its lines are then asked
  /// for (`PreparedText.prefetchForRelayout`).
  @inline(__always)
  static func isFirstRelayout(of text: PreparedText) -> Bool {
    caliper_first_relayout(text.breakCacheAddress) != 0
  }

  /// Asks for the lines of `bytes` bytes at `address` (`forEachLine`).
  @inline(__always)
  static func prefetch(_ address: UInt, bytes: Int) {
    forEachLine(address, bytes: bytes) { caliper_prefetch(UnsafeRawPointer(bitPattern: $0)) }
  }

  /// `prefetch(_:bytes:)` for bytes known only as it runs (the table's block), out of
  /// line: once a paragraph visit, a call is nothing, where its loops in line made
  /// `prefetchForRelayout` too big for `sizeThatFits` to take in (a call every relayout:
  /// +10 instructions a Gatsby call, +17 inside a known range).
  @inline(never)
  static func prefetchBlock(_ address: UInt, bytes: Int) {
    prefetch(address, bytes: bytes)
  }

  /// The bytes of a cache line (x86-64's and AArch64's common 64): the alignment of the
  /// allocations a relayout reads first (`PlainLineIndex`'s table and block,
  /// `LineBreakCache`'s slot buffers). `forEachLine` writes its steps of it as literals:
  /// written from this, its loops took 20 more instructions a URLs relayout.
  @inline(__always) static var lineBytes: Int { 64 }

  /// An address in each cache line that `bytes` bytes at `address` touch, and in no
  /// other: every 64th byte from `address`, then the last byte (consecutive ones at most
  /// 64 apart, so no line is skipped; the last one's line may be the one before's). With a
  /// constant `bytes` the loops unroll into that many calls; else four a step while four
  /// fit (a line a step took four instructions a line, +9 a fallback-heavy relayout, whose
  /// blocks are over 2 KB), then one a step.
  @inline(__always)
  static func forEachLine(_ address: UInt, bytes: Int, _ body: (UInt) -> Void) {
    guard bytes > 0 else { return }
    var offset = 0
    while offset &+ 192 < bytes {
      body(address &+ UInt(bitPattern: offset))
      body(address &+ UInt(bitPattern: offset &+ 64))
      body(address &+ UInt(bitPattern: offset &+ 128))
      body(address &+ UInt(bitPattern: offset &+ 192))
      offset &+= 256
    }
    while offset < bytes {
      body(address &+ UInt(bitPattern: offset))
      offset &+= 64
    }
    body(address &+ UInt(bitPattern: bytes &- 1))
  }
}

extension PreparedText {
  /// Asks for what a relayout reads beyond the `PreparedText` value's two objects
  /// (`RelayoutHints`): the cache's object (from the value's own `breakCacheAddress`, so
  /// with the two objects' loads), its slot buffers and table. Called where a relayout by
  /// a size goes on to the cache (`knownBreaking`: below the ideal width, or with a line
  /// limit); with the text in the CPU caches it costs its instructions and no wait: some
  /// 20 and the table's block, a prefetch a line (1 KB after a hit, up to `tableLimit`
  /// after a miss). Exactly the lines each names: no line past a block's or buffer's end,
  /// and not the first lines of the segments and prefix sums (the table's loop reads
  /// neither, and a word broken inside lies anywhere in the text), which the first call of
  /// a paragraph visit fetched beside the ones it waits for.
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
    RelayoutHints.prefetch(breakCacheAddress &+ 16, bytes: RelayoutHints.cacheObjectBytes)
    lineBreaks.relayoutHints.prefetch()
  }
}
