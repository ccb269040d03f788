/// Break, the line-break cache's storage: its breakings' keys and details in two buffers
/// (`Slots`), what a lookup compares (`Key`), the rest of a breaking (`Detail`), and where a
/// breaking a lookup missed goes (`Vacancy`). `LineBreakCache` holds them under its lock.
extension LineBreakCache {
  /// The breakings in no order: a new one takes the slot of the one with its range, else a
  /// free slot, else the least recently used one's (nothing shifted, as in a list kept in
  /// recency order). What a lookup compares is in `keys`, plain values of 24 bytes side by
  /// side (the eight fill 192 bytes, three or four cache lines, where whole entries took
  /// eleven: a relayout at a new width reads every key, and a text relaid out after other
  /// work finds them out of the CPU caches); the size, line limit, lines and truncation are
  /// in `details`, read only for the entry found and written only for the one stored. Both
  /// are buffers made
  /// at the first store (a text never relaid out makes none), grown as an array grows up
  /// to `capacity` and freed with the cache, the first `count` of each initialized: a store
  /// writes in place, without an array's uniqueness and bounds checks (a relayout at a new
  /// width stores one breaking).
  struct Slots {
    let capacity: Int
    private(set) var count = 0
    /// How many breakings the buffers hold room for (`grow`).
    private var allocated = 0
    private var keyBuffer: UnsafeMutablePointer<Key>? = nil
    private var detailBuffer: UnsafeMutablePointer<Detail>? = nil
    /// Counts lookups that found an entry, and inserts (`Key.lastUse`).
    var clock: UInt32 = 0
    /// Where each line of a plain text ends, made at its second new width
    /// (`PlainLineIndex`): a property of the text, kept by `removeAll`.
    var plainIndex: UnsafeMutablePointer<PlainLineIndex>? = nil
    /// The owning cache's `meter`, told of each buffer grown and lines dropped here.
    let meter: CostMeter

    init(capacity: Int, clock: UInt32, meter: CostMeter) {
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
    var keys: UnsafeMutablePointer<Key> { keyBuffer.unsafelyUnwrapped }
    var details: UnsafeMutablePointer<Detail> { detailBuffer.unsafelyUnwrapped }

    /// Adds a breaking in the slot `count` (below `capacity`).
    mutating func append(_ key: Key, _ detail: Detail) {
      if count == allocated { grow() }
      (keys + count).initialize(to: key)
      (details + count).initialize(to: detail)
      count += 1
    }

    /// Makes room for twice as many breakings (two at first), up to `capacity`: as an
    /// array grows, so that a text relaid out at one or two widths keeps small buffers.
    @inline(never)
    private mutating func grow() {
      let size = min(capacity, max(2, 2 * allocated))
      let keys = UnsafeMutablePointer<Key>.allocate(capacity: size)
      let details = UnsafeMutablePointer<Detail>.allocate(capacity: size)
      if let old = keyBuffer {
        keys.moveInitialize(from: old, count: count)
        old.deallocate()
      }
      if let old = detailBuffer {
        details.moveInitialize(from: old, count: count)
        old.deallocate()
      }
      keyBuffer = keys
      detailBuffer = details
      meter.add((size - allocated) * Self.slotBytes)
      allocated = size
    }

    /// Forgets every breaking (the buffers stay for the next ones).
    mutating func removeAll() {
      guard count > 0 else { return }
      keys.deinitialize(count: count)
      details.deinitialize(count: count)
      count = 0
    }

    /// Forgets every breaking and frees the buffers: the cache's `deinit`.
    mutating func destroy() {
      removeAll()
      if let plainIndex { PlainLineIndex.destroy(plainIndex) }
      plainIndex = nil
      keyBuffer?.deallocate()
      detailBuffer?.deallocate()
      keyBuffer = nil
      detailBuffer = nil
      allocated = 0
    }

    /// The slot of the most recently used breaking whose range holds `width`, under
    /// `limit`, with its lines if `needsSpans`, made the most recently used; else nil, and
    /// the slot a new breaking would take (`Vacancy`).
    @inline(__always)
    mutating func find(_ width: Double, limit: LineLimit?, needsSpans: Bool)
      -> (found: Int?, vacancy: Vacancy)
    {
      var found = -1
      var oldest = 0
      var foundUse: UInt32 = 0  // every stored key's `lastUse` is at least 1, and unique
      var oldestUse = UInt32.max
      let limited = limit != nil
      for index in 0..<count {
        let key = keys[index]
        // Whether the range holds the width, as one comparison of two (for lower ≤ upper,
        // both tests agree exactly there, or for a NaN width, excluded inside): one branch
        // a key, which goes the same way at nearly every key and every new width.
        if _slowPath((key.lower <= width) == (width < key.upper)), key.lower <= width,
          key.hasSpans || !needsSpans, key.isLimited == limited, key.lastUse > foundUse,
          !limited || details[index].limited?.limit == limit
        {
          found = index
          foundUse = key.lastUse
        }
        if key.lastUse < oldestUse {
          oldest = index
          oldestUse = key.lastUse
        }
      }
      guard found >= 0 else {
        return (nil, Vacancy(slot: count < capacity ? count : oldest, clock: clock))
      }
      keys[found].lastUse = tick()
      return (found, Vacancy(slot: -1, clock: 0))
    }

    /// Stores `key` (its `lastUse` set) in the slot of the breaking with its range and
    /// limit, else a free slot, else the least recently used one's; returns the slot, or nil
    /// when `capacity` is 0. The slot's `details` are left to the caller.
    mutating func store(_ key: Key, limit: LineLimit?) -> Int? {
      var key = key
      key.lastUse = tick()
      // At most one entry has the same range and limit (each insert replaces it).
      var slot = count
      var oldest = 0
      for index in 0..<count {
        let other = keys[index]
        if other.lower == key.lower, other.upper == key.upper, other.isLimited == key.isLimited,
          !key.isLimited || details[index].limited?.limit == limit
        {
          slot = index
          break
        }
        if other.lastUse < keys[oldest].lastUse { oldest = index }
      }
      if slot == count {
        guard count >= capacity else {
          append(key, Detail())
          return slot
        }
        guard capacity > 0 else { return nil }
        slot = oldest
      }
      keys[slot] = key
      return slot
    }

    /// Stores a breaking without a line limit by its range and size alone
    /// (`LineBreakCache.insertFit`), in the slot `vacancy` chose if nothing has changed the
    /// slots since, else where `store` puts it. Inlined: a relayout at a new width stores
    /// once, and the call passed the size through memory.
    @inline(__always)
    mutating func storeFit(_ limits: Range<Double>, _ fit: LineFit, at vacancy: Vacancy) {
      var key = Key(limits: limits, hasSpans: false, isLimited: false)
      let slot: Int
      if vacancy.clock == clock, vacancy.slot >= 0, vacancy.slot <= count, capacity > 0 {
        key.lastUse = tick()
        slot = vacancy.slot
        if slot == count {
          append(key, Detail(fit: fit))
          return
        }
        keys[slot] = key
      } else {
        guard let stored = store(key, limit: nil) else { return }
        slot = stored
      }
      if details[slot].spans != nil || details[slot].limited != nil {
        replaceKept(at: slot, with: fit)
      } else {
        details[slot].fit = fit
      }
    }

    /// Replaces a breaking that kept lines or a line limit by a size alone, telling `meter`
    /// of the bytes freed: out of line, so that `storeFit`'s common path (a size replacing a
    /// size, at every new width) keeps its registers and instructions.
    @inline(never)
    private mutating func replaceKept(at slot: Int, with fit: LineFit) {
      meter.add(-details[slot].byteCount)
      details[slot] = Detail(fit: fit)
    }

    /// The next `lastUse`. At 2³² uses the slots are renumbered 1…count in their order of
    /// use, so that recency survives the wrap (a `Vacancy` made before it no longer
    /// matches, and its insert searches again).
    @inline(__always)
    mutating func tick() -> UInt32 {
      if clock == UInt32.max { renumber() }
      clock += 1
      return clock
    }

    @inline(never)
    private mutating func renumber() {
      let keys = self.keys
      let order = (0..<count).sorted { keys[$0].lastUse < keys[$1].lastUse }
      for (rank, index) in order.enumerated() { keys[index].lastUse = UInt32(rank + 1) }
      clock = UInt32(count)
    }
  }

  /// What a lookup compares of a breaking: its range of limits [lower, upper), whether it
  /// has a line limit and kept its lines (both in `Detail`), and when it was last used.
  struct Key {
    let lower: Double
    let upper: Double
    var lastUse: UInt32 = 0
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
