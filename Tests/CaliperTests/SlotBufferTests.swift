import Synchronization
import Testing

@testable import Caliper

/// `SlotBuffer`, the slots of every `LRUCache`: it keeps its elements through growth, swaps
/// and removals exactly as an array would, and releases each element once.
@Suite struct SlotBufferTests {
  /// Counts the instances alive, so that a leaked or doubly released element shows.
  final class Tracked: Sendable {
    static let alive = Atomic<Int>(0)
    let value: Int
    init(_ value: Int) {
      self.value = value
      Self.alive.add(1, ordering: .relaxed)
    }
    deinit { Self.alive.subtract(1, ordering: .relaxed) }
  }

  /// An element shaped like a cache slot: a reference, a payload and small fields.
  struct Element {
    let tracked: Tracked
    let lanes: (UInt64, UInt64, UInt64, UInt64)
    var mark: Int32
  }

  /// 20,000 random appends, swaps, removals of the last and in-place writes, through many
  /// growths (16 → 16,384 elements, past the size glibc maps on its own), against an array
  /// doing the same; then every element is released once when the buffer goes.
  @Test func behavesAsAnArrayAndReleasesEachElementOnce() {
    let before = Tracked.alive.load(ordering: .relaxed)
    var generator = ShortestDecimalTests.SeededGenerator(state: 32)
    do {
      var buffer = SlotBuffer<Element>()
      var model: [Int] = []
      for step in 0..<20_000 {
        let choice = generator.next() % 10
        if choice < 6 || model.isEmpty {
          let value = Int(generator.next() % 1_000_000)
          buffer.append(
            Element(tracked: Tracked(value), lanes: (UInt64(value), 0, 0, 1), mark: Int32(step)))
          model.append(value)
        } else if choice < 8 {
          let i = Int(generator.next() % UInt64(model.count))
          let j = Int(generator.next() % UInt64(model.count))
          buffer.swapAt(i, j)
          model.swapAt(i, j)
        } else if choice < 9 {
          buffer.removeLast()
          model.removeLast()
        } else {
          let i = Int(generator.next() % UInt64(model.count))
          buffer[i].mark = -1
        }
        if step % 997 == 0 || step == 19_999 {
          #expect(buffer.count == model.count)
          for index in 0..<model.count {
            #expect(buffer[index].tracked.value == model[index])
            #expect(buffer[index].lanes.0 == UInt64(model[index]))
            #expect(buffer.pointer(at: index).pointee.tracked.value == model[index])
          }
        }
      }
      #expect(Tracked.alive.load(ordering: .relaxed) - before == model.count)
    }
    #expect(Tracked.alive.load(ordering: .relaxed) == before)
  }

  /// Grown from empty to 100,000 elements one append at a time, every element is where it
  /// was put (each growth moves the block: bitwise, or by `realloc`'s remapping).
  @Test func growthKeepsEveryElement() {
    var buffer = SlotBuffer<(Int, Int, Int)>()
    for index in 0..<100_000 { buffer.append((index, -index, index &* 31)) }
    #expect(buffer.count == 100_000)
    var wrong = 0
    for index in 0..<100_000 where buffer[index] != (index, -index, index &* 31) { wrong += 1 }
    #expect(wrong == 0)
  }
}
