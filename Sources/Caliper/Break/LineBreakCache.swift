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
  private let entries = Mutex<[Entry]>([])
  /// The lines at no width limit and the min-content width: derived from the prepared
  /// text, made the first time they are asked for (not while preparing) and kept.
  private let derived = Mutex<(ideal: Entry?, minWidth: Double?)>((nil, nil))

  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  /// The breaking whose range holds `limit`, made most recently used; with `spans` only
  /// one that kept its lines.
  func entry(containing limit: Double, limit lineLimit: LineLimit? = nil, needsSpans: Bool)
    -> Entry?
  {
    entries.withLock { entries -> Entry? in
      guard
        let index = entries.lastIndex(where: {
          $0.limits.contains(limit) && (!needsSpans || $0.spans != nil) && $0.limit == lineLimit
        })
      else { return nil }
      let entry = entries[index]
      if index != entries.count - 1 {
        entries.remove(at: index)
        entries.append(entry)  // most recently used last
      }
      return entry
    }
  }

  /// Remembers a breaking, replacing one with the same range (a size-only entry that now
  /// has its lines) and evicting the least recently used beyond `capacity`.
  func insert(_ entry: Entry) {
    entries.withLock { entries in
      // At most one entry has the same range and limit (each insert replaces it).
      if let same = entries.firstIndex(where: {
        $0.limits == entry.limits && $0.limit == entry.limit
      }) {
        entries.remove(at: same)
      }
      entries.append(entry)
      if entries.count > capacity { entries.remove(at: 0) }
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

  var count: Int { entries.withLock { $0.count } }

  func removeAll() {
    entries.withLock { $0.removeAll() }
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
