/// Caches: up to eight slot numbers of a small cache in an order, one byte each in a
/// `UInt64`, the first in the lowest byte.
///
/// Problem: a cache of a few slots keeps its slots in an order (the most recently used
/// first, or sorted by a key) and moves one at each use; a use counter stored in each slot
/// finds the least recently used only by a scan of every slot, and an array of positions
/// shifts through memory. Solution: the order is one machine word, read at a position by a
/// shift, and a slot inserted or removed at any position by three masks and a shift; a
/// slot's position is found without a loop, by the bytes of `bits ^ slot × 0x0101…` that
/// are zero. Positions at and past `count` hold 0xFF, which no slot number equals.
struct SlotOrder {
  /// The most slots an order holds: one byte each in a `UInt64`.
  static let capacity = MemoryLayout<UInt64>.size

  /// Slot numbers by position, position 0 in the lowest byte; 0xFF past `count`.
  private(set) var bits = UInt64.max
  private(set) var count = 0

  /// The slot at `position` (below `count`).
  @inline(__always)
  subscript(position: Int) -> Int {
    Int(truncatingIfNeeded: bits &>> UInt64(truncatingIfNeeded: 8 &* position)) & 0xFF
  }

  /// The position of `slot` (below `capacity`), or nil when the order does not hold it.
  @inline(__always)
  func position(of slot: Int) -> Int? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let differs = bits ^ (UInt64(truncatingIfNeeded: slot) &* ones)
    // The lowest byte of `differs` that is 0 is the lowest one this marks (a borrow from a
    // 0 byte can mark bytes above it, never below).
    let zeros = (differs &- ones) & ~differs & (ones &<< 7)
    let position = zeros.trailingZeroBitCount &>> 3
    return position < count ? position : nil
  }

  /// Puts `slot` at `position` (at most `count`, while `count` is below `capacity`), the
  /// slots from there on one position later.
  @inline(__always)
  mutating func insert(_ slot: Int, at position: Int) {
    let below = Self.mask(below: position)
    bits =
      (bits & below) | ((bits & ~below) &<< 8)
      | (UInt64(truncatingIfNeeded: slot) &<< UInt64(truncatingIfNeeded: 8 &* position))
    count &+= 1
  }

  /// Takes out the slot at `position` (below `count`), the slots after it one position
  /// earlier.
  @inline(__always)
  mutating func remove(at position: Int) {
    let below = Self.mask(below: position)
    bits = (bits & below) | ((bits &>> 8) & ~below) | (0xFF &<< 56)
    count &-= 1
  }

  /// Moves the slot at `position` to position 0.
  @inline(__always)
  mutating func moveToFront(from position: Int) {
    let slot = self[position]
    remove(at: position)
    insert(slot, at: 0)
  }

  /// Puts `slot` at position 0 (while `count` is below `capacity`): `insert(slot, at: 0)`.
  @inline(__always)
  mutating func pushFront(_ slot: Int) {
    bits = (bits &<< 8) | UInt64(truncatingIfNeeded: slot)
    count &+= 1
  }

  /// Moves the last slot to position 0: `moveToFront(from: count - 1)`. A full order (a
  /// full cache's, whose every new breaking replaces the last) is rotated by one byte, one
  /// instruction where the general case takes about ten.
  @inline(__always)
  mutating func moveLastToFront() {
    if count == Self.capacity {
      bits = (bits &<< 8) | (bits &>> 56)
      return
    }
    let last = self[count &- 1]
    let filler: UInt64 = 0xFF &<< UInt64(truncatingIfNeeded: 8 &* count)
    bits = (bits &<< 8) | UInt64(truncatingIfNeeded: last) | filler
  }

  mutating func removeAll() {
    bits = .max
    count = 0
  }

  /// The bytes of the positions below `position` (0 to 7) set.
  @inline(__always)
  private static func mask(below position: Int) -> UInt64 {
    (1 &<< UInt64(truncatingIfNeeded: 8 &* position)) &- 1
  }
}
