import Synchronization

/// Fonts: a small answer per Unicode scalar, kept for as long as its owner lives and
/// shared by every thread (the face rules' `ScalarFacts`, a face's cmap coverage).
///
/// Problem: the face rules ask the same scalars the same questions in every preparation,
/// and each answer costs a Unicode property lookup or a cmap lookup (hundreds of
/// instructions); a memo per preparation starts empty each time. Solution: a direct-mapped
/// table of atomic entries, each holding its scalar beside the answer, by a multiplicative
/// hash of the value (so that the blocks a mixed text draws from do not evict each other);
/// a collision forgets the older scalar, whose answer is computed again. Limitation: only
/// for answers that never change for the owner's lifetime.
final class ScalarTable: @unchecked Sendable {
  // Sendable: `entries` is set once in `init` and never reassigned; every read and write
  // of what it points to is an atomic load or store of one entry, and an entry holds its
  // own scalar's value beside the answer, so a reader sees either an entry it can check
  // whole or one it recomputes (the same answer).
  private let shift: UInt32
  private let mask: Int
  /// `(value + 1) << 8 | answer`; 0 (no scalar's) when empty.
  private let entries: UnsafeMutablePointer<Atomic<UInt64>>

  /// A table of `1 << slotsLog2` entries (8 bytes each).
  init(slotsLog2: Int) {
    shift = UInt32(32 - slotsLog2)
    mask = (1 << slotsLog2) - 1
    entries = .allocate(capacity: mask + 1)
    for index in 0...mask { (entries + index).initialize(to: Atomic(0)) }
  }

  deinit {
    entries.deinitialize(count: mask + 1)
    entries.deallocate()
  }

  /// The slot of `value` in a table of `1 << (32 - shift)` entries: a multiplicative hash,
  /// so that the blocks a mixed text draws from (Latin-1, Arabic, Devanagari, Thai, kana,
  /// CJK) do not evict each other.
  @inline(__always)
  static func slot(_ value: UInt32, shift: UInt32) -> Int {
    Int((value &* 0x9E37_79B1) >> shift)
  }

  /// The answer kept for `scalar`, or `compute`'s, kept.
  @inline(__always)
  func answer(_ scalar: Unicode.Scalar, _ compute: (Unicode.Scalar) -> UInt8) -> UInt8 {
    let key = UInt64(scalar.value) + 1
    let slot = Self.slot(scalar.value, shift: shift) & mask
    let entry = entries[slot].load(ordering: .relaxed)
    if entry >> 8 == key { return UInt8(truncatingIfNeeded: entry) }
    let answer = compute(scalar)
    entries[slot].store(key << 8 | UInt64(answer), ordering: .relaxed)
    return answer
  }
}
