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

    init(limit: LineLimit, truncation: LineTruncation?) {
      self.limit = limit
      self.truncation = truncation
    }
  }

  let capacity: Int
  /// The breakings in no order: a new one takes the slot of the one with its range, else a
  /// free slot, else the least recently used one's (nothing shifted, as in a list kept in
  /// recency order). What a lookup compares, and the size, are plain values in `keys`; the
  /// lines and truncation, references, are in `lines`, read only for the entry found, so
  /// that sizing (`fit(containing:)`, `insertFit`) copies and releases no references.
  private struct Slots {
    let capacity: Int
    var keys: [Key] = []
    var lines: [Lines] = []
    /// Counts lookups that found an entry, and inserts.
    var clock: UInt64 = 0

    /// The slot of the most recently used breaking whose range holds `width`, under
    /// `limit`, with its lines if `needsSpans`, made the most recently used; else nil, and
    /// the slot a new breaking would take (`Vacancy`).
    mutating func find(_ width: Double, limit: LineLimit?, needsSpans: Bool)
      -> (found: Int?, vacancy: Vacancy)
    {
      var found = -1
      var oldest = 0
      for index in keys.indices {
        if keys[index].limits.contains(width), keys[index].hasSpans || !needsSpans,
          keys[index].limit == limit, found < 0 || keys[index].lastUse > keys[found].lastUse
        {
          found = index
        }
        if keys[index].lastUse < keys[oldest].lastUse { oldest = index }
      }
      guard found >= 0 else {
        return (nil, Vacancy(slot: keys.count < capacity ? keys.count : oldest, clock: clock))
      }
      clock += 1
      keys[found].lastUse = clock
      return (found, Vacancy(slot: -1, clock: 0))
    }

    /// Stores `key` (its `lastUse` set) in the slot of the breaking with its range and
    /// limit, else a free slot, else the least recently used one's; returns the slot, or nil
    /// when `capacity` is 0. The slot's `lines` are left to the caller.
    mutating func store(_ key: Key) -> Int? {
      var key = key
      clock += 1
      key.lastUse = clock
      // At most one entry has the same range and limit (each insert replaces it).
      var slot = keys.count
      var oldest = 0
      for index in keys.indices {
        if keys[index].limits == key.limits && keys[index].limit == key.limit {
          slot = index
          break
        }
        if keys[index].lastUse < keys[oldest].lastUse { oldest = index }
      }
      if slot == keys.count {
        guard keys.count >= capacity else {
          keys.append(key)
          lines.append(Lines())
          return slot
        }
        guard capacity > 0 else { return nil }
        slot = oldest
      }
      keys[slot] = key
      return slot
    }
  }

  /// A breaking without its lines: its range, line limit and size, whether it kept lines
  /// or a truncation (in `Slots.lines`), and when it was last used.
  private struct Key {
    let limits: Range<Double>
    let limit: LineLimit?
    let fit: LineFit
    let hasSpans: Bool
    var lastUse: UInt64 = 0
  }

  /// A breaking's lines and truncation, when it kept them.
  private struct Lines {
    var spans: [LineBreaker.Span]? = nil
    var limited: Limited? = nil
  }

  /// Where a breaking that a lookup did not find goes: the slot the lookup chose (a free
  /// one, else the least recently used), valid while nothing has changed the slots since
  /// (`clock`), so that storing it needs no second search.
  struct Vacancy {
    fileprivate let slot: Int
    fileprivate let clock: UInt64
  }

  private let slots: Mutex<Slots>
  /// The lines at no width limit and the min-content width: derived from the prepared
  /// text, made the first time they are asked for (not while preparing) and kept.
  private let derived = Mutex<(ideal: Entry?, minWidth: Double?)>((nil, nil))

  init(capacity: Int = 8) {
    self.capacity = capacity
    slots = Mutex(Slots(capacity: capacity))
  }

  /// The breaking whose range holds `limit`, made most recently used; with `spans` only
  /// one that kept its lines.
  func entry(containing limit: Double, limit lineLimit: LineLimit? = nil, needsSpans: Bool)
    -> Entry?
  {
    slots.withLock { slots -> Entry? in
      guard let found = slots.find(limit, limit: lineLimit, needsSpans: needsSpans).found else {
        return nil
      }
      let key = slots.keys[found]
      let lines = slots.lines[found]
      return Entry(limits: key.limits, fit: key.fit, spans: lines.spans, limited: lines.limited)
    }
  }

  /// The range and size of the breaking without a line limit whose range holds `limit`,
  /// made most recently used (`entry(containing:)` for a size alone); else where a new one
  /// goes (`insertFit`).
  func fit(containing limit: Double) -> (
    found: (limits: Range<Double>, fit: LineFit)?, vacancy: Vacancy
  ) {
    slots.withLock { slots in
      let (found, vacancy) = slots.find(limit, limit: nil, needsSpans: false)
      guard let found else { return (nil, vacancy) }
      return ((slots.keys[found].limits, slots.keys[found].fit), vacancy)
    }
  }

  /// Remembers a breaking, replacing one with the same range (a size-only entry that now
  /// has its lines), else the least recently used once `capacity` are kept.
  func insert(_ entry: Entry) {
    let key = Key(
      limits: entry.limits, limit: entry.limit, fit: entry.fit, hasSpans: entry.spans != nil)
    slots.withLock { slots in
      guard let slot = slots.store(key) else { return }
      slots.lines[slot] = Lines(spans: entry.spans, limited: entry.limited)
    }
  }

  /// Remembers a breaking without a line limit by its range and size alone (`insert` for a
  /// size), in the slot `vacancy` chose if nothing has changed the cache since.
  func insertFit(_ limits: Range<Double>, _ fit: LineFit, at vacancy: Vacancy) {
    var key = Key(limits: limits, limit: nil, fit: fit, hasSpans: false)
    slots.withLock { slots in
      let slot: Int
      if vacancy.clock == slots.clock, vacancy.slot >= 0, vacancy.slot <= slots.keys.count,
        slots.capacity > 0
      {
        slots.clock += 1
        key.lastUse = slots.clock
        slot = vacancy.slot
        if slot == slots.keys.count {
          slots.keys.append(key)
          slots.lines.append(Lines())
          return
        }
        slots.keys[slot] = key
      } else {
        guard let stored = slots.store(key) else { return }
        slot = stored
      }
      if slots.lines[slot].spans != nil || slots.lines[slot].limited != nil {
        slots.lines[slot] = Lines()
      }
    }
  }

  /// The ideal lines: made by `make` the first time, then the same entry.
  func ideal(_ make: () -> Entry) -> Entry {
    if let known = derived.withLock({ $0.ideal }) { return known }
    let made = make()  // outside the lock: two first callers may both make it, alike
    derived.withLock { $0.ideal = $0.ideal ?? made }
    return made
  }

  /// The min-content width: made by `make` the first time, then the same number.
  func minWidth(_ make: () -> Double) -> Double {
    if let known = derived.withLock({ $0.minWidth }) { return known }
    let made = make()
    derived.withLock { $0.minWidth = $0.minWidth ?? made }
    return made
  }

  /// The bytes of the ideal lines, once made.
  var idealBytes: Int {
    derived.withLock { ($0.ideal?.spans?.capacity ?? 0) * MemoryLayout<LineBreaker.Span>.stride }
  }

  var count: Int { slots.withLock { $0.keys.count } }

  func removeAll() {
    slots.withLock {
      $0.keys.removeAll()
      $0.lines.removeAll()
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
