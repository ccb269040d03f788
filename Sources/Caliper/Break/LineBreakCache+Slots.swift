/// Break, the line-break cache's storage: its breakings' keys and details in two buffers
/// (`Slots`), what a lookup compares (`Key`), the rest of a breaking (`Detail`), and where a
/// breaking a lookup missed goes (`Vacancy`). `LineBreakCache` holds them under its lock.
extension LineBreakCache {
  /// The breakings in no order: a new one takes the slot of the one with its range, else a
  /// free slot, else the least recently used one's (nothing shifted); their order of use
  /// is `recency` (`SlotOrder`: one machine word), and the ranges of those without a line
  /// limit are also in two vectors, `lowers` and `uppers`, one lane a slot (so at most
  /// eight slots). What a lookup compares is in `keys`, plain values of 24 bytes side by
  /// side (the eight fill 192 bytes, three or four cache lines, where whole entries took
  /// eleven); the size, line limit, lines and truncation are in
  /// `details`, read only for the entry found and written only for the one stored. Both
  /// are buffers made at the first store (a text never relaid out makes none), grown as an
  /// array grows up to `capacity` and freed with the cache, the first `count` of each
  /// initialized: a store writes in place, without an array's uniqueness and bounds checks
  /// (a relayout at a new width stores one breaking).
  struct Slots {
    let capacity: Int
    private(set) var count = 0
    /// How many breakings the buffers hold room for (`grow`).
    private var allocated = 0
    private var keyBuffer: UnsafeMutablePointer<Key>? = nil
    private var detailBuffer: UnsafeMutablePointer<Detail>? = nil
    /// The slots in use, the most recently used first: the last is the one a new
    /// breaking replaces once `capacity` are kept.
    private var recency = SlotOrder()
    /// Each slot's range [lower, upper) in a lane, for a breaking without a line limit,
    /// as the nearest `Float`s, a filter closed at both ends (`find`); +∞ in both (a range
    /// that holds no width below `Float`'s largest) for one with a limit and for a slot not
    /// in use: what a size's lookup compares first. Rounding to nearest never reverses an
    /// order, so `lower <= width < upper` gives `Float(lower) <= Float(width) <=
    /// Float(upper)`: a width the filter turns away is in no range, and one it lets through
    /// is checked against the keys. Eight `Float` lanes are two SSE registers, where eight
    /// `Double` lanes took four and twice the compares (27 instructions a relayout, 16).
    private var lowers = SIMD8<Float>(repeating: .infinity)
    private var uppers = SIMD8<Float>(repeating: .infinity)
    /// Bit `slot`: whether that slot's detail keeps lines or a line limit (`Detail.keeps`),
    /// which a store over it must drop. Kept here, beside the lanes, so that a store after
    /// a miss (every relayout at a new width) reads nothing of the detail buffer: its
    /// lines were a memory latency of their own for a paragraph whose data other work had
    /// pushed out of the CPU caches, read (7 last-level misses a paragraph visit) only to
    /// learn this bit. Set and cleared wherever a detail is written (`append`, `setDetail`,
    /// `dropKept`, `removeAll`); debug builds check it against the detail where it is read
    /// (a size stored over a used slot).
    private var keptSlots: UInt8 = 0
    /// Counts lookups that found an entry, stores and emptyings (wrapping): a `Vacancy` is
    /// good while it is unchanged.
    var clock: UInt32 = 0
    /// Where each line of a plain text ends, made at its second new width
    /// (`PlainLineIndex`): a property of the text, kept by `removeAll`.
    var plainIndex: UnsafeMutablePointer<PlainLineIndex>? = nil
    /// The owning cache's `meter`, told of each buffer grown and lines dropped here.
    let meter: CostMeter
    /// Whether what `RelayoutHints` names has changed since it was last published
    /// (`RelayoutHints.refresh`): set where the buffers grow, the table is made, or a hit
    /// cuts the block the hints name.
    var hintsStale = false

    /// `capacity`: at most `SlotOrder.capacity`.
    init(capacity: Int, clock: UInt32, meter: CostMeter) {
      precondition(
        (0...SlotOrder.capacity).contains(capacity) && capacity <= SIMD8<Float>.scalarCount)
      self.capacity = capacity
      self.clock = clock
      self.meter = meter
    }

    /// The bytes of the buffers, the breakings' lines and line limits, and the table.
    var byteCount: Int {
      allocated * Self.slotBytes + (plainIndex?.pointee.byteCount ?? 0) + linesBytes
    }

    /// The bytes of the breakings' lines and line limits.
    var linesBytes: Int {
      var total = 0
      for index in 0..<count { total += details[index].byteCount }
      return total
    }

    /// A slot's bytes in the two buffers.
    private static var slotBytes: Int { MemoryLayout<Key>.stride + MemoryLayout<Detail>.stride }

    /// The first `count` keys and details (only read below `count`, so only once made).
    /// The details are read-only outside `Slots`: every write goes through `append`,
    /// `setDetail`, `dropKept`, `removeAll` or a `fit`'s store, which keep `keptSlots` in
    /// step (a detail that kept lines under a bit that says it does not would give a later
    /// width this width's lines).
    var keys: UnsafeMutablePointer<Key> { keyBuffer.unsafelyUnwrapped }
    var details: UnsafePointer<Detail> { UnsafePointer(detailBuffer.unsafelyUnwrapped) }
    private var writableDetails: UnsafeMutablePointer<Detail> { detailBuffer.unsafelyUnwrapped }

    /// The two buffers (none before the first store), for `RelayoutHints`.
    @inline(__always)
    var buffers: (keys: UnsafeRawBufferPointer, details: UnsafeRawBufferPointer) {
      (
        UnsafeRawBufferPointer(start: keyBuffer, count: allocated * MemoryLayout<Key>.stride),
        UnsafeRawBufferPointer(
          start: detailBuffer, count: allocated * MemoryLayout<Detail>.stride)
      )
    }

    /// Adds a breaking in the slot `count` (below `capacity`).
    mutating func append(_ key: Key, _ detail: Detail) {
      if count == allocated { grow() }
      (keys + count).initialize(to: key)
      (writableDetails + count).initialize(to: detail)
      markKept(count, detail.keeps)
      count += 1
    }

    /// Replaces the detail of `slot` (below `count`).
    mutating func setDetail(_ detail: Detail, at slot: Int) {
      writableDetails[slot] = detail
      markKept(slot, detail.keeps)
    }

    /// Whether the detail of `slot` keeps lines or a line limit, read from `keptSlots`
    /// (checked against the detail in debug builds).
    @inline(__always)
    private func keeps(_ slot: Int) -> Bool {
      let kept = keptSlots & (1 &<< UInt8(truncatingIfNeeded: slot)) != 0
      assert(kept == details[slot].keeps, "keptSlots disagrees with the detail of \(slot)")
      return kept
    }

    /// Sets or clears `slot`'s bit in `keptSlots`.
    @inline(__always)
    private mutating func markKept(_ slot: Int, _ kept: Bool) {
      let bit: UInt8 = 1 &<< UInt8(truncatingIfNeeded: slot)
      keptSlots = kept ? keptSlots | bit : keptSlots & ~bit
    }

    /// Makes room for twice as many breakings (two at first), up to `capacity`: as an
    /// array grows, so that a text relaid out at one or two widths keeps small buffers.
    /// Both buffers are one allocation, the keys then the details (`bufferLayout`): a
    /// relayout reads both, and two allocations made one after the other came from
    /// malloc's bins for their two sizes, most often on two pages, each a TLB entry (and a
    /// page walk, where other work had pushed it out) at a paragraph visit's first call.
    @inline(never)
    private mutating func grow() {
      let size = min(capacity, max(2, 2 * allocated))
      let layout = Self.bufferLayout(size)
      let raw = UnsafeMutableRawPointer.allocate(
        byteCount: layout.bytes, alignment: layout.alignment)
      let keys = raw.bindMemory(to: Key.self, capacity: size)
      let details = (raw + layout.detailsOffset).bindMemory(to: Detail.self, capacity: size)
      if let old = keyBuffer {
        keys.moveInitialize(from: old, count: count)
        details.moveInitialize(from: detailBuffer.unsafelyUnwrapped, count: count)
        UnsafeMutableRawPointer(old).deallocate()
      }
      keyBuffer = keys
      detailBuffer = details
      meter.add((size - allocated) * Self.slotBytes)
      allocated = size
      hintsStale = true
    }

    /// The one allocation of `slots` slots' buffers (`grow`): its bytes and alignment, and
    /// where the details start (after the keys, at the details' alignment). Aligned to a
    /// cache line: eight slots' keys (192 bytes) are then three lines and their details
    /// (448) seven, where malloc's 16 bytes made them up to four and eight.
    static func bufferLayout(_ slots: Int) -> (bytes: Int, alignment: Int, detailsOffset: Int) {
      let alignment = MemoryLayout<Detail>.alignment
      let keysEnd = slots * MemoryLayout<Key>.stride
      let detailsOffset = (keysEnd + alignment - 1) / alignment * alignment
      let bytes = detailsOffset + slots * MemoryLayout<Detail>.stride
      return (bytes, RelayoutHints.lineBytes, detailsOffset)
    }

    /// Forgets every breaking (the buffers stay for the next ones).
    mutating func removeAll() {
      guard count > 0 else { return }
      keys.deinitialize(count: count)
      writableDetails.deinitialize(count: count)
      count = 0
      keptSlots = 0
      clock &+= 1  // a `Vacancy` made before names a slot no longer in use
      recency.removeAll()
      lowers = SIMD8(repeating: .infinity)
      uppers = SIMD8(repeating: .infinity)
    }

    /// Forgets every breaking and frees the buffers: the cache's `deinit`.
    mutating func destroy() {
      removeAll()
      if let plainIndex { PlainLineIndex.destroy(plainIndex) }
      plainIndex = nil
      if let keyBuffer { UnsafeMutableRawPointer(keyBuffer).deallocate() }  // and the details
      keyBuffer = nil
      detailBuffer = nil
      allocated = 0
    }

    /// The slot of the most recently used breaking whose range holds `width`, under
    /// `limit`, with its lines if `needsSpans`, made the most recently used; else nil, and
    /// the slot a new breaking would take (`Vacancy`). A size without a line limit (every
    /// relayout at a new width asks for one) first compares the width with every such
    /// breaking's range at once (`lowers`, `uppers`): a width none holds is known without
    /// reading the keys one by one. Otherwise the keys are read in order of use and the
    /// first that matches is the one.
    @inline(__always)
    mutating func find(_ width: Double, limit: LineLimit?, needsSpans: Bool)
      -> (found: Int?, vacancy: Vacancy)
    {
      let limited = limit != nil
      if !limited, !needsSpans {
        let widths = SIMD8(repeating: Float(width))
        if !any((lowers .<= widths) .& (widths .<= uppers)) { return (nil, vacancy) }
      }
      for position in 0..<recency.count {
        let slot = recency[position]
        let key = keys[slot]
        if key.lower <= width, width < key.upper, key.hasSpans || !needsSpans,
          key.isLimited == limited, !limited || details[slot].limited?.limit == limit
        {
          if position != 0 { recency.moveToFront(from: position) }
          clock &+= 1
          return (slot, Vacancy(slot: -1, clock: 0))
        }
      }
      return (nil, vacancy)
    }

    /// Where a breaking that `find` missed goes: a free slot, else the least recently used
    /// one's (the last in `recency`).
    @inline(__always)
    private var vacancy: Vacancy {
      let slot = count < capacity ? count : (count > 0 ? recency[count &- 1] : -1)
      return Vacancy(slot: slot, clock: clock)
    }

    /// Writes `key` in `slot` (below `count`), and its range in `lowers` and `uppers` when
    /// it has no line limit (else a range that holds no width).
    @inline(__always)
    private mutating func write(_ key: Key, in slot: Int) {
      keys[slot] = key
      // In place: a lane written through the vector's subscript copied both vectors.
      let offset = slot &* MemoryLayout<Float>.stride
      withUnsafeMutableBytes(of: &lowers) {
        $0.storeBytes(
          of: key.isLimited ? .infinity : Float(key.lower), toByteOffset: offset, as: Float.self)
      }
      withUnsafeMutableBytes(of: &uppers) {
        $0.storeBytes(
          of: key.isLimited ? .infinity : Float(key.upper), toByteOffset: offset, as: Float.self)
      }
    }

    /// Stores `key` in the slot of the breaking with its range and limit, else a free slot,
    /// else the least recently used one's, as the most recently used; returns the slot, or
    /// nil when `capacity` is 0. The slot's `details` are left to the caller.
    mutating func store(_ key: Key, limit: LineLimit?) -> Int? {
      clock &+= 1
      // At most one entry has the same range and limit (each insert replaces it).
      for index in 0..<count {
        let other = keys[index]
        if other.lower == key.lower, other.upper == key.upper, other.isLimited == key.isLimited,
          !key.isLimited || details[index].limited?.limit == limit
        {
          write(key, in: index)
          if let position = recency.position(of: index) { recency.moveToFront(from: position) }
          return index
        }
      }
      guard capacity > 0 else { return nil }
      let slot = vacancy.slot
      if slot == count {
        append(key, Detail())
        recency.pushFront(slot)
      } else {
        recency.moveLastToFront()
      }
      write(key, in: slot)
      return slot
    }

    /// Stores a breaking without a line limit by its range and size alone
    /// (`LineBreakCache.insertFit`), in the slot `vacancy` chose if nothing has changed the
    /// slots since (a free one, else the least recently used, the last in `recency`:
    /// `storeFitAfterMiss`), else where `store` puts it. Inlined: a relayout at a new width
    /// stores once, and the call passed the size through memory.
    @inline(__always)
    mutating func storeFit(_ limits: Range<Double>, _ fit: LineFit, at vacancy: Vacancy) {
      if vacancy.clock == clock, vacancy.slot >= 0, vacancy.slot <= count, capacity > 0 {
        // Nothing changed since: `self.vacancy` is the slot it chose.
        storeFitAfterMiss(limits, fit)
        return
      }
      let key = Key(limits: limits, hasSpans: false, isLimited: false)
      guard let slot = store(key, limit: nil) else { return }
      if keeps(slot) { dropKept(at: slot) }
      writableDetails[slot].fit = fit
    }

    /// Stores a breaking without a line limit by its range and size alone where `find` has
    /// just missed its width under the same lock (nothing changed since): a free slot, else
    /// the least recently used one's, as `vacancy` chooses, without checking a `Vacancy`
    /// (`PreparedText.sizeOnlyFit(containing:into:)`, at every new width). The size is
    /// written first: the caller's `fit` is read before anything else is stored.
    @inline(__always)
    mutating func storeFitAfterMiss(_ limits: Range<Double>, _ fit: LineFit) {
      let slot = vacancy.slot
      guard slot >= 0 else { return }  // capacity 0
      clock &+= 1
      let key = Key(limits: limits, hasSpans: false, isLimited: false)
      if slot == count {
        append(key, Detail(fit: fit))
        recency.pushFront(slot)
      } else {
        if keeps(slot) { dropKept(at: slot) }
        writableDetails[slot].fit = fit
        recency.moveLastToFront()
      }
      write(key, in: slot)
    }

    /// Drops the lines and line limit a breaking kept, telling `meter` of the bytes freed:
    /// out of line, so that the stores' common path (a size replacing a size, at every new
    /// width) keeps its registers, and writes its size once, from the caller's.
    @inline(never)
    private mutating func dropKept(at slot: Int) {
      meter.add(-details[slot].byteCount)
      writableDetails[slot] = Detail()
      markKept(slot, false)
    }
  }

  /// What a lookup compares of a breaking: its range of limits [lower, upper), and whether
  /// it has a line limit and kept its lines (both in `Detail`).
  struct Key {
    let lower: Double
    let upper: Double
    let hasSpans: Bool
    let isLimited: Bool

    init(limits: Range<Double>, hasSpans: Bool, isLimited: Bool) {
      lower = limits.lowerBound
      upper = limits.upperBound
      self.hasSpans = hasSpans
      self.isLimited = isLimited
    }

    var limits: Range<Double> { lower..<upper }
  }

  /// The rest of a breaking: its size, and its lines and line limit (with the truncation)
  /// when it kept them.
  struct Detail {
    var fit = LineFit()
    var spans: [LineBreaker.Span]? = nil
    var limited: Limited? = nil

    /// Whether it keeps lines or a line limit (`Slots.keptSlots` holds this bit a slot).
    var keeps: Bool { spans != nil || limited != nil }

    /// The bytes its lines and line limit hold beyond the slot.
    var byteCount: Int {
      (spans?.capacity ?? 0) * MemoryLayout<LineBreaker.Span>.stride
        + (limited == nil ? 0 : Limited.byteCount)
    }
  }

  /// Where a breaking that a lookup did not find goes: the slot the lookup chose (a free
  /// one, else the least recently used), valid while nothing has changed the slots since
  /// (`clock`), so that storing it needs no second search.
  struct Vacancy {
    let slot: Int
    let clock: UInt32
  }
}
