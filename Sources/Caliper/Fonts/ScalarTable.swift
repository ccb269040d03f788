import Synchronization

/// Fonts: a small answer per Unicode scalar, kept for as long as its owner lives and
/// shared by every thread (the face rules' `ScalarFacts`, a face's cmap coverage).
///
/// Problem: the face rules ask the same scalars the same questions in every preparation,
/// and each answer costs a Unicode property lookup or a cmap lookup (hundreds of
/// instructions); a memo per preparation starts empty each time. Solution: a table of
/// atomic entries, each holding its scalar beside the answer, by a multiplicative hash of
/// the value (so that the blocks a mixed text draws from do not evict each other), two
/// ways: a scalar is kept in its slot or in the slot's neighbour (`slot ^ 1`, the same
/// cache line), so that two scalars of one text that share a slot are both kept (in the
/// fallback-heavy corpus "ع" U+0639 and "宽" U+5BBD, "キ" and "文": one-way, each paragraph
/// computed their answers again, ~1,800 instructions each). A third scalar of a full pair
/// takes the first slot, whose scalar is computed again when next asked. Limitation: only
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
    entries = Self.makeEntries(mask + 1)
  }

  deinit { Self.freeEntries(entries, mask + 1) }

  /// `count` atomic entries, each 0 (empty): the storage of this table and
  /// `FirstFaceTable`, freed by `freeEntries` in the owner's `deinit`.
  static func makeEntries(_ count: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
    let entries = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: count)
    for index in 0..<count { (entries + index).initialize(to: Atomic(0)) }
    return entries
  }

  /// Frees what `makeEntries` made.
  static func freeEntries(_ entries: UnsafeMutablePointer<Atomic<UInt64>>, _ count: Int) {
    entries.deinitialize(count: count)
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
    let other = entries[slot ^ 1].load(ordering: .relaxed)
    if other >> 8 == key { return UInt8(truncatingIfNeeded: other) }
    return computeAndKeep(scalar, key: key, slot: slot, first: entry, second: other, compute)
  }

  /// `compute`'s answer for `scalar`, kept in `slot` when it is empty, else in its
  /// neighbour when that is empty, else in `slot` (`first` and `second` are what they held).
  private func computeAndKeep(
    _ scalar: Unicode.Scalar, key: UInt64, slot: Int, first: UInt64, second: UInt64,
    _ compute: (Unicode.Scalar) -> UInt8
  ) -> UInt8 {
    let answer = compute(scalar)
    let kept = Self.slotToKeep(slot, firstHeld: first != 0, secondHeld: second != 0)
    entries[kept].store(key << 8 | UInt64(answer), ordering: .relaxed)
    return answer
  }

  /// Where a scalar whose slot is `slot` is kept, given whether that slot and its
  /// neighbour (`slot ^ 1`) hold a live answer: its slot, unless only that one does.
  /// (`FirstFaceTable` keeps its answers so too.)
  @inline(__always)
  static func slotToKeep(_ slot: Int, firstHeld: Bool, secondHeld: Bool) -> Int {
    firstHeld && !secondHeld ? slot ^ 1 : slot
  }
}
