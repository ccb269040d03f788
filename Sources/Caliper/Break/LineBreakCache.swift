import Synchronization

/// The last few line breakings of one prepared text, each with the range of widths for
/// which its lines stay the same.
///
/// Problem: a layout asks one text for its size at many nearby widths (a window resized
/// pixel by pixel, a stack probing its children), and most of them give the same lines.
/// Solution: keep the breakings already made with their [lo, hi) ranges (`LineBreaker`
/// records them) and answer a width inside a range with those lines, without a scan. The
/// key is the width, and the line limit (count, height and truncation mode) when there is
/// one, because everything else that changes lines is fixed by the prepared text that owns
/// the cache. A breaking made for a size alone keeps only its size;
/// asking it for lines makes them once. Bound: `capacity` breakings, least recently used
/// evicted; `removeAll()` empties it. Shared by copies of the `PreparedText`, under a lock.
/// It also keeps the widths of the stretches reshaped at unsafe line edges (`edgeWidth`).
final class LineBreakCache: Sendable {
  /// One breaking: its range of limits, its size, and its lines if they were asked for.
  struct Entry: Sendable {
    let limits: Range<Double>
    let fit: LineFit
    let spans: [LineBreaker.Span]?
    /// Under a line limit: the limit and the truncation (boxed, so that the many entries
    /// without a limit stay small).
    var limited: Limited? = nil

    var limit: LineLimit? { limited?.limit }
    var truncation: LineTruncation? { limited?.truncation }
  }

  /// A line limit and how it truncated the last line.
  final class Limited: Sendable {
    let limit: LineLimit
    let truncation: LineTruncation?

    /// The bytes of one: the object's header, then its fields.
    static var byteCount: Int {
      16 + MemoryLayout<LineLimit>.stride + MemoryLayout<LineTruncation?>.stride
    }

    init(limit: LineLimit, truncation: LineTruncation?) {
      self.limit = limit
      self.truncation = truncation
    }
  }

  let capacity: Int
  /// The lock `slots` is read and written under: `Mutex`'s own handle, taken by `withSlots`,
  /// or in line by `PreparedText.sizeOnlyFit(containing:into:)`, so that a relayout's
  /// lookup, breaking and store need no closure. (A lock of one atomic word without a queue
  /// saved about 16 instructions a relayout but let a thread that relocks at once starve a
  /// waiter through a long breaking: `Mutex`'s priority-inheriting futex hands the lock on.)
  fileprivate let lock = _MutexHandle()
  /// The breakings (`LineBreakCache+Slots.swift`): read and written only with `lock` held.
  @exclusivity(unchecked) fileprivate nonisolated(unsafe) var slots: Slots
  /// The lines at no width limit: derived from the prepared text, made the first time they
  /// are asked for (not while preparing) and kept.
  private let derived = Mutex<Entry?>(nil)
  /// The min-content width's bits once made (`unknownMinWidth` until then): read with no
  /// lock, as every wrap-styled relayout reads it (`Breaking.tightWidth`; under `derived`'s
  /// lock it cost a balanced relayout ~30 instructions).
  private let minWidthBits = Atomic<UInt64>(unknownMinWidth)
  /// A NaN's bits that no arithmetic makes: no min-content width yet.
  private static let unknownMinWidth = UInt64.max
  /// How many scans the line breaker has made over this text (`LineBreaker.breakLines`):
  /// what tests read to show that a width is broken once (`PreparedText.lineBreakScans`).
  let scans = Atomic<Int>(0)
  #if DEBUG
    /// How many of `scans` took the table's loop (`LineBreaker.breakLines(_:intoSize:)`):
    /// what tests read to show that the loop, not the general scan, gave a size.
    let indexedScans = Atomic<Int>(0)
  #endif
  /// Where the bytes this cache takes on or frees are passed to the prepared-text cache
  /// that keeps the text, if one does: counted where a table or lines are stored or
  /// dropped, never on a lookup.
  let meter: CostMeter

  /// `capacity`: at most 8 (`Slots`); `clock`: where the change counter starts (tests
  /// start it near its wrap).
  init(capacity: Int = 8, clock: UInt32 = 0) {
    self.capacity = capacity
    let meter = CostMeter()
    self.meter = meter
    slots = Slots(capacity: capacity, clock: clock, meter: meter)
  }

  deinit {
    slots.destroy()
  }

  /// The breaking whose range holds `limit`, made most recently used; with `spans` only
  /// one that kept its lines.
  func entry(containing limit: Double, limit lineLimit: LineLimit? = nil, needsSpans: Bool)
    -> Entry?
  {
    withSlots(of: self) { slots -> Entry? in
      guard let found = slots.find(limit, limit: lineLimit, needsSpans: needsSpans).found else {
        return nil
      }
      let detail = slots.details[found]
      return Entry(
        limits: slots.keys[found].limits, fit: detail.fit, spans: detail.spans,
        limited: detail.limited)
    }
  }

  /// The range and size of the breaking without a line limit whose range holds `limit`,
  /// made most recently used (`entry(containing:)` for a size alone); else where a new one
  /// goes (`insertFit`).
  func fit(containing limit: Double) -> (
    found: (limits: Range<Double>, fit: LineFit)?, vacancy: Vacancy
  ) {
    withSlots(of: self) { slots in
      let (found, vacancy) = slots.find(limit, limit: nil, needsSpans: false)
      guard let found else { return (nil, vacancy) }
      return ((slots.keys[found].limits, slots.details[found].fit), vacancy)
    }
  }

  /// `PreparedText.sizeOnlyFit(containing:into:)` with the breaking `make` returns (a wrap
  /// style's), under the same one lock; `make` must not use this cache's breakings.
  /// Inlined: with the hints' refresh added it became a call of its own, whose `make`
  /// closure then retained and released the text's objects some 18 times a relayout.
  @inline(__always)
  func fit(
    of text: PreparedText, containing limit: Double, wantsIndex: Bool,
    orBreak make: (UnsafePointer<PlainLineIndex>?) -> (limits: Range<Double>, fit: LineFit)
  ) -> (limits: Range<Double>, fit: LineFit) {
    withSlots(of: self) { slots in
      let (found, vacancy) = slots.find(limit, limit: nil, needsSpans: false)
      if let found {
        text.lineBreaks.relayoutHints.hit(&slots)
        return (slots.keys[found].limits, slots.details[found].fit)
      }
      let made = make(plainIndex(in: &slots, of: text, wantsIndex: wantsIndex))
      slots.storeFit(made.limits, made.fit, at: vacancy)
      text.lineBreaks.relayoutHints.refresh(from: &slots)
      return made
    }
  }

  /// `text`'s table of line ends for a breaking at a new width, when `wantsIndex`: made at
  /// the second new width (the first one stored), charged to the meter, kept until the
  /// cache is freed; else nil.
  @inline(__always)
  fileprivate func plainIndex(in slots: inout Slots, of text: PreparedText, wantsIndex: Bool)
    -> UnsafePointer<PlainLineIndex>?
  {
    if wantsIndex, slots.plainIndex == nil, slots.count > 0 {
      slots.plainIndex = Self.makePlainIndex(text)
      slots.hintsStale = true
      meter.add(slots.plainIndex?.pointee.byteCount ?? 0)
    }
    return UnsafePointer(slots.plainIndex)
  }

  /// `text`'s `PlainLineIndex` (once a text, out of line).
  @inline(never)
  private static func makePlainIndex(_ text: PreparedText) -> UnsafeMutablePointer<PlainLineIndex>?
  {
    text.makePlainLineIndex()
  }

  /// The bytes a relayout reads of this object past its 16-byte header: `capacity`, the
  /// lock and `slots`, its first stored properties in that order (`RelayoutHints` asks
  /// for their lines; the ideal lines, min-content width and edges after them are not a
  /// `.auto` relayout's). Worked out from their sizes, a constant the optimizer folds;
  /// `RelayoutHintsTests` checks it against where `slots` lies.
  @inline(__always) static var relayoutBytes: Int {
    let lockEnd = 16 + MemoryLayout<Int>.size + MemoryLayout<_MutexHandle>.size
    let alignment = MemoryLayout<Slots>.alignment
    return (lockEnd + alignment - 1) / alignment * alignment + MemoryLayout<Slots>.size - 16
  }

  /// Where `slots` lies, its offset from the object's start and its bytes (for tests).
  var slotsLayout: (offset: Int, bytes: Int) {
    let object = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    return withUnsafeMutablePointer(to: &slots) {
      (UnsafeRawPointer($0) - object, MemoryLayout<Slots>.size)
    }
  }

  /// What `RelayoutHints` should name, read under the lock, for tests: the table and its
  /// block, the two slot buffers.
  var relayoutRegions:
    (table: UnsafeRawBufferPointer?, keys: UnsafeRawBufferPointer, details: UnsafeRawBufferPointer)
  {
    withSlots(of: self) { slots in
      let buffers = slots.buffers
      return (slots.plainIndex?.pointee.block, buffers.keys, buffers.details)
    }
  }

  /// The bytes of the `PlainLineIndex`, once made.
  var plainIndexBytes: Int { withSlots(of: self) { $0.plainIndex?.pointee.byteCount ?? 0 } }

  /// Remembers a breaking, replacing one with the same range (a size-only entry that now
  /// has its lines), else the least recently used once `capacity` are kept; `text`'s
  /// `RelayoutHints` are refreshed (the buffers may have grown).
  func insert(_ entry: Entry, of text: PreparedText? = nil) {
    let key = Key(
      limits: entry.limits, hasSpans: entry.spans != nil, isLimited: entry.limited != nil)
    withSlots(of: self) { slots in
      guard let slot = slots.store(key, limit: entry.limit) else { return }
      let detail = Detail(fit: entry.fit, spans: entry.spans, limited: entry.limited)
      meter.add(detail.byteCount - slots.details[slot].byteCount)
      slots.setDetail(detail, at: slot)
      text?.lineBreaks.relayoutHints.refresh(from: &slots)
    }
  }

  /// Remembers a breaking without a line limit by its range and size alone (`insert` for a
  /// size), in the slot `vacancy` chose if nothing has changed the cache since.
  func insertFit(
    _ limits: Range<Double>, _ fit: LineFit, at vacancy: Vacancy, of text: PreparedText? = nil
  ) {
    withSlots(of: self) { slots in
      slots.storeFit(limits, fit, at: vacancy)
      text?.lineBreaks.relayoutHints.refresh(from: &slots)
    }
  }

  /// The ideal lines: made by `make` the first time, then the same entry.
  func ideal(_ make: () -> Entry) -> Entry {
    if let known = derived.withLock({ $0 }) { return known }
    let made = make()  // outside the lock: two first callers may both make it, alike
    derived.withLock {
      guard $0 == nil else { return }
      $0 = made
      meter.add(Detail(spans: made.spans).byteCount)
    }
    return made
  }

  /// The min-content width: made by `make` the first time, then the same number.
  func minWidth(_ make: () -> Double) -> Double {
    let known = minWidthBits.load(ordering: .acquiring)
    if known != Self.unknownMinWidth { return Double(bitPattern: known) }
    let made = make()  // outside any lock: two first callers may both make it, alike
    _ = minWidthBits.compareExchange(
      expected: Self.unknownMinWidth, desired: made.bitPattern, ordering: .acquiringAndReleasing)
    return made
  }

  /// The bytes of the ideal lines, once made.
  var idealBytes: Int { derived.withLock { Detail(spans: $0?.spans).byteCount } }

  /// The bytes of the breakings (their buffers, lines and line limits) and of the table of
  /// line ends, once made: what relayouts keep beside the prepared text, passed on to
  /// `meter` as it is stored or dropped, as the ideal lines are. Not counted: the line
  /// edges' widths, 32 at most (under 2 KB).
  var keptBytes: Int { withSlots(of: self) { $0.byteCount } }

  var count: Int { withSlots(of: self) { $0.count } }

  func removeAll() {
    withSlots(of: self) { slots in
      meter.add(-slots.linesBytes)
      slots.removeAll()
    }
    edges.withLock { $0 = ([], 0) }
  }

  /// A stretch reshaped at an unsafe line edge and its width (`LineWidths.reshapedWidth`).
  struct Edge: Sendable {
    let start: Int
    let end: Int
    let contentEnd: Int
    let width: Double
  }

  /// The widths of stretches reshaped at unsafe line edges: a property of the text, not of
  /// a width, so every breaking may reuse them (a relayout at a new width meets the same
  /// edges again). Bound: `edgeCapacity` stretches, the oldest replaced first.
  private let edges = Mutex<(list: [Edge], next: Int)>(([], 0))
  static let edgeCapacity = 32

  /// The width remembered for `range` summed up to `contentEnd`, if any.
  func edgeWidth(_ range: Range<Int>, contentEnd: Int) -> Double? {
    edges.withLock { edges in
      for edge in edges.list
      where edge.start == range.lowerBound && edge.end == range.upperBound
        && edge.contentEnd == contentEnd
      {
        return edge.width
      }
      return nil
    }
  }

  /// Remembers a reshaped stretch's width, replacing the oldest beyond `edgeCapacity`.
  func rememberEdge(_ range: Range<Int>, contentEnd: Int, width: Double) {
    let edge = Edge(
      start: range.lowerBound, end: range.upperBound, contentEnd: contentEnd, width: width)
    edges.withLock { edges in
      if edges.list.count < Self.edgeCapacity {
        edges.list.append(edge)
      } else {
        edges.list[edges.next] = edge
        edges.next = (edges.next + 1) % Self.edgeCapacity
      }
    }
  }
}

/// `body` run on `cache`'s breakings with its lock held: `Mutex.withLock`, transparent as
/// that is (inlined with its closure where `@inline(__always)` left a wrap style's lookup,
/// `LineBreakCache.fit(of:containing:wantsIndex:orBreak:)`, a call of its own).
@_transparent
private func withSlots<Result>(
  of cache: LineBreakCache, _ body: (inout LineBreakCache.Slots) -> Result
) -> Result {
  cache.lock.unsafeLock()
  defer { cache.lock.unsafeUnlock() }
  return body(&cache.slots)
}

extension PreparedText {
  /// The range and size of the breaking without a line limit whose range holds `limit`
  /// (`LineBreakCache.fit(containing:)`), else this text's new breaking into a size at
  /// `limit`, stored in the slot the lookup chose: one lock a new width, where a lookup and
  /// a store took two (an uncontended lock is two atomic read-modify-writes, a tenth of a
  /// relayout's time). The line breaker runs
  /// under the lock; it does not use this cache's breakings (it reads the edges' widths,
  /// under their own lock). It is handed the text's `PlainLineIndex`
  /// (`plainIndex(in:of:wantsIndex:)`). The lock is taken and released in line, not through
  /// a closure, and the whole is `@_transparent`: one frame with `sizeThatFits`. The size
  /// is written to `fit` (a fresh `LineFit`, the caller's) rather than returned with the
  /// range.
  @_transparent
  func sizeOnlyFit(containing limit: Double, into fit: inout LineFit) -> Range<Double> {
    let cache = breakCache
    let facts = storage.breakFacts
    let wantsIndex =
      facts.contains(.plainLines) || (facts.contains(.plainFaces) && !facts.contains(.indents))
    cache.lock.unsafeLock()
    defer { cache.lock.unsafeUnlock() }
    if let found = cache.slots.find(limit, limit: nil, needsSpans: false).found {
      lineBreaks.relayoutHints.hit(&cache.slots)
      fit = cache.slots.details[found].fit
      return cache.slots.keys[found].limits
    }
    var breaker = LineBreaker(limit: limit)
    // The defaults again, from `RelayoutConstants`' one cache line (the init's literals
    // were a constant-pool line of their own).
    breaker.lowest = RelayoutConstants.negativeInfinity
    breaker.highest = RelayoutConstants.infinity
    breaker.plainIndex = cache.plainIndex(in: &cache.slots, of: self, wantsIndex: wantsIndex)
    // A text that wants the table has no tab (`plainLines` and `plainFaces` say so), so no
    // tab stops: the facts, on the storage object's first line, decide without a read of
    // `tabStops`, a line of its own at the object's end (a miss at the first call after
    // other work).
    if wantsIndex || storage.tabStops == nil {
      breaker.breakLines(LineWidths(untabbed: self), intoSize: &fit)
    } else {
      breaker.breakLines(widths, into: &fit)
    }
    // Without `validLimits`' check of its bounds: `lowest` is the largest threshold that
    // fitted and `highest` the smallest that did not, both tested against the one limit,
    // so `lowest <= limit < highest`.
    assert(breaker.lowest <= breaker.highest)
    let limits = Range(uncheckedBounds: (breaker.lowest, breaker.highest))
    cache.slots.storeFitAfterMiss(limits, fit)
    lineBreaks.relayoutHints.refresh(from: &cache.slots)
    return limits
  }
}
