import Synchronization

/// The last few line breakings of one prepared text, each with the range of widths for
/// which its lines stay the same.
///
/// Problem: a layout asks one text for its size at many nearby widths (a window resized
/// pixel by pixel, a stack probing its children), and most of them give the same lines.
/// Solution: keep the breakings already made with their [lo, hi) ranges (`LineBreaker`
/// records them) and answer a width inside a range with those lines, without a scan. The
/// key is the width alone because everything else that changes lines is fixed by the
/// prepared text that owns the cache. Bound: `capacity` breakings, least recently used
/// evicted; `removeAll()` empties it. Shared by copies of the `PreparedText`, under a lock.
final class LineBreakCache: Sendable {
  struct Entry {
    let limits: Range<Double>
    let spans: [LineBreaker.Span]
  }

  let capacity: Int
  private let entries = Mutex<[Entry]>([])

  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  /// The spans for `limit`: from a breaking whose range holds it, else from `make`, which
  /// is then remembered.
  func spans(
    for limit: Double, make: () -> (spans: [LineBreaker.Span], limits: Range<Double>)
  ) -> (spans: [LineBreaker.Span], limits: Range<Double>) {
    let hit = entries.withLock { entries -> Entry? in
      guard let index = entries.firstIndex(where: { $0.limits.contains(limit) }) else {
        return nil
      }
      let entry = entries.remove(at: index)
      entries.append(entry)  // most recently used last
      return entry
    }
    if let hit { return (hit.spans, hit.limits) }
    let made = make()
    entries.withLock { entries in
      entries.append(Entry(limits: made.limits, spans: made.spans))
      if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }
    return made
  }

  var count: Int { entries.withLock { $0.count } }

  func removeAll() {
    entries.withLock { $0.removeAll() }
  }
}
