import Synchronization

/// HarfBuzz's values for the windows around ligature starters (`Shaper.addWindow`) of one
/// plan, kept by their scalars: the memo a `PairTable` holds beside its pairs.
///
/// Problem: a run of simple scalars with a ligature starter (Noto Sans's `f`) is shaped from
/// the pair table but for a short window around each starter, which HarfBuzz shapes alone:
/// a call of about 15 K instructions for five scalars, a fifth of a warm URL paragraph's
/// preparing. Solution: a window is shaped alone, so its values are a function of its
/// scalars and the plan (the table's): kept the first time, by its scalars packed 7 bits
/// each (every scalar of a window is printable ASCII, never 0), and read back under a lock
/// the next. Bound: windows of at most `longest` scalars, at most `capacity` of them; the
/// memo is emptied when full, so it keeps the recent ones. At most about 18 KB a table:
/// 128 arrays of up to 112 bytes as malloc rounds them, and the dictionary's 256 buckets
/// (about 4 KB), beside its 36 KB of pairs (`PairTable`). Like the pairs, not counted in
/// the shape cache's bytes nor in `memoryFootprint` (they belong to the plan, not a text).
final class PairWindows: Sendable {
  /// The most scalars a kept window has (7 bits each in a `UInt64`).
  static let longest = 9
  /// The most windows kept.
  static let capacity = 128

  private let kept = Mutex<[UInt64: [Int64]]>([:])

  /// The key of `window` of `scalars`, or nil where it is longer than `longest` or holds a
  /// scalar from U+0080 on.
  @inline(__always)
  static func key(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, _ window: Range<Int>)
    -> UInt64?
  {
    guard window.count <= longest else { return nil }
    var key: UInt64 = 0
    for index in window {
      let value = scalars[index].value
      guard value != 0, value < 0x80 else { return nil }
      key = key &<< 7 | UInt64(value)
    }
    return key
  }

  /// The values kept for `key`, if any.
  func values(for key: UInt64) -> [Int64]? {
    kept.withLock { $0[key] }
  }

  /// Keeps `values` for `key` (the memo emptied first where it is full).
  func keep(_ values: [Int64], for key: UInt64) {
    kept.withLock { kept in
      if kept.count >= Self.capacity { kept.removeAll(keepingCapacity: true) }
      kept[key] = values
    }
  }

  /// The windows kept.
  var count: Int { kept.withLock { $0.count } }
}
